// A dropdown menu (the user menu, the notification bell). Its code (dropdown-menu-parts.tsx: Radix Menu, Floating UI,
// the scroll lock) loads when its trigger is first hovered, focused, pressed or keyed, not with the page; until then the
// trigger is a stand-in that hands the first press or key to the real one (stand-in.tsx), so the menu opens on it.
import { type ComponentProps, createContext, useContext } from "react";
import { lazyModule } from "../../lib/lazy-module";
import { type StandIn, type StandInRules, StandInTrigger, useStandIn } from "./stand-in";

type Parts = typeof import("./dropdown-menu-parts");

const menuParts = lazyModule<Parts>(() => import("./dropdown-menu-parts"));

/** What opens Radix's menu trigger: a left press without Ctrl, and Enter, Space or ArrowDown. */
const OPENS_ON: StandInRules = {
  pressOpens: (event) => event.button === 0 && !event.ctrlKey,
  keysOpen: ["Enter", " ", "ArrowDown"],
};

type Menu = { parts: Parts | undefined; standIn: StandIn; realTriggerRef: (element: HTMLElement | null) => void };

const MenuContext = createContext<Menu | null>(null);

function useMenu(part: string): Menu {
  const menu = useContext(MenuContext);
  if (!menu) throw new Error(`${part} must be inside a DropdownMenu`);
  return menu;
}

/** A part that shows only in the open menu, so only once the parts have loaded. */
function useLoadedParts(part: string): Parts {
  const { parts } = useMenu(part);
  if (!parts) throw new Error(`${part} must be inside DropdownMenuContent`);
  return parts;
}

export function DropdownMenu({ children, ...props }: ComponentProps<Parts["DropdownMenu"]>) {
  const { parts, standIn, realTriggerRef } = useStandIn(menuParts, OPENS_ON);
  const menu = <MenuContext.Provider value={{ parts, standIn, realTriggerRef }}>{children}</MenuContext.Provider>;
  return parts ? <parts.DropdownMenu {...props}>{menu}</parts.DropdownMenu> : menu;
}

export function DropdownMenuTrigger(props: Omit<ComponentProps<Parts["DropdownMenuTrigger"]>, "ref">) {
  const { parts, standIn, realTriggerRef } = useMenu("DropdownMenuTrigger");
  if (parts) return <parts.DropdownMenuTrigger {...props} ref={realTriggerRef} />;
  // The closed real trigger's attributes, so the stand-in reads and looks the same.
  return (
    <StandInTrigger standIn={standIn} type="button" aria-haspopup="menu" aria-expanded={false} data-state="closed" {...props} />
  );
}

export function DropdownMenuContent(props: ComponentProps<Parts["DropdownMenuContent"]>) {
  const { parts } = useMenu("DropdownMenuContent");
  return parts ? <parts.DropdownMenuContent {...props} /> : null;
}

export function DropdownMenuItem(props: ComponentProps<Parts["DropdownMenuItem"]>) {
  const parts = useLoadedParts("DropdownMenuItem");
  return <parts.DropdownMenuItem {...props} />;
}

export function DropdownMenuLabel(props: ComponentProps<Parts["DropdownMenuLabel"]>) {
  const parts = useLoadedParts("DropdownMenuLabel");
  return <parts.DropdownMenuLabel {...props} />;
}

export function DropdownMenuSeparator() {
  const parts = useLoadedParts("DropdownMenuSeparator");
  return <parts.DropdownMenuSeparator />;
}
