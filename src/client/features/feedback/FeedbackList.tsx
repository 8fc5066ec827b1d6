// The project's feedback: type and status badges, dates, the texts, the screenshot (click to
// enlarge), the team's response with its date, the round; newest first, filtered by status and paged on the server.
import { Bot, CheckCircle2, Globe, Lock, Pencil, RotateCcw } from "lucide-react";
import { useState } from "react";
import { feedbackRoundLabel } from "../../../shared/domain/feedback-rounds";
import {
  FEEDBACK_STATUS_LABELS,
  FEEDBACK_TYPE_LABELS,
  type FeedbackItem,
  reopenFeedbackSchema,
} from "../../../shared/schemas/feedback";
import { FeedbackHistory, ReasonDialog, ResolutionBadge } from "../../components/kit/FeedbackHistory";
import { ListState } from "../../components/kit/ListState";
import { Pager } from "../../components/kit/Pager";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Dialog, DialogContent, DialogHeader } from "../../components/ui/dialog";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/api";
import { cn } from "../../lib/cn";
import { formatDateTime } from "../../lib/date-time";
import { linkedItemProps, useLinkedItem } from "../../lib/use-linked-item";
import { useListState } from "../../lib/use-list-state";
import { type FeedbackFilter, useFeedback } from "./api/get-feedback";
import { useConfirmFeedback, useReopenFeedback } from "./api/resolve-feedback";

const LIST = { status: ["all", "pending", "done"] } as const;

const FILTERS: Array<{ value: FeedbackFilter; label: string }> = [
  { value: "all", label: "All" },
  { value: "pending", label: "Pending" },
  { value: "done", label: "Done" },
];

export function FeedbackList({
  projectId,
  maxIterations,
  canSubmit,
  canReport = canSubmit,
  onSubmitClick,
  onEdit,
}: {
  projectId: string;
  maxIterations: number;
  /** May change feedback (their own items); `canReport`: may also send new items (not once the project has ended). */
  canSubmit: boolean;
  canReport?: boolean;
  onSubmitClick: () => void;
  onEdit: (item: FeedbackItem) => void;
}) {
  const { state, set } = useListState(LIST, { scope: "feedback" });
  const { status, page } = state;
  const feedback = useFeedback(projectId, { status, page });
  const data = feedback.data;
  const linked = useLinkedItem("item");

  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <CardTitle>
          Your Feedback{data ? <span className="ml-2 text-sm font-normal text-slate-500">({data.total})</span> : null}
        </CardTitle>
        <fieldset className="flex gap-1 rounded-lg bg-slate-100 p-1" aria-label="Filter by status">
          {FILTERS.map((filter) => (
            <button
              key={filter.value}
              type="button"
              aria-pressed={status === filter.value}
              onClick={() => set({ status: filter.value })}
              className={cn(
                "rounded-md px-3 py-1 text-sm font-medium text-slate-600 transition-colors",
                status === filter.value ? "bg-white text-slate-900 shadow-sm" : "hover:text-slate-900",
              )}
            >
              {filter.label}
            </button>
          ))}
        </fieldset>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ListState
          isLoading={feedback.isPending}
          error={feedback.error}
          isEmpty={data?.items.length === 0}
          errorText="Your feedback could not be loaded. Check your connection and try again."
          skeletonClassName="h-32 w-full rounded-xl"
          onRetry={() => feedback.refetch()}
          emptyText={
            status === "all" ? (
              <>
                <span className="block font-semibold text-slate-900">No feedback yet</span>
                <span className="mx-auto block max-w-sm text-sm">
                  {canReport
                    ? "Found something broken or have an idea? Send it to our team with a screenshot."
                    : "Feedback from your team will appear here."}
                </span>
                {canReport && (
                  <Button size="sm" className="mt-2" onClick={onSubmitClick}>
                    Submit Feedback
                  </Button>
                )}
              </>
            ) : (
              "No feedback found matching your filters."
            )
          }
        >
          <ul className={cn("grid gap-4", feedback.isPlaceholderData && "opacity-60")} aria-label="Feedback items">
            {data?.items.map((item) => (
              <FeedbackCard
                key={item.id}
                projectId={projectId}
                item={item}
                linked={linked}
                maxIterations={maxIterations}
                onEdit={canSubmit ? () => onEdit(item) : null}
              />
            ))}
          </ul>
          {data && <Pager of={data} onPage={(next) => set({ page: next })} />}
        </ListState>
      </CardContent>
    </Card>
  );
}

