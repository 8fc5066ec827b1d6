// A list's select filters bound to its URL state (useListState): one row of selects from one list of filters.
import { Select } from "../ui/select";

export type FilterSelect<State> = {
  /** The list-state key it sets. */
  key: keyof State & string;
  label: string;
  options: readonly { value: string; label: string }[];
  className?: string;
};

export function FilterSelects<State extends object>(props: {
  filters: readonly FilterSelect<State>[];
  state: State;
  set: (changes: Partial<State>) => void;
}) {
  return props.filters.map((filter) => (
    <Select
      key={filter.key}
      aria-label={filter.label}
      value={String(props.state[filter.key])}
      onValueChange={(value) => props.set({ [filter.key]: value } as Partial<State>)}
      options={filter.options}
      className={filter.className}
    />
  ));
}
