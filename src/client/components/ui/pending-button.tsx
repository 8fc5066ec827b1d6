// A button whose action is on its way: disabled, with a spinner before its label, until the request settles.
import { Loader2 } from "lucide-react";
import type { ComponentProps } from "react";
import { Button } from "./button";

export function PendingButton({
  pending,
  disabled,
  children,
  ...props
}: ComponentProps<typeof Button> & { /** The action's request is running. */ pending: boolean }) {
  return (
    <Button {...props} disabled={pending || disabled}>
      {pending && <Loader2 className="animate-spin" aria-hidden="true" />}
      {children}
    </Button>
  );
}
