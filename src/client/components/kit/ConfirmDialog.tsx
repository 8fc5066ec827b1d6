// Asks before a destructive or final action: a small dialog with what will happen, Cancel, and the action button
// (red for a removal). The action runs from the dialog; it stays open with its pending label while the request
// runs and closes once it succeeds. A failure leaves it open, so the caller's toast explains and the admin may retry
// or cancel.
import { Loader2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Button } from "../ui/button";
import { Dialog, DialogContent, DialogFooter, DialogHeader } from "../ui/dialog";

export function ConfirmDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: ReactNode;
  pendingLabel?: ReactNode;
  cancelLabel?: string;
  /** A removal: the action button is red. */
  destructive?: boolean;
  /** The action; the dialog closes when it resolves and stays open when it rejects. */
  onConfirm: () => Promise<unknown>;
  children?: ReactNode;
}) {
  const [pending, setPending] = useState(false);
  const confirm = async () => {
    setPending(true);
    try {
      await props.onConfirm();
      props.onOpenChange(false);
    } catch {
      // The caller said what went wrong (a toast); the question stays open.
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog open={props.open} onOpenChange={(open) => !pending && props.onOpenChange(open)}>
      <DialogContent className="max-w-md" role="alertdialog">
        <DialogHeader title={props.title} description={props.description} />
        {props.children}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => props.onOpenChange(false)} disabled={pending}>
            {props.cancelLabel ?? "Cancel"}
          </Button>
          <Button type="button" variant={props.destructive ? "destructive" : "default"} onClick={confirm} disabled={pending}>
            {pending && <Loader2 className="animate-spin" aria-hidden="true" />}
            {pending ? (props.pendingLabel ?? props.confirmLabel) : props.confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
