// The New Communication form: a message, or a meeting with a link (prefilled with the meet prefix) and
// a date-time whose earliest value is now. The shared schema checks it here and again on the server.
import { Loader2, Send } from "lucide-react";
import { Controller } from "react-hook-form";
import { z } from "zod";
import { MEET_LINK_PREFIX } from "../../../shared/constants/meetings";
import {
  COMMUNICATION_LIMITS,
  COMMUNICATION_MESSAGES,
  COMMUNICATION_TYPES,
  newCommunicationSchema,
} from "../../../shared/schemas/communications";
import { type CommunicationFormValues, communicationBody, MeetingFields } from "../../components/kit/MeetingFields";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { Input, Textarea } from "../../components/ui/input";
import { Select } from "../../components/ui/select";
import { toast } from "../../components/ui/use-toast";
import { serverFieldErrors, serverMessage } from "../../lib/api";
import { setServerFieldErrors, useSchemaForm } from "../../lib/form";
import { useSendCommunication } from "./api/send-communication";

const TYPE_OPTIONS = [
  { value: "message", label: "Message" },
  { value: "meeting", label: "Meeting" },
];

/** The form's values (the meeting time as the viewer's local datetime-local text) checked as the shared schema. */
const formSchema = z
  .object({
    type: z.enum(COMMUNICATION_TYPES),
    subject: z.string(),
    content: z.string(),
    meetingUrl: z.string(),
    scheduledFor: z.string(),
  })
  .transform(communicationBody)
  .pipe(newCommunicationSchema);

const EMPTY: CommunicationFormValues = {
  type: "message",
  subject: "",
  content: "",
  meetingUrl: MEET_LINK_PREFIX,
  scheduledFor: "",
};

export function NewCommunicationForm({ projectId, onDone }: { projectId: string; onDone: () => void }) {
  const send = useSendCommunication(projectId);
  const form = useSchemaForm(formSchema, EMPTY);
  const errors = form.formState.errors;
  const type = form.watch("type");
  const content = form.watch("content");

  const submit = form.handleSubmit((body) =>
    send.mutate(
      { projectId, body },
      {
        onSuccess: () => {
          toast({ title: COMMUNICATION_MESSAGES.sent });
          form.reset(EMPTY);
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
      <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
        <Field id="communication-type" label="Type" required>
          {(control) => (
            <Controller
              control={form.control}
              name="type"
              render={({ field }) => (
                <Select {...control} value={field.value} onValueChange={field.onChange} options={TYPE_OPTIONS} />
              )}
            />
          )}
        </Field>
        <Field id="communication-subject" label="Subject" required error={errors.subject?.message}>
          {(control) => (
            <Input
              {...control}
              maxLength={COMMUNICATION_LIMITS.subject}
              placeholder={type === "meeting" ? "e.g. Prototype walkthrough" : "What is this about?"}
              {...form.register("subject")}
            />
          )}
        </Field>
      </div>
      {type === "meeting" && (
        <MeetingFields
          idPrefix="communication"
          link={form.register("meetingUrl")}
          time={form.register("scheduledFor")}
          errors={{ meetingUrl: errors.meetingUrl?.message, scheduledFor: errors.scheduledFor?.message }}
          linkHint="A Google Meet (or other video call) link"
        />
      )}
      <Field
        id="communication-content"
        label={type === "meeting" ? "Agenda" : "Message"}
        required
        hint="Markdown works: **bold**, *italic*, lists and links."
        error={errors.content?.message}
        aside={
          <span className="ml-auto text-xs text-slate-500">
            {content.length.toLocaleString()} / {COMMUNICATION_LIMITS.content.toLocaleString()}
          </span>
        }
      >
        {(control) => <Textarea {...control} rows={5} maxLength={COMMUNICATION_LIMITS.content} {...form.register("content")} />}
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            form.reset(EMPTY);
            onDone();
          }}
        >
          Cancel
        </Button>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
          {send.isPending ? "Sending..." : type === "meeting" ? "Schedule Meeting" : "Send Message"}
        </Button>
      </div>
    </form>
  );
}
