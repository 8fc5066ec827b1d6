// A dialog that is a form: the title, the fields (each in a Field), and a footer with Cancel and a submit button that
// shows the pending label while the request runs. A refused request puts the server's field messages on the fields
// and says what went wrong in a toast; success is the caller's (a toast, closing).
import { Loader2 } from "lucide-react";
import type { ReactNode } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { serverFieldErrors, serverMessage } from "../../lib/api";
import { setServerFieldErrors } from "../../lib/form";
import { Button } from "../ui/button";
import { Dialog, DialogContent, DialogFooter, DialogHeader } from "../ui/dialog";
import { toast } from "../ui/use-toast";

export function FormDialog<Values extends FieldValues, Output>(props: {
  form: UseFormReturn<Values, unknown, Output>;
  /** Sends the checked values; a rejection (an ApiError) is shown on the form. */
  onSubmit: (values: Output) => Promise<unknown>;
  onClose: () => void;
  open?: boolean;
  title: ReactNode;
  description?: ReactNode;
  submitLabel: ReactNode;
  pendingLabel: ReactNode;
  /** The icon before the submit label (a spinner replaces it while pending). */
  icon?: ReactNode;
  cancelLabel?: string;
  errorTitle?: string;
  /** What the toast says when the server gave no message. */
  errorText: string;
  className?: string;
  formLabel?: string;
  children: ReactNode;
}) {
  const { form } = props;
  const pending = form.formState.isSubmitting;
  const close = () => {
    form.reset();
    props.onClose();
  };
  const submit = form.handleSubmit(async (values) => {
    try {
      await props.onSubmit(values);
    } catch (error) {
      setServerFieldErrors(form, serverFieldErrors(error));
      toast({ title: props.errorTitle ?? "Error", description: serverMessage(error, props.errorText), variant: "destructive" });
    }
  });

  return (
    <Dialog open={props.open ?? true} onOpenChange={(open) => !open && close()}>
      <DialogContent className={props.className}>
        <DialogHeader title={props.title} description={props.description} />
        <form noValidate onSubmit={submit} className="grid gap-4" aria-label={props.formLabel}>
          {props.children}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close}>
              {props.cancelLabel ?? "Cancel"}
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : props.icon}
              {pending ? props.pendingLabel : props.submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
