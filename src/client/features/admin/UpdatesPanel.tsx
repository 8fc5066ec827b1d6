// Project details → Updates: the composer of a progress update (summary, health, next steps, up to four images) with
// "Draft from activity", which fills the summary from what happened since the last update for the admin to edit;
// then the updates posted so far, newest first, paged. Posting one shows it on the customer's dashboard at once and
// emails the project's people by their choices.
import { ImagePlus, Megaphone, Sparkles, X } from "lucide-react";
import { useState } from "react";
import { isUpdateDue } from "../../../shared/domain/progress-updates";
import { SCREENSHOT_RULE } from "../../../shared/files/file-check";
import type { AdminProject } from "../../../shared/schemas/admin";
import {
  postUpdateSchema,
  UPDATE_HEALTH_LABELS,
  UPDATE_HEALTHS,
  UPDATE_IMAGES_MAX,
  UPDATE_MESSAGES,
  UPDATE_NEXT_STEPS_MAX,
  UPDATE_SUMMARY_MAX,
} from "../../../shared/schemas/updates";
import { FilePicker } from "../../components/kit/FilePicker";
import { ListState } from "../../components/kit/ListState";
import { Pager } from "../../components/kit/Pager";
import { ProgressUpdateView } from "../../components/kit/ProgressUpdateView";
import { Alert } from "../../components/ui/alert";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { Textarea } from "../../components/ui/input";
import { Select } from "../../components/ui/select";
import { toast } from "../../components/ui/use-toast";
import { serverFieldErrors, serverMessage } from "../../lib/api";
import { formatDateTime } from "../../lib/date-time";
import { setServerFieldErrors, useSchemaForm } from "../../lib/form";
import { useUpdateDraft } from "../updates/api/get-update-draft";
import { useUpdates } from "../updates/api/get-updates";
import { usePostUpdate } from "../updates/api/post-update";

const HEALTH_OPTIONS = UPDATE_HEALTHS.map((value) => ({ value, label: UPDATE_HEALTH_LABELS[value].label }));
const PAGE_SIZE = 5;
/** Each picked file's list key (the same file may be picked twice). */
let lastImageKey = 0;
const newImageKey = () => {
  lastImageKey += 1;
  return String(lastImageKey);
};

