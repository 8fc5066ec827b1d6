// A single select; put it in a Field (`{(control) => <Select {...control} ... />}`) for its label and message. Its code
// (select-parts.tsx: Radix Select, Floating UI, the focus guards, the scroll lock) loads when its trigger is first
// hovered, focused, pressed or keyed, not with the page; until then the trigger is a stand-in showing the chosen option,
// which hands the first press, tap or key to the real one (stand-in.tsx), so the list opens on it.
import { ChevronDown } from "lucide-react";
import { cn } from "../../lib/cn";
import { lazyModule } from "../../lib/lazy-module";
import { PLACEHOLDER, type SelectProps, selectTriggerClassName } from "./select-props";
import { type StandInRules, StandInTrigger, useStandIn } from "./stand-in";

export type { SelectProps } from "./select-props";

const selectParts = lazyModule(() => import("./select-parts"));

/** What opens Radix's select trigger: a left mouse press without Ctrl, a tap or pen click, and Space, Enter or the arrows. */
const OPENS_ON: StandInRules = {
  pressOpens: (event) => event.pointerType === "mouse" && event.button === 0 && !event.ctrlKey,
  clickOpens: (event) => ["touch", "pen"].includes((event.nativeEvent as PointerEvent).pointerType),
  keysOpen: [" ", "Enter", "ArrowUp", "ArrowDown"],
};

export function Select(props: SelectProps) {
  const { parts, standIn, realTriggerRef } = useStandIn(selectParts, OPENS_ON);
  if (parts) return <parts.Select {...props} triggerRef={realTriggerRef} />;
  const chosen = props.options.find((option) => option.value === props.value);
  // The closed real trigger's attributes, so the stand-in reads and looks the same.
  return (
    <StandInTrigger
      standIn={standIn}
      id={props.id}
      role="combobox"
      aria-expanded={false}
      aria-autocomplete="none"
      aria-invalid={props["aria-invalid"] || undefined}
      aria-describedby={props["aria-describedby"]}
      aria-label={props["aria-label"]}
      data-state="closed"
      data-placeholder={chosen ? undefined : ""}
      disabled={props.disabled}
      className={cn(selectTriggerClassName, props.className)}
    >
      <span style={{ pointerEvents: "none" }}>{chosen?.label ?? props.placeholder ?? PLACEHOLDER}</span>
      <ChevronDown className="size-4 text-slate-500" aria-hidden="true" />
    </StandInTrigger>
  );
}
