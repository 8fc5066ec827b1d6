// The New Communication form (part 2 §2, §5): a message, or a meeting with a link (prefilled with the meet prefix) and
// a date-time whose earliest value is now. The shared schema checks it here and again on the server.
import { Loader2, Send } from "lucide-react";
import { Controller, type Resolver, useForm } from "react-hook-form";
import { MEET_LINK_PREFIX } from "../../../shared/constants/meetings";
import {
  COMMUNICATION_LIMITS,
  COMMUNICATION_MESSAGES,
  type CommunicationType,
  type NewCommunicationInput,
  newCommunicationSchema,
} from "../../../shared/schemas/communications";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { Input, Textarea } from "../../components/ui/input";
import { Select } from "../../components/ui/select";
import { toast } from "../../components/ui/use-toast";
import { serverFieldErrors, serverMessage } from "../../lib/api";
import { fromDateTimeLocal, toDateTimeLocal, viewerTimeZone } from "../../lib/date-time";
import { setServerFieldErrors } from "../../lib/form";
import { useSendCommunication } from "./api/communications-api";

type FormValues = { type: CommunicationType; subject: string; content: string; meetingUrl: string; scheduledFor: string };

const TYPE_OPTIONS = [
  { value: "message", label: "Message" },
  { value: "meeting", label: "Meeting" },
];

function toInput(values: FormValues): NewCommunicationInput {
  const meeting = values.type === "meeting";
  return {
    type: values.type,
    subject: values.subject,
    content: values.content,
    meetingUrl: meeting ? values.meetingUrl : null,
    scheduledFor: meeting ? (fromDateTimeLocal(values.scheduledFor) ?? (values.scheduledFor ? "invalid" : null)) : null,
  };
}

const resolver: Resolver<FormValues> = async (values) => {
  const parsed = newCommunicationSchema.safeParse(toInput(values));
  if (parsed.success) return { values, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? "subject");
    errors[key] ??= { type: "validation", message: issue.message };
  }
  return { values: {}, errors };
};

const EMPTY: FormValues = { type: "message", subject: "", content: "", meetingUrl: MEET_LINK_PREFIX, scheduledFor: "" };

export function NewCommunicationForm({ projectId, onDone }: { projectId: string; onDone: () => void }) {
  const send = useSendCommunication(projectId);
  const form = useForm<FormValues>({ resolver, defaultValues: EMPTY, mode: "onSubmit", reValidateMode: "onChange" });
  const errors = form.formState.errors;
  const type = form.watch("type");
  const content = form.watch("content");

  const submit = form.handleSubmit((values) =>
    send.mutate(toInput(values), {
      onSuccess: () => {
        toast({ title: COMMUNICATION_MESSAGES.sent });
        form.reset(EMPTY);
        onDone();
      },
      onError: (error) => {
        setServerFieldErrors(form, serverFieldErrors(error));
        toast({ title: "Error", description: serverMessage(error, "Failed to send communication"), variant: "destructive" });
      },
    }),
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
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id="communication-meeting-url"
            label="Meeting Link"
            required
            hint="A Google Meet (or other video call) link"
            error={errors.meetingUrl?.message}
          >
            {(control) => <Input {...control} type="url" inputMode="url" {...form.register("meetingUrl")} />}
          </Field>
          <Field
            id="communication-scheduled-for"
            label="Date & Time"
            required
            hint={`Your time zone: ${viewerTimeZone()}`}
            error={errors.scheduledFor?.message}
          >
            {(control) => (
              <Input {...control} type="datetime-local" min={toDateTimeLocal(new Date())} {...form.register("scheduledFor")} />
            )}
          </Field>
        </div>
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
