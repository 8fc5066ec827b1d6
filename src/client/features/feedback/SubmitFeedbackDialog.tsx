// Submit Feedback (part 2 §2, §5, §8): type, issue faced, change needed and a screenshot that can be marked up;
// the context (prototype page, browser, viewport, console errors) is attached when it is sent. Also edits an item.
import { zodResolver } from "@hookform/resolvers/zod";
import { Info, Loader2, Send } from "lucide-react";
import { type ClipboardEvent, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import {
  FEEDBACK_MESSAGES,
  FEEDBACK_TYPE_LABELS,
  FEEDBACK_TYPES,
  type FeedbackContextInput,
  type FeedbackFormValues,
  type FeedbackItem,
  feedbackFormSchema,
} from "../../../shared/schemas/feedback";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogHeader } from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { Textarea } from "../../components/ui/input";
import { Select } from "../../components/ui/select";
import { toast } from "../../components/ui/use-toast";
import { serverFieldErrors, serverMessage } from "../../lib/api";
import { useSubmitFeedback, useUpdateFeedback } from "./api/feedback-api";
import { ScreenshotField, screenshotProblem } from "./ScreenshotField";

const TYPE_OPTIONS = FEEDBACK_TYPES.map((type) => ({
  value: type,
  label:
    type === "error"
      ? `${FEEDBACK_TYPE_LABELS.error} — something is broken`
      : `${FEEDBACK_TYPE_LABELS.enhancement} — a change or an idea`,
}));

export function SubmitFeedbackDialog({
  projectId,
  open,
  onOpenChange,
  editing,
  captureContext,
}: {
  projectId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The item being edited, or null for a new one. */
  editing: FeedbackItem | null;
  captureContext: () => FeedbackContextInput;
}) {
  const submit = useSubmitFeedback(projectId);
  const update = useUpdateFeedback(projectId);
  const pending = submit.isPending || update.isPending;
  const [screenshot, setScreenshot] = useState<Blob | null>(null);
  const [screenshotError, setScreenshotError] = useState<string | undefined>();
  const [pasteKey, setPasteKey] = useState(0);
  const form = useForm<FeedbackFormValues>({
    resolver: zodResolver(feedbackFormSchema),
    values: editing
      ? { feedbackType: editing.feedbackType, issueFaced: editing.issueFaced, changeDescription: editing.changeDescription }
      : { feedbackType: undefined as unknown as FeedbackFormValues["feedbackType"], issueFaced: "", changeDescription: "" },
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const errors = form.formState.errors;

  const close = (next: boolean) => {
    if (!next && !pending) {
      form.reset();
      setScreenshot(null);
      setScreenshotError(undefined);
    }
    onOpenChange(next);
  };

  const onPaste = async (event: ClipboardEvent<HTMLDivElement>) => {
    const file = [...event.clipboardData.files].find((f) => f.type.startsWith("image/"));
    if (!file) return;
    event.preventDefault();
    const problem = await screenshotProblem(file);
    setScreenshotError(problem ?? undefined);
    if (!problem) {
      setScreenshot(file);
      setPasteKey((n) => n + 1);
    }
  };

  const showServerErrors = (error: unknown, fallback: string) => {
    const fields = serverFieldErrors(error);
    for (const [field, message] of Object.entries(fields)) {
      if (field === "feedbackType" || field === "issueFaced" || field === "changeDescription") form.setError(field, { message });
      if (field === "screenshotUrl" || field === "screenshot") setScreenshotError(message);
    }
    toast({ title: "Error", description: serverMessage(error, fallback), variant: "destructive" });
  };

  const onSubmit = form.handleSubmit((values) => {
    if (screenshotError) return;
    if (editing) {
      update.mutate(
        { id: editing.id, edit: { ...values, screenshot } },
        {
          onSuccess: () => {
            toast({ title: FEEDBACK_MESSAGES.updated });
            close(false);
          },
          onError: (error) => showServerErrors(error, "Failed to update feedback"),
        },
      );
      return;
    }
    submit.mutate(
      { ...values, screenshot, context: captureContext() },
      {
        onSuccess: () => {
          toast({ title: FEEDBACK_MESSAGES.submitted, description: "Thank you! Our team will review it shortly." });
          close(false);
        },
        onError: (error) => showServerErrors(error, FEEDBACK_MESSAGES.submitFailed),
      },
    );
  });

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-2xl" onPaste={onPaste}>
        <DialogHeader
          title={editing ? "Edit Feedback" : "Submit Feedback"}
          description="Tell us what you found while testing. A screenshot with the problem marked helps us fix it faster."
        />
        <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={editing ? "Edit feedback" : "Submit feedback"}>
          <Field id="feedback-type" label="Feedback Type" error={errors.feedbackType?.message}>
            {(control) => (
              <Controller
                control={form.control}
                name="feedbackType"
                render={({ field }) => (
                  <Select
                    {...control}
                    value={field.value}
                    onValueChange={field.onChange}
                    options={TYPE_OPTIONS}
                    placeholder="Select feedback type"
                  />
                )}
              />
            )}
          </Field>
          <Field id="feedback-issue" label="Issue Faced" error={errors.issueFaced?.message}>
            {(control) => (
              <Textarea
                {...control}
                rows={3}
                placeholder="What happened? Where were you and what did you do?"
                {...form.register("issueFaced")}
              />
            )}
          </Field>
          <Field id="feedback-change" label="Change Needed" error={errors.changeDescription?.message}>
            {(control) => (
              <Textarea {...control} rows={3} placeholder="What should happen instead?" {...form.register("changeDescription")} />
            )}
          </Field>
          <ScreenshotField
            key={pasteKey}
            value={screenshot}
            existingUrl={editing?.screenshotUrl ?? null}
            onChange={setScreenshot}
            error={screenshotError}
            onError={setScreenshotError}
          />
          {!editing && (
            <p className="flex gap-2 rounded-lg bg-slate-50 p-3 text-xs text-slate-600">
              <Info className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
              We attach the prototype page you are on, your browser, screen size and time, so our developers can reproduce what
              you saw.
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
              {pending ? "Submitting..." : editing ? "Save Changes" : "Submit Feedback"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
