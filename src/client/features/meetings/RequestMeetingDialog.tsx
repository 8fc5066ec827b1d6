// The Request Meeting dialog: subject required, description and preferred dates optional, urgency
// required (default medium) with what each level promises beside it.
import { CalendarPlus } from "lucide-react";
import { Controller } from "react-hook-form";
import {
  ADMIN_CONFIRMATION_HOURS,
  MEETING_URGENCIES,
  type MeetingUrgency,
  URGENCY_LABELS,
  URGENCY_MEANINGS,
} from "../../../shared/constants/meetings";
import {
  MEETING_REQUEST_LIMITS,
  MEETING_REQUEST_MESSAGES,
  type NewMeetingRequestInput,
  newMeetingRequestSchema,
} from "../../../shared/schemas/meeting-requests";
import { FormDialog } from "../../components/kit/FormDialog";
import { Field, FieldMessage } from "../../components/ui/field";
import { Input, Textarea } from "../../components/ui/input";
import { toast } from "../../components/ui/use-toast";
import { cn } from "../../lib/cn";
import { useSchemaForm } from "../../lib/form";
import { useRequestMeeting } from "./api/request-meeting";

const EMPTY: NewMeetingRequestInput = { subject: "", description: "", preferredDates: "", urgency: "medium" };

const URGENCY_STYLES: Record<MeetingUrgency, string> = {
  low: "peer-checked:border-emerald-500 peer-checked:bg-emerald-50",
  medium: "peer-checked:border-amber-500 peer-checked:bg-amber-50",
  high: "peer-checked:border-red-500 peer-checked:bg-red-50",
};

export function RequestMeetingDialog(props: { projectId: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const request = useRequestMeeting(props.projectId);
  const form = useSchemaForm(newMeetingRequestSchema, EMPTY);
  const errors = form.formState.errors;

  return (
    <FormDialog
      form={form}
      open={props.open}
      onClose={() => props.onOpenChange(false)}
      onSubmit={async (body) => {
        await request.mutateAsync({ projectId: props.projectId, body });
        toast({ title: MEETING_REQUEST_MESSAGES.submitted, description: MEETING_REQUEST_MESSAGES.submittedDescription });
        props.onOpenChange(false);
        form.reset(EMPTY);
      }}
      className="sm:max-w-xl"
      title="Request Meeting"
      description={`Tell us what you'd like to discuss. The team confirms meeting requests within ${ADMIN_CONFIRMATION_HOURS} hours.`}
      submitLabel="Submit Request"
      pendingLabel="Submitting..."
      icon={<CalendarPlus aria-hidden="true" />}
      errorText="Failed to submit meeting request"
    >
      <Field id="meeting-subject" label="Subject" required error={errors.subject?.message}>
        {(control) => (
          <Input
            {...control}
            maxLength={MEETING_REQUEST_LIMITS.subject}
            placeholder="e.g. Review the prototype's booking flow"
            {...form.register("subject")}
          />
        )}
      </Field>
      <Field id="meeting-description" label="Description" error={errors.description?.message}>
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            maxLength={MEETING_REQUEST_LIMITS.description}
            placeholder="What should we prepare?"
            {...form.register("description")}
          />
        )}
      </Field>
      <Field
        id="meeting-preferred"
        label="Preferred Dates & Times"
        hint="Optional: e.g. Tuesday or Thursday afternoon (CET)"
        error={errors.preferredDates?.message}
      >
        {(control) => (
          <Input {...control} maxLength={MEETING_REQUEST_LIMITS.preferredDates} {...form.register("preferredDates")} />
        )}
      </Field>
      <fieldset className="grid gap-2" aria-describedby={errors.urgency ? "meeting-urgency-error" : undefined}>
        <legend className="mb-2 text-sm font-medium text-slate-800">
          Urgency
          <span aria-hidden="true" className="text-red-600">
            {" "}
            *
          </span>
        </legend>
        <Controller
          control={form.control}
          name="urgency"
          render={({ field }) => (
            <div className="grid gap-2 sm:grid-cols-3">
              {MEETING_URGENCIES.map((level) => (
                <label key={level} className="relative block cursor-pointer">
                  <input
                    type="radio"
                    name={field.name}
                    value={level}
                    checked={field.value === level}
                    onChange={() => field.onChange(level)}
                    onBlur={field.onBlur}
                    className="peer sr-only"
                  />
                  <span
                    className={cn(
                      "flex h-full flex-col rounded-lg border border-slate-300 px-3 py-2 text-sm peer-focus-visible:outline-2 peer-focus-visible:outline-brand-600",
                      URGENCY_STYLES[level],
                    )}
                  >
                    <span className="font-semibold text-slate-900">{URGENCY_LABELS[level]}</span>
                    <span className="text-slate-600">{URGENCY_MEANINGS[level]}</span>
                  </span>
                </label>
              ))}
            </div>
          )}
        />
        <FieldMessage id="meeting-urgency-error" message={errors.urgency?.message} />
      </fieldset>
    </FormDialog>
  );
}
