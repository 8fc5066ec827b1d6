// A menu's or a tooltip's code loads when its trigger is first hovered, focused, pressed or keyed, not with the page.
// Until then the trigger is a stand-in: the same element, looking the same, with what the user does to it noted. Once the
// code is there the real trigger replaces it and gets the same things done to it in the same order (pointer over it,
// press, focus, release, key), so the very first click, Enter or hover does what it always did. The real trigger is a
// new element, so a stand-in that had focus hands it on.
import { Slot } from "radix-ui";
import {
  type ComponentProps,
  type FocusEvent,
  type KeyboardEvent as ReactKeyboardEvent,
  type MouseEvent as ReactMouseEvent,
  type PointerEvent as ReactPointerEvent,
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
} from "react";
import { type LazyModule, useLazyModule } from "../../lib/lazy-module";

type Seen =
  | { type: "hover"; pointerType: string }
  | { type: "press" | "release"; pointerType: string; button: number; ctrlKey: boolean }
  | { type: "focus" }
  | { type: "click" }
  | { type: "key"; key: string };

type Noted = { seen: Seen[]; replacing: boolean };

export type StandInRules = {
  /** A press that opens the real thing (a menu): the stand-in keeps it and, like the real trigger, takes no focus. */
  pressOpens?: (event: ReactPointerEvent) => boolean;
  /** Keys that open the real thing (a menu's Enter, Space, ArrowDown): kept, and their default prevented. */
  keysOpen?: readonly string[];
  /** A click that opens the real thing (a select's tap): kept, and done again on the real trigger. */
  clickOpens?: (event: ReactMouseEvent) => boolean;
};

export type StandIn = { noted: RefObject<Noted>; want: () => void; rules: StandInRules };

/**
 * Does again, on the real trigger, what the stand-in saw. A click is repeated only where the rules kept it (the element's
 * own click handler has run already); a press and release drop the hover before them, as a click ends a tooltip's wait.
 */
function replay(element: HTMLElement, seen: Seen[]) {
  let lastRelease = -1;
  seen.forEach((entry, index) => {
    if (entry.type === "release") lastRelease = index;
  });
  seen.forEach((entry, index) => {
    switch (entry.type) {
      case "hover":
        if (index > lastRelease) element.dispatchEvent(new PointerEvent("pointermove", { bubbles: true, ...entry }));
        break;
      case "press":
      case "release": {
        const { type, ...init } = entry;
        const name = type === "press" ? "pointerdown" : "pointerup";
        element.dispatchEvent(new PointerEvent(name, { bubbles: true, cancelable: true, isPrimary: true, ...init }));
        break;
      }
      case "focus":
        element.focus();
        break;
      case "click":
        element.click();
        break;
      case "key":
        element.dispatchEvent(new KeyboardEvent("keydown", { bubbles: true, cancelable: true, key: entry.key }));
        break;
    }
  });
}

/**
 * For a primitive whose code is `lazy`: its parts once loaded, the stand-in's state for `StandInTrigger`, and the ref the
 * real trigger must get (`realTriggerRef`). Call it in the component that renders the real root: its effect then runs after the root's own
 * (a menu listens to the document for keys from one), and replays what the stand-in saw.
 */
export function useStandIn<M>(lazy: LazyModule<M>, rules: StandInRules = {}) {
  const [parts, want] = useLazyModule(lazy);
  const noted = useRef<Noted>({ seen: [], replacing: false });
  const realTrigger = useRef<HTMLElement | null>(null);
  const realTriggerRef = useCallback((element: HTMLElement | null) => {
    realTrigger.current = element;
  }, []);
  useEffect(() => {
    const element = realTrigger.current;
    const { seen } = noted.current;
    noted.current = { seen: [], replacing: false };
    if (parts && element?.isConnected && seen.length > 0) replay(element, seen);
  }, [parts]);
  const standIn: StandIn = { noted, want, rules };
  return { parts, standIn, realTriggerRef };
}

const MAX_NOTED = 12;

/** The trigger until the code has loaded: its child (or a button) with the real trigger's closed state attributes. */
export function StandInTrigger({
  standIn,
  asChild,
  ...props
}: ComponentProps<"button"> & { standIn: StandIn; asChild?: boolean }) {
  const { noted, want, rules } = standIn;
  const element = useRef<HTMLButtonElement>(null);
  const note = (entry: Seen) => {
    const { seen } = noted.current;
    if (seen.length < MAX_NOTED) seen.push(entry);
  };
  const forget = (type: Seen["type"]) => {
    noted.current.seen = noted.current.seen.filter((entry) => entry.type !== type);
  };
  // The cleanup runs as the stand-in is removed, before its element leaves the page: is focus still on it?
  useLayoutEffect(() => {
    noted.current.replacing = false;
    return () => {
      noted.current.replacing = true;
      if (element.current !== document.activeElement) {
        noted.current.seen = noted.current.seen.filter((entry) => entry.type !== "focus");
      }
    };
  }, [noted]);
  const pointer = (event: ReactPointerEvent) => ({
    pointerType: event.pointerType,
    button: event.button,
    ctrlKey: event.ctrlKey,
  });
  const hover = (event: ReactPointerEvent) => {
    if (event.pointerType === "touch" || noted.current.seen.some((entry) => entry.type === "hover")) return;
    note({ type: "hover", pointerType: event.pointerType });
  };
  const Component = asChild ? Slot.Root : "button";
  return (
    <Component
      type={asChild ? undefined : "button"}
      {...props}
      ref={element}
      onPointerEnter={(event: ReactPointerEvent<HTMLButtonElement>) => {
        props.onPointerEnter?.(event);
        want();
        hover(event);
      }}
      onPointerMove={(event: ReactPointerEvent<HTMLButtonElement>) => {
        props.onPointerMove?.(event);
        hover(event);
      }}
      onPointerLeave={(event: ReactPointerEvent<HTMLButtonElement>) => {
        props.onPointerLeave?.(event);
        forget("hover");
      }}
      onPointerDown={(event: ReactPointerEvent<HTMLButtonElement>) => {
        props.onPointerDown?.(event);
        want();
        if (!rules.pressOpens) note({ type: "press", ...pointer(event) });
        else if (rules.pressOpens(event)) {
          note({ type: "press", ...pointer(event) });
          event.preventDefault();
        }
      }}
      onPointerUp={(event: ReactPointerEvent<HTMLButtonElement>) => {
        props.onPointerUp?.(event);
        if (!rules.pressOpens) note({ type: "release", ...pointer(event) });
      }}
      onFocus={(event: FocusEvent<HTMLButtonElement>) => {
        props.onFocus?.(event);
        want();
        note({ type: "focus" });
      }}
      onBlur={(event: FocusEvent<HTMLButtonElement>) => {
        props.onBlur?.(event);
        if (!noted.current.replacing) forget("focus");
      }}
      onClick={(event: ReactMouseEvent<HTMLButtonElement>) => {
        props.onClick?.(event);
        if (!rules.clickOpens?.(event)) return;
        want();
        note({ type: "click" });
      }}
      onKeyDown={(event: ReactKeyboardEvent<HTMLButtonElement>) => {
        props.onKeyDown?.(event);
        if (!rules.keysOpen?.includes(event.key)) return;
        want();
        note({ type: "key", key: event.key });
        event.preventDefault();
      }}
    />
  );
}
