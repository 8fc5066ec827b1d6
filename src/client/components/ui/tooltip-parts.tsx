// The tooltip's Radix parts; tooltip.tsx loads them when a trigger is first hovered, focused or pressed.
import { Tooltip as TooltipPrimitive } from "radix-ui";
import type { ReactNode, Ref } from "react";
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from "../../../shared/constants/ui";

/** Tooltips of one TooltipProvider: right after one of them was open, the next opens without the delay. */
export type TooltipGroup = { instant: boolean; onOpenChange: (open: boolean) => void };

export function Tooltip(props: {
  content: ReactNode;
  children: ReactNode;
  group: TooltipGroup | null;
  triggerRef: Ref<HTMLButtonElement>;
}) {
  const { group } = props;
  return (
    <TooltipPrimitive.Provider delayDuration={group?.instant ? 0 : TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      <TooltipPrimitive.Root onOpenChange={group?.onOpenChange}>
        <TooltipPrimitive.Trigger asChild ref={props.triggerRef}>
          {props.children}
        </TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            sideOffset={6}
            className="z-50 rounded-md bg-slate-900 px-3 py-1.5 text-xs text-white shadow-md"
          >
            {props.content}
            <TooltipPrimitive.Arrow className="fill-slate-900" />
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
