// A new message's meeting part, shared by the customer's New Communication form and the console's New message dialog:
// the form values (the time as the viewer's datetime-local text) to the shared schema's body, and the link and time
// fields.
import type { UseFormRegisterReturn } from "react-hook-form";
import type { CommunicationType, NewCommunicationInput } from "../../../shared/schemas/communications";
import { fromDateTimeLocal, toDateTimeLocal, viewerTimeZone } from "../../lib/date-time";
import { Field } from "../ui/field";
import { Input } from "../ui/input";

export type CommunicationFormValues = {
  type: CommunicationType;
  subject: string;
  content: string;
  meetingUrl: string;
  scheduledFor: string;
};

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

export function MeetingFields(props: {
  idPrefix: string;
  link: UseFormRegisterReturn;
  time: UseFormRegisterReturn;
  errors: { meetingUrl?: string; scheduledFor?: string };
  linkHint?: string;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field
        id={`${props.idPrefix}-meeting-url`}
        label="Meeting Link"
        required
        hint={props.linkHint}
        error={props.errors.meetingUrl}
      >
        {(control) => <Input {...control} type="url" inputMode="url" {...props.link} />}
      </Field>
      <Field
        id={`${props.idPrefix}-scheduled-for`}
        label="Date & Time"
        required
        hint={`Your time zone: ${viewerTimeZone()}`}
        error={props.errors.scheduledFor}
      >
        {(control) => <Input {...control} type="datetime-local" min={toDateTimeLocal(new Date())} {...props.time} />}
      </Field>
    </div>
  );
}
