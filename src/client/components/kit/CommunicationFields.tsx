// A new message's fields, shared by the customer's New Communication form and the console's New message dialog: the
// form's values (the meeting time as the viewer's datetime-local text), how they become the shared schema's body,
// and the fields themselves: Type and Subject, the meeting's link and time, then the message or agenda.
import { Controller, type UseFormReturn } from "react-hook-form";
import { z } from "zod";
import { MEET_LINK_PREFIX } from "../../../shared/constants/meetings";
import { COMMUNICATION_LIMITS, COMMUNICATION_TYPES, type NewCommunicationInput } from "../../../shared/schemas/communications";
import { fromDateTimeLocal, toDateTimeLocal, viewerTimeZone } from "../../lib/date-time";
import { Field } from "../ui/field";
import { Input, Textarea } from "../ui/input";
import { Select } from "../ui/select";

/** The values as typed; `communicationBody` turns them into what the shared schema checks. */
export const communicationFormValues = z.object({
  type: z.enum(COMMUNICATION_TYPES),
  subject: z.string(),
  content: z.string(),
  meetingUrl: z.string(),
  scheduledFor: z.string(),
});
export type CommunicationFormValues = z.infer<typeof communicationFormValues>;

export const EMPTY_COMMUNICATION: CommunicationFormValues = {
  type: "message",
  subject: "",
  content: "",
  meetingUrl: MEET_LINK_PREFIX,
  scheduledFor: "",
};

const TYPE_OPTIONS = [
  { value: "message", label: "Message" },
  { value: "meeting", label: "Meeting" },
];

/** The body the shared schema checks: a message has no link or time; an unreadable time stays wrong for the schema. */
export function communicationBody(values: CommunicationFormValues): NewCommunicationInput {
  const meeting = values.type === "meeting";
  return {
    type: values.type,
    subject: values.subject,
    content: values.content,
    meetingUrl: meeting ? values.meetingUrl : null,
    scheduledFor: meeting ? (fromDateTimeLocal(values.scheduledFor) ?? (values.scheduledFor ? "invalid" : null)) : null,
  };
}

export function CommunicationFields<Values extends CommunicationFormValues, Output>(props: {
  form: UseFormReturn<Values, unknown, Output>;
  idPrefix: string;
  /** The customer's form guides more: an example subject per type, what the link is for, and the message's length. */
  guided?: boolean;
}) {
  // Every field named here is one of Values' (the constraint says so); react-hook-form's paths cannot see it through a
  // generic.
  const form = props.form as unknown as UseFormReturn<CommunicationFormValues>;
  const errors = form.formState.errors;
  const type = form.watch("type");
  const content = form.watch("content");
  const id = (name: string) => `${props.idPrefix}-${name}`;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
        <Field id={id("type")} label="Type" required>
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
        <Field id={id("subject")} label="Subject" required error={errors.subject?.message}>
          {(control) => (
            <Input
              {...control}
              maxLength={COMMUNICATION_LIMITS.subject}
              placeholder={props.guided ? (type === "meeting" ? "e.g. Prototype walkthrough" : "What is this about?") : undefined}
              {...form.register("subject")}
            />
          )}
        </Field>
      </div>
      {type === "meeting" && (
        <MeetingFields form={form} id={id} linkHint={props.guided ? "A Google Meet (or other video call) link" : undefined} />
      )}
      <Field
        id={id("content")}
        label={type === "meeting" ? "Agenda" : "Message"}
        required
        hint="Markdown works: **bold**, *italic*, lists and links."
        error={errors.content?.message}
        aside={
          props.guided && (
            <span className="ml-auto text-xs text-slate-500">
              {content.length.toLocaleString()} / {COMMUNICATION_LIMITS.content.toLocaleString()}
            </span>
          )
        }
      >
        {(control) => <Textarea {...control} rows={5} maxLength={COMMUNICATION_LIMITS.content} {...form.register("content")} />}
      </Field>
    </>
  );
}

function MeetingFields(props: {
  form: UseFormReturn<CommunicationFormValues>;
  id: (name: string) => string;
  linkHint: string | undefined;
}) {
  const errors = props.form.formState.errors;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id={props.id("meeting-url")} label="Meeting Link" required hint={props.linkHint} error={errors.meetingUrl?.message}>
        {(control) => <Input {...control} type="url" inputMode="url" {...props.form.register("meetingUrl")} />}
      </Field>
      <Field
        id={props.id("scheduled-for")}
        label="Date & Time"
        required
        hint={`Your time zone: ${viewerTimeZone()}`}
        error={errors.scheduledFor?.message}
      >
        {(control) => (
          <Input {...control} type="datetime-local" min={toDateTimeLocal(new Date())} {...props.form.register("scheduledFor")} />
        )}
      </Field>
    </div>
  );
}
