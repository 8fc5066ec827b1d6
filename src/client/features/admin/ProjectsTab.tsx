// Projects tab: the filtered, sorted, paged list; inline status, details, edit, BRD upload/download/remove, CSV.
import { Download, Eye, FileText, Megaphone, Pencil, Timer, Trash2, Upload } from "lucide-react";
import { type ReactNode, useState } from "react";
import { hoursText, readDeliveryClock } from "../../../shared/domain/delivery-clock";
import { moneyText } from "../../../shared/domain/pricing";
import { isUpdateDue, UPDATE_DUE_STATUSES } from "../../../shared/domain/progress-updates";
import type { ProjectStatus } from "../../../shared/domain/project-status";
import { DOCUMENT_RULE } from "../../../shared/files/file-check";
import { ADMIN_MESSAGES, type AdminProject, CLOSE_MESSAGES, CLOSE_REASON_MAX } from "../../../shared/schemas/admin";
import { ConfirmDialog } from "../../components/kit/ConfirmDialog";
import { FilePicker } from "../../components/kit/FilePicker";
import { ListState } from "../../components/kit/ListState";
import { Pager } from "../../components/kit/Pager";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Select } from "../../components/ui/select";
import { toast } from "../../components/ui/use-toast";
import { ApiError, serverFieldErrors, serverMessage } from "../../lib/api";
import { cn } from "../../lib/cn";
import { formatDate, formatDateTime, timeAgo } from "../../lib/date-time";
import { packageLabel, STATUS_BADGE, STATUS_OPTIONS } from "./admin-format";
import { useDeleteBrd } from "./api/delete-brd";
import { projectsCsvUrl, useAdminProjects } from "./api/get-admin-projects";
import { useUpdateProject } from "./api/update-project";
import { useUploadBrd } from "./api/upload-brd";
import { useProjectFilters } from "./console-state";
import { EditProjectDialog } from "./EditProjectDialog";
import { ProjectDetailsDialog } from "./ProjectDetailsDialog";
import { PaymentPhaseBadges, UnparsedAmounts } from "./payment-phase-badges";
import { rejectDocument } from "./reject-document";

const SORT_OPTIONS = [
  { value: "createdAt:desc", label: "Newest first" },
  { value: "createdAt:asc", label: "Oldest first" },
  { value: "projectCode:asc", label: "Project code" },
  { value: "customerName:asc", label: "Customer name" },
  { value: "status:asc", label: "Status" },
  { value: "deliveryDueAt:asc", label: "Delivery due soonest" },
];

/** The delivery clock's line in its colour: the timer, then what the clock says. */
function DueLine({ tone, children }: { tone: string; children: ReactNode }) {
  return (
    <span className={cn("inline-flex items-center gap-1", tone)} data-testid="delivery-due">
      <Timer className="size-3.5" aria-hidden="true" />
      {children}
    </span>
  );
}

/** The project's delivery clock in one short line for the list: due, overdue, delivered, or not started. */
function DeliveryDue({ project }: { project: AdminProject }) {
  const clock = readDeliveryClock(project);
  if (clock.state === "running") {
    return (
      <DueLine tone={clock.overdue ? "font-semibold text-red-700" : "text-slate-600"}>
        {clock.overdue
          ? `Overdue by ${hoursText(clock.hoursLate)} (due ${formatDateTime(project.deliveryDueAt)})`
          : `Due ${formatDateTime(project.deliveryDueAt)} · ${hoursText(clock.hoursLeft)} left`}
      </DueLine>
    );
  }
  if (clock.state === "delivered") {
    return (
      <DueLine tone={clock.late ? "text-amber-700" : "text-emerald-700"}>
        Delivered in {hoursText(clock.hoursTaken)}
        {clock.late ? ` (${hoursText(clock.hoursLate)} late)` : ""}
      </DueLine>
    );
  }
  return null;
}

