// The heading of a console tab whose list has one filter (NDA status, user activity, inquiry status): the tab's title,
// and the filter beside it, wrapping below it on a narrow screen.

import type { SelectProps } from "../../components/ui/select";
import { Select } from "../../components/ui/select";

export function FilteredTabHeader<V extends string>({
  title,
  filter,
}: {
  title: string;
  filter: { label: string; value: V; onChange: (value: V) => void; options: SelectProps["options"] };
}) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <Select
        aria-label={filter.label}
        value={filter.value}
        onValueChange={(value) => filter.onChange(value as V)}
        options={filter.options}
        className="w-44"
      />
    </div>
  );
}
