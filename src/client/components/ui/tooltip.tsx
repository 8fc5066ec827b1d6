// A tooltip. Its code (tooltip-parts.tsx: Radix Tooltip, Floating UI) loads when its trigger is first hovered, focused
// or pressed, not with the page; until then the trigger is a stand-in that hands the hover or focus to the real one
// (stand-in.tsx), so the tooltip shows as it always did.
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { TOOLTIP_SKIP_DELAY_MS } from "../../../shared/constants/ui";
import { lazyModule } from "../../lib/lazy-module";
import { StandInTrigger, useStandIn } from "./stand-in";
import type { TooltipGroup } from "./tooltip-parts";

const tooltipParts = lazyModule(() => import("./tooltip-parts"));

const GroupContext = createContext<TooltipGroup | null>(null);

/**
 * Tooltips inside it share their delay, as Radix's provider does: within TOOLTIP_SKIP_DELAY_MS of one closing, the next
 * opens at once. (Each tooltip has its own Radix provider, which loads with it; this one holds only that rule.)
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  const [instant, setInstant] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const onOpenChange = useCallback((open: boolean) => {
    window.clearTimeout(timer.current);
    if (open) setInstant(true);
    else timer.current = window.setTimeout(() => setInstant(false), TOOLTIP_SKIP_DELAY_MS);
  }, []);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const group = useMemo(() => ({ instant, onOpenChange }), [instant, onOpenChange]);
  return <GroupContext.Provider value={group}>{children}</GroupContext.Provider>;
}

export function Tooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  const { parts, standIn, realTriggerRef } = useStandIn(tooltipParts);
  const group = useContext(GroupContext);
  if (parts) {
    return (
      <parts.Tooltip content={content} group={group} triggerRef={realTriggerRef}>
        {children}
      </parts.Tooltip>
    );
  }
  return (
    <StandInTrigger standIn={standIn} asChild data-state="closed">
      {children}
    </StandInTrigger>
  );
}
