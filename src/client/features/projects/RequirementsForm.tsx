// The requirements questionnaire: every question with a hint and an example, progress through the questions,
// and the Save / Generate AI Brief actions. The form (react-hook-form) and its draft live in the parent workspace.
import { Check, Loader2, Save, Sparkles } from "lucide-react";
import { type UseFormReturn, useWatch } from "react-hook-form";
import {
  answeredCount,
  isAnswered,
  REQUIRED_QUESTION_COUNT,
  REQUIREMENT_QUESTIONS,
  type RequirementAnswers,
} from "../../../shared/schemas/requirements";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { Input, Textarea } from "../../components/ui/input";
import { Progress } from "../../components/ui/progress";
import { cn } from "../../lib/cn";
import { formatDateTime } from "../../lib/date-time";

type RequirementsFormProps = {
  /** The questionnaire's react-hook-form (validated by the shared requirementsFormSchema). */
  form: UseFormReturn<RequirementAnswers>;
  onSave: () => void;
  onGenerate: () => void;
  saving: boolean;
  generating: boolean;
  dirty: boolean;
  readOnly: boolean;
  readOnlyReason: string | null;
  restoredAt: string | null;
  onDiscardDraft: () => void;
  lastSavedAt: string | null;
};

export function RequirementsForm(props: RequirementsFormProps) {
  const { form, readOnly } = props;
  const answers = useWatch({ control: form.control }) as RequirementAnswers;
  const errors = form.formState.errors;
  const answered = answeredCount(answers);
  const percent = Math.round((answered / REQUIRED_QUESTION_COUNT) * 100);

  return (
    <form
      noValidate
      aria-label="Requirements questionnaire"
      onSubmit={(event) => {
        event.preventDefault();
        props.onSave();
      }}
      className="grid gap-4"
    >
      <div className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <p className="text-sm font-semibold text-slate-900">
            {answered} of {REQUIRED_QUESTION_COUNT} questions answered
          </p>
          <p className="text-xs text-slate-500">Project name and problem statement are enough to save a first draft.</p>
        </div>
        <Progress value={percent} label="Questions answered" className="mt-3" />
      </div>

      {props.readOnlyReason && <Alert variant="info">{props.readOnlyReason}</Alert>}

      {props.restoredAt && !readOnly && (
        <Alert variant="warning" className="items-center justify-between">
          <span>We restored the answers you typed on {formatDateTime(props.restoredAt)} that were not saved yet.</span>
          <Button type="button" variant="outline" size="sm" onClick={props.onDiscardDraft}>
            Discard draft
          </Button>
        </Alert>
      )}

      <ol className="grid gap-4">
        {REQUIREMENT_QUESTIONS.map((question, index) => {
          const id = `req-${question.field}`;
          const value = answers[question.field] ?? "";
          const done = isAnswered(question, value);
          const error = errors[question.field]?.message;
          const length = value.trim().length;
          const Control = question.multiline ? Textarea : Input;
          return (
            <li key={question.field} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
              <div className="flex items-start gap-3">
                <span
                  aria-hidden="true"
                  className={cn(
                    "mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-bold",
                    done ? "bg-emerald-100 text-emerald-700" : "bg-slate-100 text-slate-600",
                  )}
                >
                  {done ? <Check className="size-4" /> : index + 1}
                </span>
                <Field
                  id={id}
                  label={question.label}
                  required={question.required}
                  hint={question.hint}
                  error={error}
                  describedBy={`${id}-example`}
                  className="grid min-w-0 flex-1 gap-2"
                  labelClassName="text-base font-semibold text-slate-900"
                  aside={
                    <span className={cn("ml-auto text-xs", length > 0 && !done ? "text-amber-700" : "text-slate-500")}>
                      {length} characters{question.minLength ? ` · at least ${question.minLength}` : " · optional"}
                    </span>
                  }
                  footer={
                    <div id={`${id}-example`} className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600">
                      <span className="font-medium text-slate-700">Example: </span>
                      <span className="whitespace-pre-line">{question.example}</span>
                    </div>
                  }
                >
                  {(control) => (
                    <Control
                      {...control}
                      readOnly={readOnly}
                      aria-required={question.required || undefined}
                      {...(question.multiline ? { rows: 4 } : {})}
                      {...form.register(question.field)}
                      className={cn(readOnly && "bg-slate-50")}
                    />
                  )}
                </Field>
              </div>
            </li>
          );
        })}
      </ol>

      {!readOnly && (
        <div className="sticky bottom-0 z-10 -mx-1 flex flex-col gap-2 rounded-xl border border-slate-200 bg-white/95 p-3 shadow-lg backdrop-blur sm:flex-row-reverse sm:items-center sm:justify-between">
          <p className="text-xs text-slate-600 sm:text-sm" aria-live="polite">
            {props.dirty
              ? "Unsaved changes — kept on this device until you save."
              : props.lastSavedAt
                ? `All changes saved (${formatDateTime(props.lastSavedAt)}).`
                : "Nothing saved yet."}
          </p>
          <div className="flex gap-2">
            <Button type="submit" variant="outline" className="flex-1 sm:flex-none" disabled={props.saving || props.generating}>
              {props.saving ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
              {props.saving ? "Saving..." : "Save"}
            </Button>
            <Button
              type="button"
              className="flex-[2] sm:flex-none"
              onClick={props.onGenerate}
              disabled={props.saving || props.generating}
            >
              {props.generating ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Sparkles aria-hidden="true" />}
              {props.generating ? "Generating..." : "Generate AI Brief"}
            </Button>
          </div>
        </div>
      )}
    </form>
  );
}
