// Submit Feedback: type, issue faced, change needed and a screenshot that can be marked up;
// the context (prototype page, browser, viewport, console errors) is attached when it is sent. Also edits an item.
// react-hook-form + the shared feedback schema; every control in a Field.
import { zodResolver } from "@hookform/resolvers/zod";
import { Info, Loader2, Send } from "lucide-react";
import type { ClipboardEvent } from "react";
import { Controller, useForm } from "react-hook-form";
import {
  FEEDBACK_MESSAGES,
  FEEDBACK_TYPE_LABELS,
  FEEDBACK_TYPES,
  type FeedbackContextInput,
  type FeedbackItem,
} from "../../../shared/schemas/feedback";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogHeader } from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { Textarea } from "../../components/ui/input";
import { Select } from "../../components/ui/select";
import { toast } from "../../components/ui/use-toast";
import { ApiError, serverFieldErrors, serverMessage } from "../../lib/api";
import { setServerFieldErrors } from "../../lib/form";
import { useCreateFeedback } from "./api/create-feedback";
import { useUpdateFeedback } from "./api/update-feedback";
import { dialogFieldErrors, type FeedbackDialogValues, feedbackDialogSchema } from "./feedback-form";
import { ScreenshotField } from "./ScreenshotField";

const TYPE_OPTIONS = FEEDBACK_TYPES.map((type) => ({
  value: type,
  label:
    type === "error"
      ? `${FEEDBACK_TYPE_LABELS.error} — something is broken`
      : `${FEEDBACK_TYPE_LABELS.enhancement} — a change or an idea`,
}));

const EMPTY: FeedbackDialogValues = {
  feedbackType: undefined as unknown as FeedbackDialogValues["feedbackType"],
  issueFaced: "",
  changeDescription: "",
  screenshot: null,
};

const UPDATE_FAILED = "Failed to update feedback";

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
  const create = useCreateFeedback(projectId);
  const update = useUpdateFeedback(projectId);
  const pending = create.isPending || update.isPending;
  const form = useForm<FeedbackDialogValues>({
    resolver: zodResolver(feedbackDialogSchema),
    values: editing
      ? {
          feedbackType: editing.feedbackType,
          issueFaced: editing.issueFaced,
          changeDescription: editing.changeDescription,
          screenshot: null,
        }
      : EMPTY,
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const errors = form.formState.errors;
  const screenshot = form.watch("screenshot");

  const close = (next: boolean) => {
    if (!next && !pending) form.reset();
    onOpenChange(next);
  };

  const pick = (file: Blob) => form.setValue("screenshot", file, { shouldValidate: true, shouldDirty: true });

  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    const file = [...event.clipboardData.files].find((f) => f.type.startsWith("image/"));
    if (!file) return;
    event.preventDefault();
    pick(file);
  };

  /** Decided on status and code; the message shown is the server's, or the fixed one in FEEDBACK_MESSAGES. */
  const showFailure = (error: unknown, fallback: string) => {
    if (error instanceof ApiError && (error.status === 413 || error.status === 415)) {
      const message = serverMessage(error, error.status === 413 ? FEEDBACK_MESSAGES.imageTooLarge : FEEDBACK_MESSAGES.notAnImage);
      form.setError("screenshot", { type: "server", message }, { shouldFocus: true });
      return;
    }
    if (error instanceof ApiError && error.status === 400)
      setServerFieldErrors(form, dialogFieldErrors(serverFieldErrors(error)));
    if (error instanceof ApiError && error.code === "FEEDBACK_LOCKED") close(false);
    const known = error instanceof ApiError && error.status < 500;
    toast({ title: "Error", description: known ? serverMessage(error, fallback) : fallback, variant: "destructive" });
  };

  const onSubmit = form.handleSubmit(({ screenshot: image, ...values }) => {
    if (editing) {
      update.mutate(
        { id: editing.id, edit: { ...values, screenshot: image } },
        {
          onSuccess: () => {
            toast({ title: FEEDBACK_MESSAGES.updated, variant: "success" });
            close(false);
          },
          onError: (error) => showFailure(error, UPDATE_FAILED),
        },
      );
      return;
    }
    create.mutate(
      { ...values, screenshot: image, context: captureContext() },
      {
        onSuccess: () => {
          toast({
            title: FEEDBACK_MESSAGES.submitted,
            description: "Thank you! Our team will review it shortly.",
            variant: "success",
          });
          close(false);
        },
        onError: (error) => showFailure(error, FEEDBACK_MESSAGES.submitFailed),
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
          <Field id="feedback-type" label="Feedback Type" required error={errors.feedbackType?.message}>
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
                    className="[&>span]:truncate"
                  />
                )}
              />
            )}
          </Field>
          <Field id="feedback-issue" label="Issue Faced" required error={errors.issueFaced?.message}>
            {(control) => (
              <Textarea
                {...control}
                rows={3}
                placeholder="What happened? Where were you and what did you do?"
                {...form.register("issueFaced")}
              />
            )}
          </Field>
          <Field id="feedback-change" label="Change Needed" required error={errors.changeDescription?.message}>
            {(control) => (
              <Textarea {...control} rows={3} placeholder="What should happen instead?" {...form.register("changeDescription")} />
            )}
          </Field>
          <Field
            id="feedback-screenshot"
            label={
              <>
                Screenshot <span className="font-normal text-slate-500">(optional)</span>
              </>
            }
            hint={FEEDBACK_MESSAGES.screenshotHint}
            error={errors.screenshot?.message}
          >
            {(control) => (
              <ScreenshotField
                control={control}
                value={screenshot}
                invalid={Boolean(errors.screenshot)}
                existingUrl={editing?.screenshotUrl ?? null}
                onPick={pick}
                onRemove={() => form.setValue("screenshot", null, { shouldValidate: true })}
              />
            )}
          </Field>
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
