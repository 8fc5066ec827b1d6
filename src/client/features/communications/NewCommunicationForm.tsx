// The New Communication form: a message, or a meeting with a link (prefilled with the meet prefix) and
// a date-time whose earliest value is now. The shared schema checks it here and again on the server.
import { Send } from "lucide-react";
import { COMMUNICATION_MESSAGES, newCommunicationSchema } from "../../../shared/schemas/communications";
import {
  CommunicationFields,
  communicationBody,
  communicationFormValues,
  EMPTY_COMMUNICATION,
} from "../../components/kit/CommunicationFields";
import { Button } from "../../components/ui/button";
import { PendingButton } from "../../components/ui/pending-button";
import { toast } from "../../components/ui/use-toast";
import { serverFieldErrors, serverMessage } from "../../lib/api";
import { setServerFieldErrors, useSchemaForm } from "../../lib/form";
import { useSendCommunication } from "./api/send-communication";

/** The form's values (the meeting time as the viewer's local datetime-local text) checked as the shared schema. */
const formSchema = communicationFormValues.transform(communicationBody).pipe(newCommunicationSchema);

export function NewCommunicationForm({ projectId, onDone }: { projectId: string; onDone: () => void }) {
  const send = useSendCommunication(projectId);
  const form = useSchemaForm(formSchema, EMPTY_COMMUNICATION);
  const type = form.watch("type");

  const submit = form.handleSubmit((body) =>
    send.mutate(
      { projectId, body },
      {
        onSuccess: () => {
          toast({ title: COMMUNICATION_MESSAGES.sent });
          form.reset(EMPTY_COMMUNICATION);
          onDone();
        },
        onError: (error) => {
          setServerFieldErrors(form, serverFieldErrors(error));
          toast({ title: "Error", description: serverMessage(error, "Failed to send communication"), variant: "destructive" });
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label="New Communication">
      <CommunicationFields form={form} idPrefix="communication" guided />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            form.reset(EMPTY_COMMUNICATION);
            onDone();
          }}
        >
          Cancel
        </Button>
        <PendingButton type="submit" pending={send.isPending} icon={Send}>
          {send.isPending ? "Sending..." : type === "meeting" ? "Schedule Meeting" : "Send Message"}
        </PendingButton>
      </div>
    </form>
  );
}
