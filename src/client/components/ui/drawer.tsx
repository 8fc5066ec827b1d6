// A panel from the left edge over the page (the navigation on small screens). Its code (drawer-parts.tsx: Radix Dialog
// with its focus trap and scroll lock) loads when it first opens, not with the page, and stays: a later close is the
// dialog's own.
import { useEffect } from "react";
import { lazyModule, useLazyModule } from "../../lib/lazy-module";
import type { DrawerProps } from "./drawer-parts";

const drawerParts = lazyModule(() => import("./drawer-parts"));

export function Drawer(props: DrawerProps) {
  const [parts, want] = useLazyModule(drawerParts);
  useEffect(() => {
    if (props.open && !parts) want();
  }, [props.open, parts, want]);
  return parts ? <parts.Drawer {...props} /> : null;
}