/** The "daily progress updates" promise for a project being built: due now, or when the last update went out. */
function UpdateLine({ project }: { project: AdminProject }) {
  if (!(UPDATE_DUE_STATUSES as readonly string[]).includes(project.status)) return null;
  const now = new Date();
  const last = project.lastUpdateAt ? `last ${timeAgo(project.lastUpdateAt, now)}` : "none posted yet";
  if (isUpdateDue(project, now)) {
    return (
      <span className="inline-flex items-center gap-1 font-semibold text-amber-700" data-testid="update-due">
        <Megaphone className="size-3.5" aria-hidden="true" />
        Update due ({last})
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-1 text-slate-600">
      <Megaphone className="size-3.5" aria-hidden="true" />
      Updated {project.lastUpdateAt ? timeAgo(project.lastUpdateAt, now) : ""}
    </span>
  );
}

export function ProjectsTab() {
  const { filters, set, listQuery } = useProjectFilters();
  const projects = useAdminProjects(listQuery);
  const [viewing, setViewing] = useState<AdminProject | null>(null);
  const [editing, setEditing] = useState<AdminProject | null>(null);
  const page = projects.data;

  return (
    <Card>
      <CardContent className="p-4 sm:p-6">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-lg font-semibold text-slate-900">
            Projects
            {page ? (
              <span className="ml-2 text-sm font-normal text-slate-500">({page.total.toLocaleString("en-US")})</span>
            ) : null}
          </h2>
          <div className="flex flex-wrap items-center gap-2">
            <Select
              aria-label="Sort projects"
              value={`${filters.sort}:${filters.order}`}
              onValueChange={(value) => {
                const [sort, order] = value.split(":") as [typeof filters.sort, typeof filters.order];
                set({ sort, order });
              }}
              options={SORT_OPTIONS}
              className="w-44"
            />
            <Button asChild variant="outline">
              <a href={projectsCsvUrl(listQuery)} download data-testid="export-csv">
                <Download aria-hidden="true" />
                Export CSV
              </a>
            </Button>
          </div>
        </div>
        <ListState
          isLoading={projects.isLoading}
          error={projects.error}
          isEmpty={page?.items.length === 0}
          emptyText={ADMIN_MESSAGES.noProjects}
          onRetry={() => projects.refetch()}
        >
          <ul className="divide-y divide-slate-100" data-testid="admin-projects">
            {page?.items.map((project) => (
              <ProjectRow
                key={project.id}
                project={project}
                onView={() => setViewing(project)}
                onEdit={() => setEditing(project)}
              />
            ))}
          </ul>
          {page && <Pager of={page} onPage={(page) => set({ page })} />}
        </ListState>
      </CardContent>
      {viewing && (
        <ProjectDetailsDialog
          // The list's copy once it has refetched (a price changed in the dialog shows at once), else the one opened.
          project={page?.items.find((project) => project.id === viewing.id) ?? viewing}
          onClose={() => setViewing(null)}
        />
      )}
      {editing && <EditProjectDialog project={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}

function ProjectRow({ project, onView, onEdit }: { project: AdminProject; onView: () => void; onEdit: () => void }) {
  const updateProject = useUpdateProject();
  const uploadBrd = useUploadBrd();
  const deleteBrd = useDeleteBrd();
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);

  const [closing, setClosing] = useState(false);
  const setStatus = (status: string) => {
    // Completing by hand is closing without the customer's approval: it needs a reason the customer will read.
    if (status === "completed" && project.status !== "completed") {
      setClosing(true);
      return;
    }
    updateProject.mutate(
      { id: project.id, patch: { status: status as ProjectStatus } },
      {
        onSuccess: () => toast({ title: ADMIN_MESSAGES.statusUpdated, variant: "success" }),
        onError: (error) =>
          toast({
            title: ADMIN_MESSAGES.updateFailed,
            description: serverMessage(error, "Failed to update status"),
            variant: "destructive",
          }),
      },
    );
  };
  const onFile = (file: File) =>
    uploadBrd.mutate(
      { id: project.id, file },
      {
        onSuccess: () => toast({ title: ADMIN_MESSAGES.brdUploaded, variant: "success" }),
        onError: (error) =>
          error instanceof ApiError && error.status === 415
            ? rejectDocument()
            : toast({
                title: "Error",
                description: serverMessage(error, ADMIN_MESSAGES.brdUploadFailed),
                variant: "destructive",
              }),
      },
    );
  const removeBrd = () =>
    deleteBrd.mutateAsync(project.id, {
      onSuccess: () => toast({ title: ADMIN_MESSAGES.brdDeleted, variant: "success" }),
      onError: (error) =>
        toast({ title: "Error", description: serverMessage(error, ADMIN_MESSAGES.brdDeleteFailed), variant: "destructive" }),
    });

  return (
    <li className="flex flex-col gap-3 py-4 lg:flex-row lg:items-center" data-testid={`project-row-${project.projectCode}`}>
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-mono text-sm font-semibold text-slate-900">{project.projectCode}</span>
          <Badge variant={STATUS_BADGE[project.status]}>{STATUS_OPTIONS.find((s) => s.value === project.status)?.label}</Badge>
          <Badge variant="outline">{packageLabel(project.packageType)}</Badge>
          {project.price && (
            <span className="text-xs text-slate-600" data-testid="row-price">
              {moneyText(project.price.amount, project.price.currency)}
              {project.price.source === "custom" ? " · custom" : ""}
            </span>
          )}
          <PaymentPhaseBadges project={project} />
        </div>
        <UnparsedAmounts project={project} />
        <p className="truncate text-sm text-slate-700">
          <span className="font-medium">{project.customerName ?? project.customerEmail ?? "Unknown customer"}</span>
          {project.projectName ? <span className="text-slate-500"> · {project.projectName}</span> : null}
        </p>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-500">
          <span>Created {formatDate(project.createdAt)}</span>
          <span>
            Users {project.authorizedUsersCount}/{project.userLimit}
          </span>
          <DeliveryDue project={project} />
          <UpdateLine project={project} />
          <span className="inline-flex items-center gap-1">
            <FileText className="size-3.5" aria-hidden="true" />
            {project.brdDocumentName ? `BRD: ${project.brdDocumentName} (${formatDate(project.brdUploadedAt)})` : "No BRD yet"}
          </span>
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Select
          aria-label={`Status of ${project.projectCode}`}
          value={project.status}
          onValueChange={setStatus}
          options={STATUS_OPTIONS}
          disabled={updateProject.isPending}
          className="w-60"
        />
        <CloseProjectDialog project={project} open={closing} onOpenChange={setClosing} />
        <Button variant="outline" size="sm" onClick={onView}>
          <Eye aria-hidden="true" />
          View Details
        </Button>
        <Button variant="outline" size="sm" onClick={onEdit}>
          <Pencil aria-hidden="true" />
          Edit Details
        </Button>
        <FilePicker
          input={{ "aria-label": `Upload BRD for ${project.projectCode}` }}
          rule={DOCUMENT_RULE}
          onFile={onFile}
          onReject={rejectDocument}
          disabled={uploadBrd.isPending}
        >
          {({ browse }) => (
            <Button variant="outline" size="sm" onClick={browse} disabled={uploadBrd.isPending}>
              <Upload aria-hidden="true" />
              {uploadBrd.isPending ? "Uploading..." : project.brdDocumentUrl ? "Replace BRD" : "Upload BRD"}
            </Button>
          )}
        </FilePicker>
        {project.brdDocumentUrl && (
          <>
            <Button asChild variant="ghost" size="sm">
              <a href={project.brdDocumentUrl} download aria-label={`Download BRD of ${project.projectCode}`}>
                <Download aria-hidden="true" />
              </a>
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setConfirmingRemoval(true)}
              disabled={deleteBrd.isPending}
              aria-label={`Remove BRD of ${project.projectCode}`}
            >
              <Trash2 aria-hidden="true" className="text-red-600" />
            </Button>
            <ConfirmDialog
              open={confirmingRemoval}
              onOpenChange={setConfirmingRemoval}
              title="Remove the BRD?"
              description={`${project.brdDocumentName ?? "The BRD"} will be removed from ${project.projectCode}; the customer will no longer see it. You can upload a new one at any time.`}
              confirmLabel="Remove BRD"
              pendingLabel="Removing..."
              destructive
              onConfirm={removeBrd}
            />
          </>
        )}
      </div>
    </li>
  );
}

/** Completing a project by hand: the reason is required, the customer reads it (their activity, the status email). */
function CloseProjectDialog({
  project,
  open,
  onOpenChange,
}: {
  project: AdminProject;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const updateProject = useUpdateProject();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const close = async () => {
    const closeReason = reason.trim();
    if (!closeReason) {
      setError(CLOSE_MESSAGES.reasonRequired);
      throw new Error(CLOSE_MESSAGES.reasonRequired);
    }
    setError(null);
    try {
      await updateProject.mutateAsync({ id: project.id, patch: { status: "completed", closeReason } });
      setReason("");
      toast({ title: ADMIN_MESSAGES.statusUpdated, variant: "success" });
    } catch (caught) {
      const fields = serverFieldErrors(caught);
      setError(fields.closeReason ?? serverMessage(caught, "Failed to update status"));
      throw caught;
    }
  };
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setError(null);
        onOpenChange(next);
      }}
      title={`Close ${project.projectCode} as completed?`}
      description="The customer has not approved the prototype. Closing completes the project without their approval; they are told, with your reason."
      confirmLabel="Close project"
      pendingLabel="Closing..."
      onConfirm={close}
    >
      <label className="grid gap-1 text-sm font-medium text-slate-700">
        Reason (the customer reads it)
        <textarea
          className="min-h-24 rounded-md border border-slate-300 p-2 font-normal"
          value={reason}
          maxLength={CLOSE_REASON_MAX}
          onChange={(event) => setReason(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `close-reason-error-${project.id}` : undefined}
        />
      </label>
      {error && (
        <p id={`close-reason-error-${project.id}`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </ConfirmDialog>
  );
}
