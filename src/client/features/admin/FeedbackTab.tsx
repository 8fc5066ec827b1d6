// Feedback Management tab on the feedback feature's owners: GET /api/company/feedback (filtered by project
// and status, paged on the server) and the admin's review, PATCH /api/projects/{projectId}/feedback/{feedbackId}.
// FeedbackReviewList is also the project's feedback inside View Details.
import { Ban, CheckCheck, Globe, ImageIcon, RotateCcw, Wrench } from "lucide-react";
import { useState } from "react";
import { canCloseFeedbackRound, currentFeedbackRound, feedbackRoundLabel } from "../../../shared/domain/feedback-rounds";
import { ADMIN_MESSAGES } from "../../../shared/schemas/admin";
import {
  type CloseFeedbackRoundResult,
  type CompanyFeedbackItem,
  FEEDBACK_MESSAGES,
  FEEDBACK_STATUS_LABELS,
  FEEDBACK_STATUSES,
  FEEDBACK_TYPE_LABELS,
  type FeedbackStatus,
  updateFeedbackSchema,
  wontFixFormSchema,
} from "../../../shared/schemas/feedback";
import { ConfirmDialog } from "../../components/kit/ConfirmDialog";
import { FeedbackHistory, ReasonDialog, ResolutionBadge } from "../../components/kit/FeedbackHistory";
import { ListState } from "../../components/kit/ListState";
import { Pager } from "../../components/kit/Pager";
import { Alert } from "../../components/ui/alert";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Dialog, DialogContent, DialogFooter, DialogHeader } from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { Textarea } from "../../components/ui/input";
import { PendingButton } from "../../components/ui/pending-button";
import { Select } from "../../components/ui/select";
import { toast } from "../../components/ui/use-toast";
import { serverFieldErrors, serverMessage } from "../../lib/api";
import { formatDate, formatDateTime } from "../../lib/date-time";
import { setServerFieldErrors, useSchemaForm } from "../../lib/form";
import { linkedItemProps, useLinkedItem } from "../../lib/use-linked-item";
import { useListState } from "../../lib/use-list-state";
import { useCloseFeedbackRound } from "../feedback/api/close-feedback-round";
import { useCompanyFeedback } from "../feedback/api/get-company-feedback";
import { useVersions } from "../feedback/api/get-versions";
import { useResolveFeedback } from "../feedback/api/resolve-feedback";
import { useUpdateFeedback } from "../feedback/api/update-feedback";
import { useAdminProjects } from "./api/get-admin-projects";
import { ProjectFilter } from "./ProjectFilter";

const STATUS_FILTER = [
  { value: "all", label: "All statuses" },
  ...FEEDBACK_STATUSES.map((status) => ({ value: status, label: FEEDBACK_STATUS_LABELS[status] })),
];
const STATUS_CHOICES = STATUS_FILTER.slice(1);

const LIST = { project: "text", code: "text", status: ["all", ...FEEDBACK_STATUSES] } as const;

export function FeedbackTab() {
  const { state, set } = useListState(LIST, { scope: "feedback" });
  const project = state.project ? { id: state.project, code: state.code } : null;
  const [outcome, setOutcome] = useState<RoundOutcome | null>(null);
  return (
    <Card>
      <CardContent className="p-4 sm:p-6">
        <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
          <h2 className="text-lg font-semibold text-slate-900">Feedback Management</h2>
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            <ProjectFilter
              label="Feedback project filter"
              value={state.project}
              code={state.code}
              onChange={(next) => set({ project: next?.value ?? "", code: next?.code ?? "" })}
            />
            <Select
              aria-label="Feedback status filter"
              value={state.status}
              onValueChange={(value) => set({ status: value as typeof state.status })}
              options={STATUS_FILTER}
              className="sm:w-40"
            />
            {project ? <CloseRound key={project.id} project={project} onOutcome={setOutcome} /> : <CloseRoundUnavailable />}
          </div>
        </div>
        {outcome && outcome.projectId === project?.id && <CloseRoundResult outcome={outcome} />}
        <FeedbackReviewList projectId={project?.id} status={state.status} page={state.page} onPage={(page) => set({ page })} />
      </CardContent>
    </Card>
  );
}

