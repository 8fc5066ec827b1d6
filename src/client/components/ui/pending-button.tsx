// A button whose action is on its way: disabled, with a spinner before its label (in its icon's place), until the
// request settles.
import { Loader2, type LucideIcon } from "lucide-react";
import type { ComponentProps } from "react";
import { Button } from "./button";

export function PendingButton({
  pending,
  icon: Icon,
  disabled,
  children,
  ...props
}: ComponentProps<typeof Button> & {
  /** The action's request is running. */
  pending: boolean;
  /** The icon before the label, which the spinner stands in for while pending. */
  icon?: LucideIcon;
}) {
  return (
    <Button {...props} disabled={pending || disabled}>
      {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : Icon && <Icon aria-hidden="true" />}
      {children}
    </Button>
  );
}