export function UpdatesPanel({ project }: { project: AdminProject }) {
  const [page, setPage] = useState(1);
  const updates = useUpdates(project.id, page, PAGE_SIZE);
  const post = usePostUpdate(project.id);
  const draft = useUpdateDraft(project.id);
  const form = useSchemaForm(postUpdateSchema, { summary: "", health: "on_track", nextSteps: "" });
  const [images, setImages] = useState<Array<{ key: string; file: File }>>([]);
  const [imageError, setImageError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [draftNote, setDraftNote] = useState<string | null>(null);
  const errors = form.formState.errors;
  const summary = form.watch("summary") ?? "";
  const nextSteps = form.watch("nextSteps") ?? "";
  const pending = form.formState.isSubmitting;
  // The newest update shown here is fresher than the project row the dialog was opened with.
  const lastUpdateAt = (page === 1 ? updates.data?.items[0]?.createdAt : null) ?? project.lastUpdateAt;
  const due = isUpdateDue({ ...project, lastUpdateAt }, new Date());

  const fillFromActivity = async () => {
    setDraftNote(null);
    const result = await draft.refetch();
    if (result.error || !result.data) {
      setDraftNote(serverMessage(result.error, "The draft could not be made."));
      return;
    }
    if (result.data.items === 0) {
      setDraftNote(UPDATE_MESSAGES.nothingToDraft);
      return;
    }
    form.setValue("summary", result.data.summary, { shouldDirty: true, shouldValidate: true });
    setDraftNote(
      `Drafted from ${result.data.items} ${result.data.items === 1 ? "thing" : "things"} that happened ${
        result.data.since ? `since ${formatDateTime(result.data.since)}` : "on this project so far"
      }. Edit it before posting.`,
    );
  };

  const submit = form.handleSubmit(async (body) => {
    setRefusal(null);
    try {
      await post.mutateAsync({ ...body, images: images.map((image) => image.file) });
      form.reset({ summary: "", health: body.health, nextSteps: "" });
      setImages([]);
      setDraftNote(null);
      setPage(1);
      toast({ title: UPDATE_MESSAGES.posted, description: "The customer's dashboard shows it now." });
    } catch (error) {
      const fields = serverFieldErrors(error);
      setServerFieldErrors(form, fields);
      if (fields.images) setImageError(fields.images);
      if (Object.keys(fields).length === 0) setRefusal(serverMessage(error, "The update could not be posted."));
    }
  });

  return (
    <div className="grid gap-5">
      <form
        noValidate
        onSubmit={submit}
        className="grid gap-3 rounded-xl border border-slate-200 p-4"
        aria-label="Post a progress update"
      >
        <div className="flex flex-wrap items-start gap-2">
          <div className="min-w-0 flex-1">
            <h3 className="font-semibold text-slate-900">Post a progress update</h3>
            <p className="text-sm text-slate-600">
              Shown on the customer's dashboard at once and emailed to the owner and members by their choices.
            </p>
          </div>
          {due && <Badge variant="warning">Update due</Badge>}
        </div>
        {refusal && <Alert variant="danger">{refusal}</Alert>}
        <Field
          label="Summary"
          required
          hint="Markdown: what changed since the last update."
          error={errors.summary?.message}
          aside={<span className="ml-auto text-xs text-slate-500">{`${summary.length}/${UPDATE_SUMMARY_MAX}`}</span>}
        >
          {(control) => <Textarea {...control} rows={7} maxLength={UPDATE_SUMMARY_MAX} {...form.register("summary")} />}
        </Field>
        <div className="flex flex-wrap items-center gap-2">
          <Button type="button" variant="outline" size="sm" onClick={fillFromActivity} disabled={draft.isFetching}>
            <Sparkles aria-hidden="true" />
            {draft.isFetching ? "Drafting..." : "Draft from activity"}
          </Button>
          {draftNote && (
            <p className="text-xs text-slate-600" role="status">
              {draftNote}
            </p>
          )}
        </div>
        <Field label="Health" required error={errors.health?.message}>
          {(control) => (
            <Select
              {...control}
              value={form.watch("health")}
              onValueChange={(value) => form.setValue("health", value as (typeof UPDATE_HEALTHS)[number], { shouldDirty: true })}
              options={HEALTH_OPTIONS}
              className="sm:w-56"
            />
          )}
        </Field>
        <Field
          label="Next steps"
          hint="Optional, Markdown: what comes next."
          error={errors.nextSteps?.message}
          aside={<span className="ml-auto text-xs text-slate-500">{`${(nextSteps ?? "").length}/${UPDATE_NEXT_STEPS_MAX}`}</span>}
        >
          {(control) => <Textarea {...control} rows={3} maxLength={UPDATE_NEXT_STEPS_MAX} {...form.register("nextSteps")} />}
        </Field>
        <div className="grid gap-2">
          <FilePicker
            rule={SCREENSHOT_RULE}
            input={{ "aria-label": "Add an image" }}
            disabled={images.length >= UPDATE_IMAGES_MAX}
            onFile={(file) => {
              setImageError(null);
              setImages((current) => (current.length < UPDATE_IMAGES_MAX ? [...current, { key: newImageKey(), file }] : current));
            }}
            onReject={setImageError}
            className="flex flex-wrap items-center gap-2 rounded-lg border border-dashed border-slate-300 p-3"
            draggingClassName="border-brand-600 bg-brand-50"
          >
            {({ browse }) => (
              <>
                <Button type="button" variant="outline" size="sm" onClick={browse} disabled={images.length >= UPDATE_IMAGES_MAX}>
                  <ImagePlus aria-hidden="true" />
                  Add image
                </Button>
                <span className="text-xs text-slate-500">
                  {`Up to ${UPDATE_IMAGES_MAX} screenshots (PNG, JPG, WebP or GIF, 5 MB each): browse, drop or paste. ${images.length}/${UPDATE_IMAGES_MAX} added.`}
                </span>
              </>
            )}
          </FilePicker>
          {imageError && (
            <p role="alert" className="text-sm text-red-600">
              {imageError}
            </p>
          )}
          {images.length > 0 && (
            <ul className="flex flex-wrap gap-2" aria-label="Images to post">
              {images.map(({ key, file }, index) => (
                <li
                  key={key}
                  className="flex max-w-full items-center gap-1 rounded-full bg-slate-100 py-1 pr-1 pl-3 text-xs text-slate-700"
                >
                  <span className="truncate">{file.name || `Image ${index + 1}`}</span>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    className="size-6 p-0"
                    aria-label={`Remove ${file.name || `image ${index + 1}`}`}
                    onClick={() => setImages((current) => current.filter((image) => image.key !== key))}
                  >
                    <X aria-hidden="true" />
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <Button type="submit" className="justify-self-end" disabled={pending}>
          <Megaphone aria-hidden="true" />
          {pending ? "Posting..." : "Post update"}
        </Button>
      </form>
      <section aria-label="Posted updates" className="grid gap-3">
        <h3 className="font-semibold text-slate-900">Posted updates</h3>
        <ListState
          isLoading={updates.isPending}
          error={updates.error}
          isEmpty={updates.data?.items.length === 0}
          emptyText="No update posted on this project yet."
          errorText="The updates could not be loaded."
          skeletonClassName="h-24 w-full rounded-xl"
          onRetry={() => updates.refetch()}
        >
          <ol className="grid gap-3">
            {updates.data?.items.map((update) => (
              <li key={update.id} className="rounded-lg border border-slate-200 p-3">
                <ProgressUpdateView update={update} />
              </li>
            ))}
          </ol>
          {updates.data && <Pager of={updates.data} onPage={setPage} />}
        </ListState>
      </section>
    </div>
  );
}