const CLOSE_ROUND_HINT = "Choose a project to close its feedback round.";

function CloseRoundUnavailable() {
  return (
    <Button variant="outline" disabled title={CLOSE_ROUND_HINT}>
      <CheckCheck aria-hidden="true" />
      Close round
    </Button>
  );
}

/** What the last Close round answered, for the project it was asked for. */
type RoundOutcome = { projectId: string } & (
  | { kind: "closed"; result: CloseFeedbackRoundResult }
  | { kind: "refused"; message: string }
);

/** Close round for the chosen project: asks first, then POST .../feedback/rounds/close; the answer shows below. */
function CloseRound({
  project,
  onOutcome,
}: {
  project: { id: string; code: string };
  onOutcome: (outcome: RoundOutcome) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const close = useCloseFeedbackRound(project.id);
  // The owner refreshes the feedback lists and the console's project rows (iterations used).
  const matches = useAdminProjects({ search: project.code, pageSize: 8 });
  const row = matches.data?.items.find((p) => p.id === project.id);
  const round = row ? currentFeedbackRound(row) : null;
  const usedUp = row ? !canCloseFeedbackRound(row) : false;
  const closeRound = async () => {
    try {
      const result = await close.mutateAsync();
      onOutcome({ projectId: project.id, kind: "closed", result });
      toast({ title: `Round ${result.closedRound} closed`, variant: "success" });
    } catch (error) {
      onOutcome({ projectId: project.id, kind: "refused", message: serverMessage(error, "The round could not be closed.") });
    }
  };
  return (
    <>
      <Button
        variant="outline"
        onClick={() => setConfirming(true)}
        disabled={usedUp || close.isPending}
        title={usedUp ? FEEDBACK_MESSAGES.roundsUsedUp : undefined}
      >
        <CheckCheck aria-hidden="true" />
        Close round
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={
          round && row ? `Close ${feedbackRoundLabel(round, row.maxIterations).toLowerCase()}?` : "Close the feedback round?"
        }
        description={`${project.code}: the round's done items stay in it, its pending items move to the next round, and the project uses one more of its included iterations. The customer is notified. A closed round cannot be reopened.`}
        confirmLabel="Close round"
        pendingLabel="Closing..."
        onConfirm={closeRound}
      />
    </>
  );
}

function CloseRoundResult({ outcome }: { outcome: RoundOutcome }) {
  if (outcome.kind === "refused")
    return (
      <Alert variant="danger" className="mb-4" data-testid="close-round-result">
        {outcome.message}
      </Alert>
    );
  const { result } = outcome;
  return (
    <Alert variant="success" className="mb-4" data-testid="close-round-result">
      <CheckCheck aria-hidden="true" />
      <p>
        {`Round ${result.closedRound} closed: ${result.doneCount} item${result.doneCount === 1 ? "" : "s"} done`}
        {result.carriedOver > 0 ? `, ${result.carriedOver} pending carried to round ${result.closedRound + 1}` : ""}
        {`. Iterations used: ${result.iterationsUsed} of ${result.maxIterations}.`}
      </p>
    </Alert>
  );
}

export function FeedbackReviewList(props: {
  projectId?: string;
  status?: string;
  page?: number;
  onPage?: (page: number) => void;
}) {
  const [ownPage, setOwnPage] = useState(1);
  const page = props.page ?? ownPage;
  const feedback = useCompanyFeedback({
    projectId: props.projectId,
    status: (props.status ?? "all") as FeedbackStatus | "all",
    page,
  });
  const linked = useLinkedItem("item");
  return (
    <ListState
      isLoading={feedback.isLoading}
      error={feedback.error}
      isEmpty={feedback.data?.items.length === 0}
      emptyText={ADMIN_MESSAGES.noFeedback}
      onRetry={() => feedback.refetch()}
    >
      <ul className="space-y-4" aria-busy={feedback.isFetching}>
        {feedback.data?.items.map((item) => (
          <FeedbackCard key={item.id} item={item} linked={linked} />
        ))}
      </ul>
      {feedback.data && <Pager of={feedback.data} onPage={props.onPage ?? setOwnPage} />}
    </ListState>
  );
}

function FeedbackCard({ item, linked }: { item: CompanyFeedbackItem; linked: string | null }) {
  const [viewing, setViewing] = useState(false);
  const update = useUpdateFeedback(item.projectId);
  const save = (edit: { status?: FeedbackStatus; adminComment?: string }) =>
    update.mutate(
      { id: item.id, edit },
      {
        onSuccess: () => toast({ title: FEEDBACK_MESSAGES.updated, variant: "success" }),
        onError: (error) =>
          toast({
            title: ADMIN_MESSAGES.updateFailed,
            description: serverMessage(error, "The feedback could not be updated."),
            variant: "destructive",
          }),
      },
    );

  return (
    <li {...linkedItemProps(item.id, linked, "rounded-xl border border-slate-200 p-4")} data-testid="feedback-item">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={item.feedbackType === "error" ? "danger" : "default"}>{FEEDBACK_TYPE_LABELS[item.feedbackType]}</Badge>
        <Badge variant={item.status === "done" ? "success" : "warning"}>{FEEDBACK_STATUS_LABELS[item.status]}</Badge>
        <ResolutionBadge item={item} />
        <span className="font-mono text-xs font-medium text-slate-700">{item.projectCode}</span>
        <span className="text-xs text-slate-500">{formatDate(item.createdAt)}</span>
        <span className="text-xs text-slate-500">Round {item.round}</span>
        {item.versionNumber !== null && <span className="text-xs text-slate-500">Reported on version {item.versionNumber}</span>}
        <Select
          aria-label={`Status of feedback ${item.id.slice(0, 8)}`}
          value={item.status}
          onValueChange={(value) => save({ status: value as FeedbackStatus })}
          options={STATUS_CHOICES}
          disabled={update.isPending}
          className="w-full sm:ml-auto sm:w-32"
        />
      </div>
      <p className="mt-1 text-xs text-slate-500">
        {item.projectName ?? "Untitled project"}
        {item.author ? ` · from ${item.author.name ?? item.author.email}` : item.customerName ? ` · ${item.customerName}` : ""}
      </p>
      <div className="mt-3 grid gap-3 md:grid-cols-[1fr_auto]">
        <div className="min-w-0 space-y-2">
          <div>
            <p className="text-sm font-medium text-slate-900">Issue Faced</p>
            <p className="text-sm wrap-anywhere whitespace-pre-line text-slate-700">{item.issueFaced}</p>
          </div>
          <div>
            <p className="text-sm font-medium text-slate-900">Change Needed</p>
            <p className="text-sm wrap-anywhere whitespace-pre-line text-slate-700">{item.changeDescription}</p>
          </div>
        </div>
        {item.screenshotUrl && (
          <button
            type="button"
            onClick={() => setViewing(true)}
            className="group relative block w-fit overflow-hidden rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600"
            aria-label="View the screenshot"
          >
            <img src={item.screenshotUrl} alt="" className="max-h-36 max-w-full object-contain md:max-w-56" loading="lazy" />
            <span className="absolute inset-x-0 bottom-0 flex items-center gap-1 bg-slate-900/70 px-2 py-1 text-xs whitespace-nowrap text-white">
              <ImageIcon className="size-3" aria-hidden="true" />
              View screenshot
            </span>
          </button>
        )}
      </div>
      {item.context && <CapturedContext context={item.context} />}
      {item.adminComment && (
        <div className="mt-3 rounded-lg bg-brand-50 p-3 text-sm">
          <p className="font-medium text-brand-900">
            Admin Response
            {item.adminUpdatedAt && (
              <span className="ml-2 text-xs font-normal text-slate-500">{formatDateTime(item.adminUpdatedAt)}</span>
            )}
          </p>
          <p className="wrap-anywhere whitespace-pre-line text-slate-800">{item.adminComment}</p>
        </div>
      )}
      <ReopenedNotice item={item} />
      {item.history.length > 0 && (
        <div className="mt-3">
          <FeedbackHistory history={item.history} />
        </div>
      )}
      <ResponseForm item={item} />
      <ResolveActions item={item} />
      {viewing && item.screenshotUrl && (
        <Dialog open onOpenChange={(open) => !open && setViewing(false)}>
          <DialogContent className="max-w-4xl">
            <DialogHeader title="Screenshot" description={`${item.projectCode} · ${FEEDBACK_TYPE_LABELS[item.feedbackType]}`} />
            <img
              src={item.screenshotUrl}
              alt="Screenshot attached to the feedback"
              className="max-h-[75vh] w-full object-contain"
            />
          </DialogContent>
        </Dialog>
      )}
    </li>
  );
}

function CapturedContext({ context }: { context: NonNullable<CompanyFeedbackItem["context"]> }) {
  const rows: Array<[string, string | null]> = [
    ["Page", context.pageUrl],
    ["Browser", [context.browser, context.os].filter(Boolean).join(" on ") || null],
    ["Window", context.viewport ? `${context.viewport.width} × ${context.viewport.height}` : null],
    ["Captured", `${formatDateTime(context.capturedAt)}${context.timezone ? ` (${context.timezone})` : ""}`],
  ];
  return (
    <details className="mt-3 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-xs text-slate-700">
      <summary className="flex cursor-pointer items-center gap-1 font-medium text-slate-800">
        <Globe className="size-3.5" aria-hidden="true" />
        Captured context
        {context.consoleErrors.length > 0 && (
          <Badge variant="danger" className="ml-2">
            {context.consoleErrors.length} console error{context.consoleErrors.length === 1 ? "" : "s"}
          </Badge>
        )}
      </summary>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-slate-500">{label}</dt>
              <dd className="break-all">{value}</dd>
            </div>
          ))}
      </dl>
      {context.consoleErrors.length > 0 && (
        <ul className="mt-2 space-y-1 font-mono text-[11px] text-red-800">
          {context.consoleErrors.map((entry, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the captured list never changes order
            <li key={index} className="break-all">
              {entry.message}
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}

const responseSchema = updateFeedbackSchema.pick({ adminComment: true });

/** The admin's response the customer sees with the item (the shared update schema's rule). */
function ResponseForm({ item }: { item: CompanyFeedbackItem }) {
  const update = useUpdateFeedback(item.projectId);
  const form = useSchemaForm(responseSchema, { adminComment: item.adminComment ?? "" });
  const changed = (form.watch("adminComment") ?? "").trim() !== (item.adminComment ?? "");
  const submit = form.handleSubmit(async ({ adminComment }) => {
    try {
      await update.mutateAsync({ id: item.id, edit: { adminComment: adminComment?.trim() ?? "" } });
      toast({ title: FEEDBACK_MESSAGES.updated, variant: "success" });
    } catch (error) {
      setServerFieldErrors(form, serverFieldErrors(error));
      toast({
        title: ADMIN_MESSAGES.updateFailed,
        description: serverMessage(error, "The feedback could not be updated."),
        variant: "destructive",
      });
    }
  });
  return (
    <form noValidate onSubmit={submit} className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-start">
      <Field
        label={`Admin response to feedback ${item.id.slice(0, 8)}`}
        labelClassName="sr-only"
        error={form.formState.errors.adminComment?.message}
        className="grid flex-1 gap-1"
      >
        {(control) => (
          <Textarea
            {...control}
            rows={2}
            placeholder="Write a response the customer will see with this item"
            {...form.register("adminComment")}
          />
        )}
      </Field>
      <Button type="submit" variant="outline" disabled={form.formState.isSubmitting || !changed} className="shrink-0">
        {form.formState.isSubmitting ? "Saving..." : "Save Response"}
      </Button>
    </form>
  );
}

/** A reopened item says so at the top of its card, with the customer's reason. */
function ReopenedNotice({ item }: { item: CompanyFeedbackItem }) {
  const last = item.history.at(-1);
  if (item.status !== "pending" || last?.kind !== "reopened") return null;
  return (
    <Alert variant="warning" className="mt-3" data-testid="reopened-notice">
      <RotateCcw aria-hidden="true" />
      <div className="min-w-0">
        <p className="font-medium">
          Reopened by {last.actorName ?? "the customer"} · {formatDateTime(last.at)}
        </p>
        {last.note && <p className="wrap-anywhere whitespace-pre-line">{last.note}</p>}
      </div>
    </Alert>
  );
}

/** Close the loop: fixed in a published version of this project, or won't fix with a reason. */
function ResolveActions({ item }: { item: CompanyFeedbackItem }) {
  const [fixing, setFixing] = useState(false);
  const [declining, setDeclining] = useState(false);
  const resolve = useResolveFeedback(item.projectId);
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      <Button variant="outline" size="sm" onClick={() => setFixing(true)}>
        <Wrench aria-hidden="true" />
        Mark fixed…
      </Button>
      <Button variant="outline" size="sm" onClick={() => setDeclining(true)}>
        <Ban aria-hidden="true" />
        Won't fix…
      </Button>
      {fixing && <FixedInVersionDialog item={item} onClose={() => setFixing(false)} />}
      <ReasonDialog
        open={declining}
        onOpenChange={setDeclining}
        title="Won't fix this item?"
        description={`${item.projectCode}: the reporter and the owner are told, with your reason. They may reopen it.`}
        label="Reason"
        confirmLabel="Won't fix"
        pendingLabel="Saving..."
        errorText="The item could not be marked won't fix."
        schema={wontFixFormSchema}
        onSubmit={async (reason) => {
          await resolve.mutateAsync({ id: item.id, body: { resolution: "wont_fix", reason } });
          toast({ title: "Marked won't fix", variant: "success" });
        }}
      />
    </div>
  );
}

function FixedInVersionDialog({ item, onClose }: { item: CompanyFeedbackItem; onClose: () => void }) {
  const versions = useVersions(item.projectId);
  const resolve = useResolveFeedback(item.projectId);
  // Versions from the one it was reported on; the newest first, chosen at the start.
  const choices = (versions.data?.items ?? []).filter((v) => item.versionNumber === null || v.number >= item.versionNumber);
  const [chosen, setChosen] = useState<string>("");
  const value = chosen || (choices[0] ? String(choices[0].number) : "");
  const [error, setError] = useState<string | undefined>();
  const save = async () => {
    setError(undefined);
    try {
      await resolve.mutateAsync({ id: item.id, body: { resolution: "fixed", versionNumber: Number(value) } });
      toast({ title: `Marked fixed in version ${value}`, variant: "success" });
      onClose();
    } catch (failure) {
      setError(serverFieldErrors(failure).versionNumber ?? serverMessage(failure, "The item could not be marked fixed."));
    }
  };
  return (
    <Dialog open onOpenChange={(open) => !open && !resolve.isPending && onClose()}>
      <DialogContent className="max-w-md">
        <DialogHeader
          title="Mark fixed in a version"
          description={`${item.projectCode}: the reporter and the owner are told which version to check, and confirm or reopen it.`}
        />
        {versions.isPending ? (
          <p className="text-sm text-slate-600">Loading versions…</p>
        ) : choices.length === 0 ? (
          <Alert variant="warning">Publish a version with this fix first (Versions tab); then mark it fixed here.</Alert>
        ) : (
          <Field label="Fixed in version" error={error}>
            {(control) => (
              <Select
                id={control.id}
                aria-describedby={control["aria-describedby"]}
                aria-invalid={control["aria-invalid"]}
                value={value}
                onValueChange={setChosen}
                options={choices.map((v) => ({
                  value: String(v.number),
                  label: `Version ${v.number} · ${formatDate(v.publishedAt)}`,
                }))}
              />
            )}
          </Field>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose} disabled={resolve.isPending}>
            Cancel
          </Button>
          <PendingButton type="button" onClick={save} pending={resolve.isPending} disabled={!value}>
            Mark fixed
          </PendingButton>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