/** `onEdit` null: the caller's access no longer lets them change feedback (their own items stay read-only). */
function FeedbackCard({
  projectId,
  item,
  linked,
  maxIterations,
  onEdit,
}: {
  projectId: string;
  item: FeedbackItem;
  /** The item the page's address names (the bell's and the emails' links). */
  linked: string | null;
  maxIterations: number;
  onEdit: (() => void) | null;
}) {
  const [enlarged, setEnlarged] = useState(false);
  const context = item.context;
  return (
    <li {...linkedItemProps(item.id, linked, "grid gap-3 rounded-xl border border-slate-200 p-4")} data-testid="feedback-item">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={item.feedbackType === "error" ? "danger" : "default"}>{FEEDBACK_TYPE_LABELS[item.feedbackType]}</Badge>
        <Badge variant={item.status === "done" ? "success" : "warning"}>{FEEDBACK_STATUS_LABELS[item.status]}</Badge>
        <ResolutionBadge item={item} />
        <Badge variant="outline">{feedbackRoundLabel(item.round, maxIterations)}</Badge>
        {item.versionNumber !== null && <Badge variant="outline">Reported on version {item.versionNumber}</Badge>}
        <span className="ml-auto text-xs text-slate-500">
          <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
          {item.author ? ` · ${item.author.name || item.author.email}` : ""}
        </span>
      </div>
      <div className="grid gap-3 sm:grid-cols-[1fr_auto]">
        <dl className="grid gap-2 text-sm">
          <div>
            <dt className="font-semibold text-slate-900">Issue Faced</dt>
            <dd className="whitespace-pre-wrap wrap-anywhere text-slate-700">{item.issueFaced}</dd>
          </div>
          <div>
            <dt className="font-semibold text-slate-900">Change Needed</dt>
            <dd className="whitespace-pre-wrap wrap-anywhere text-slate-700">{item.changeDescription}</dd>
          </div>
        </dl>
        {item.screenshotUrl && (
          <button
            type="button"
            onClick={() => setEnlarged(true)}
            className="group h-24 w-full overflow-hidden rounded-lg border border-slate-200 bg-slate-50 sm:w-36"
            aria-label="Enlarge screenshot"
          >
            <img
              src={item.screenshotUrl}
              alt="Screenshot attached to this feedback"
              className="size-full object-cover transition-transform group-hover:scale-105"
              loading="lazy"
            />
          </button>
        )}
      </div>
      {context && (context.pageUrl || context.browser) && (
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
          {context.pageUrl && (
            <span className="flex min-w-0 items-center gap-1">
              <Globe className="size-3.5 shrink-0" aria-hidden="true" />
              <span className="truncate">{context.pageUrl}</span>
            </span>
          )}
          {context.browser && (
            <span>
              {context.browser}
              {context.os ? ` · ${context.os}` : ""}
              {context.viewport ? ` · ${context.viewport.width}×${context.viewport.height}` : ""}
            </span>
          )}
          {context.consoleErrors.length > 0 && (
            <span className="text-red-600">
              {context.consoleErrors.length} console error{context.consoleErrors.length === 1 ? "" : "s"}
            </span>
          )}
        </p>
      )}
      {item.adminComment && (
        <section
          aria-label="Response from our team"
          className="grid gap-1 rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm"
        >
          <p className="flex flex-wrap items-center gap-x-2 font-semibold text-brand-900">
            <Bot className="size-4" aria-hidden="true" />
            Response from our team
            {item.adminUpdatedAt && (
              <time className="font-normal text-brand-700" dateTime={item.adminUpdatedAt}>
                · {formatDateTime(item.adminUpdatedAt)}
              </time>
            )}
          </p>
          <p className="whitespace-pre-wrap wrap-anywhere text-brand-900">{item.adminComment}</p>
        </section>
      )}
      {item.history.length > 0 && <FeedbackHistory history={item.history} />}
      {item.verifiable && item.status === "done" && !item.confirmedAt && <VerifyActions projectId={projectId} item={item} />}
      {item.editable && onEdit ? (
        <div>
          <Button variant="ghost" size="sm" onClick={onEdit}>
            <Pencil aria-hidden="true" />
            Edit
          </Button>
        </div>
      ) : item.adminUpdatedAt ? (
        <p className="flex items-center gap-1.5 text-xs text-slate-500">
          <Lock className="size-3.5" aria-hidden="true" />
          Reviewed by our team — this feedback can no longer be edited.
        </p>
      ) : null}
      <Dialog open={enlarged} onOpenChange={setEnlarged}>
        <DialogContent className="max-w-5xl">
          <DialogHeader title="Screenshot" description={item.issueFaced.slice(0, 120)} />
          {item.screenshotUrl && (
            <img
              src={item.screenshotUrl}
              alt="Screenshot attached to this feedback"
              className="max-h-[75vh] w-full object-contain"
            />
          )}
        </DialogContent>
      </Dialog>
    </li>
  );
}

/** The customer's side of the loop: confirm a fix, or reopen the item with what is still wrong. */
function VerifyActions({ projectId, item }: { projectId: string; item: FeedbackItem }) {
  const [reopening, setReopening] = useState(false);
  const confirm = useConfirmFeedback(projectId);
  const reopen = useReopenFeedback(projectId);
  const awaitingConfirmation = item.resolution === "fixed" && !item.confirmedAt;
  const confirmFix = () =>
    confirm.mutate(item.id, {
      onSuccess: () => toast({ title: "Fix confirmed", variant: "success" }),
      onError: (error) =>
        toast({ title: "The fix could not be confirmed", description: serverMessage(error, ""), variant: "destructive" }),
    });
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm">
      <p className="min-w-0 flex-1 basis-56 text-emerald-900">
        {awaitingConfirmation
          ? `Fixed in version ${item.fixedInVersion}. Does it work for you now?`
          : "Not what you expected? Reopen it and tell us what is still wrong."}
      </p>
      <div className="flex gap-2">
        {awaitingConfirmation && (
          <Button size="sm" onClick={confirmFix} disabled={confirm.isPending}>
            <CheckCircle2 aria-hidden="true" />
            Confirm fix
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={() => setReopening(true)}>
          <RotateCcw aria-hidden="true" />
          Reopen
        </Button>
      </div>
      <ReasonDialog
        open={reopening}
        onOpenChange={setReopening}
        title="Reopen this feedback?"
        description="It goes back to our team as pending in the current round, with your reason."
        label="What is still wrong?"
        confirmLabel="Reopen"
        pendingLabel="Reopening..."
        errorText="The feedback could not be reopened."
        schema={reopenFeedbackSchema}
        onSubmit={async (reason) => {
          await reopen.mutateAsync({ id: item.id, reason });
          toast({ title: "Feedback reopened", variant: "success" });
        }}
      />
    </div>
  );
}
