// View Details: Overview, Customer Profile, Requirements (read-only brief), NDA Status (with the signed PDF),
// the project's communications with a reply box, and its audit log.

import { Download } from "lucide-react";
import type { ReactNode } from "react";
import { budgetRangeLabel, timelineLabel } from "../../../shared/constants/lists";
import { formatAmount } from "../../../shared/domain/dashboard";
import { ndaStatusDisplay } from "../../../shared/domain/nda-status";
import { ADMIN_MESSAGES, type AdminProject } from "../../../shared/schemas/admin";
import { proposalStateText } from "../../../shared/schemas/proposal";
import { ListState } from "../../components/kit/ListState";
import { MarkdownView } from "../../components/kit/MarkdownView";
import { hasPages, Pager } from "../../components/kit/Pager";
import { ReplyForm, ThreadView } from "../../components/kit/ThreadView";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogHeader } from "../../components/ui/dialog";
import { Skeleton } from "../../components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { serverMessage } from "../../lib/api";
import { formatCalendarDate, formatDate, formatDateTime } from "../../lib/date-time";
import { usePageOf } from "../../lib/use-page-of";
import { useCommunications } from "../communications/api/get-communications";
import { useReplyToCommunication } from "../communications/api/reply-to-communication";
import { useRequirements } from "../projects/api/get-requirements";
import { AuditList } from "./AuditTab";
import { packageLabel, STATUS_BADGE, STATUS_OPTIONS } from "./admin-format";
import { useCustomerNda } from "./api/get-customer-nda";
import { useCustomerProfile } from "./api/get-customer-profile";
import { FeedbackReviewList } from "./FeedbackTab";
import { ProjectPriceSummary } from "./ProjectPriceDialog";
import { PhaseStateBadge, UnparsedAmounts } from "./payment-phase-badges";
import { UpdatesPanel } from "./UpdatesPanel";
import { VersionsPanel } from "./VersionsPanel";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-5 gap-2 border-b border-slate-100 py-2 text-sm last:border-0">
      <dt className="col-span-2 text-slate-500">{label}</dt>
      <dd className="col-span-3 wrap-anywhere text-slate-900">{children ?? "—"}</dd>
    </div>
  );
}

export function ProjectDetailsDialog({ project, onClose }: { project: AdminProject; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[92vh] max-w-3xl overflow-y-auto">
        <DialogHeader
          title={`${project.projectCode} · ${project.projectName ?? "Untitled project"}`}
          description={project.customerName ?? undefined}
        />
        <Tabs defaultValue="overview">
          <div className="-mx-1 overflow-x-auto px-1">
            <TabsList className="w-max">
              <TabsTrigger value="overview">Overview</TabsTrigger>
              <TabsTrigger value="profile">Customer Profile</TabsTrigger>
              <TabsTrigger value="requirements">Requirements</TabsTrigger>
              <TabsTrigger value="nda">NDA Status</TabsTrigger>
              <TabsTrigger value="communications">Communications</TabsTrigger>
              <TabsTrigger value="updates">Updates</TabsTrigger>
              <TabsTrigger value="versions">Versions</TabsTrigger>
              <TabsTrigger value="feedback">Feedback</TabsTrigger>
              <TabsTrigger value="audit">Audit Log</TabsTrigger>
            </TabsList>
          </div>
          <TabsContent value="overview">
            <dl>
              <Row label="Status">
                <Badge variant={STATUS_BADGE[project.status]}>
                  {STATUS_OPTIONS.find((s) => s.value === project.status)?.label}
                </Badge>
              </Row>
              <Row label="Package">{packageLabel(project.packageType)}</Row>
              <Row label="Price">
                <ProjectPriceSummary project={project} />
              </Row>
              <Row label="Proposal">{proposalStateText(project.proposal)}</Row>
              <Row label="Customer">{`${project.customerName ?? "—"} (${project.customerEmail ?? "—"})`}</Row>
              <Row label="Created">{formatDate(project.createdAt)}</Row>
              <Row label="Users">{`${project.authorizedUsersCount}/${project.userLimit}`}</Row>
              <Row label="Iterations">{`${project.iterationsUsed}/${project.maxIterations}`}</Row>
              <Row label="Expected completion">{formatCalendarDate(project.expectedCompletionDate)}</Row>
              <Row label="Prototype">{project.prototypeUrl}</Row>
              <Row label="Advance payment">
                {formatAmount(project.advancePaymentAmount, project.advancePaymentCurrency) ?? "—"}
                {project.advancePaymentReceivedDate
                  ? ` · received ${formatCalendarDate(project.advancePaymentReceivedDate)}`
                  : ""}
                <PhaseStateBadge project={project} phase="advance" />
              </Row>
              <Row label="Balance payment">
                {formatAmount(project.balancePaymentAmount ?? project.finalPaymentAmount, project.balancePaymentCurrency) ?? "—"}
                {project.balancePaymentReceivedDate
                  ? ` · received ${formatCalendarDate(project.balancePaymentReceivedDate)}`
                  : ""}
                <PhaseStateBadge project={project} phase="balance" />
                <UnparsedAmounts project={project} />
              </Row>
              <Row label="BRD">{project.brdDocumentName}</Row>
              <Row label="Deployment">{formatCalendarDate(project.deploymentDate)}</Row>
              <Row label="Access until">{formatCalendarDate(project.customerAccessExpiryDate)}</Row>
            </dl>
          </TabsContent>
          <TabsContent value="profile">
            <CustomerProfilePanel userId={project.userId} />
          </TabsContent>
          <TabsContent value="requirements">
            <RequirementsPanel projectId={project.id} />
          </TabsContent>
          <TabsContent value="nda">
            <NdaPanel userId={project.userId} />
          </TabsContent>
          <TabsContent value="communications">
            <CommunicationsPanel projectId={project.id} />
          </TabsContent>
          <TabsContent value="updates">
            <UpdatesPanel project={project} />
          </TabsContent>
          <TabsContent value="versions">
            <VersionsPanel project={project} />
          </TabsContent>
          <TabsContent value="feedback">
            <FeedbackReviewList projectId={project.id} />
          </TabsContent>
          <TabsContent value="audit">
            <AuditList projectId={project.id} />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}

function Loading() {
  return <Skeleton className="h-40 w-full rounded-xl" />;
}

export function CustomerProfilePanel({ userId }: { userId: string }) {
  const profile = useCustomerProfile(userId);
  if (profile.isLoading) return <Loading />;
  if (profile.isError)
    return <p className="text-sm text-red-600">{serverMessage(profile.error, "The profile could not be loaded.")}</p>;
  const p = profile.data;
  if (!p) return <p className="py-6 text-center text-slate-600">This customer has not created a profile yet.</p>;
  return (
    <dl>
      <Row label="Full name">{p.fullName}</Row>
      <Row label="Email">{p.email}</Row>
      <Row label="Job title">{p.jobTitle}</Row>
      <Row label="Company">{p.company}</Row>
      <Row label="Address">{p.companyAddress}</Row>
      <Row label="Phone">{p.phone}</Row>
      <Row label="Company size">{p.companySize}</Row>
      <Row label="Industry">{p.industry}</Row>
      <Row label="Website">{p.companyWebsite}</Row>
      <Row label="Primary contact">{p.primaryContact}</Row>
      <Row label="Budget / timeline">{`${budgetRangeLabel(p.budgetRange)} / ${timelineLabel(p.timeline)}`}</Row>
      <Row label="Profile">{p.profileCompleted ? "Completed" : "Incomplete"}</Row>
    </dl>
  );
}

function RequirementsPanel({ projectId }: { projectId: string }) {
  const requirements = useRequirements(projectId);
  if (requirements.isLoading) return <Loading />;
  if (requirements.isError)
    return <p className="text-sm text-red-600">{serverMessage(requirements.error, "The requirements could not be loaded.")}</p>;
  const r = requirements.data;
  if (!r || (!r.problemStatement && !r.generatedBrief))
    return <p className="py-6 text-center text-slate-600">{ADMIN_MESSAGES.noRequirements}</p>;
  const answers: Array<[string, string | null | undefined]> = [
    ["Project name", r.projectName],
    ["Problem statement", r.problemStatement],
    ["Target users", r.targetUsers],
    ["Current solution", r.currentSolution],
    ["Core functionality", r.coreFunctionality],
    ["Ideal workflow", r.idealWorkflow],
    ["Success criteria", r.successCriteria],
    ["Tech stack", r.techStack],
    ["Additional requirements", r.additionalRequirements],
  ];
  return (
    <div className="space-y-4">
      <dl>
        {answers.map(([label, value]) => (
          <Row key={label} label={label}>
            <span className="whitespace-pre-line">{value || "—"}</span>
          </Row>
        ))}
      </dl>
      {r.generatedBrief && (
        <section className="rounded-xl border border-slate-200 p-4">
          <h3 className="mb-2 flex items-center gap-2 font-semibold text-slate-900">
            Generated Brief{" "}
            {r.briefConfirmed ? <Badge variant="success">Confirmed</Badge> : <Badge variant="secondary">Draft</Badge>}
          </h3>
          <MarkdownView markdown={r.generatedBrief} />
        </section>
      )}
    </div>
  );
}

function NdaPanel({ userId }: { userId: string }) {
  const profile = useCustomerProfile(userId);
  const nda = useCustomerNda(userId);
  if (nda.isLoading || profile.isLoading) return <Loading />;
  if (nda.isError) return <p className="text-sm text-red-600">{serverMessage(nda.error, "The NDA could not be loaded.")}</p>;
  const n = nda.data;
  if (!n) return <p className="py-6 text-center text-slate-600">Not started: the customer has no profile yet.</p>;
  return (
    <div className="space-y-3">
      <dl>
        <Row label="Status">{ndaStatusDisplay(profile.data ?? null).label}</Row>
        <Row label="Signed by">{n.signerName ? `${n.signerName} (${n.signerEmail})` : null}</Row>
        <Row label="Signed on">{formatDateTime(n.ndaSignedAt)}</Row>
        <Row label="Approved">{n.ndaApprovedAt ? `${formatDateTime(n.ndaApprovedAt)} by ${n.approvedBy ?? "—"}` : null}</Row>
      </dl>
      {n.downloadUrl && (
        <Button asChild variant="outline">
          <a href={n.downloadUrl} download>
            <Download aria-hidden="true" />
            Download signed NDA (PDF)
          </a>
        </Button>
      )}
      {n.auditTrail.length > 0 && (
        <ol className="space-y-1 text-xs text-slate-600">
          {n.auditTrail.map((event) => (
            <li key={`${event.step}-${event.createdAt}`}>
              {formatDateTime(event.createdAt)} · {event.step.replace(/_/g, " ")} · {event.email}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function CommunicationsPanel({ projectId }: { projectId: string }) {
  const [page, setPage] = usePageOf(projectId);
  const list = useCommunications(projectId, { page, show: "all" });
  const send = useReplyToCommunication(projectId);
  const now = new Date();
  return (
    <ListState
      isLoading={list.isLoading}
      error={list.error}
      isEmpty={list.data?.total === 0}
      emptyText="No communications on this project yet."
      errorText="Communications could not be loaded."
      onRetry={() => list.refetch()}
    >
      <ul className="space-y-4">
        {list.data?.items.map((c) => (
          <li key={c.id} className="rounded-xl border border-slate-200 p-4">
            <div className="mb-3 flex flex-wrap items-center gap-2">
              <Badge variant={c.type === "meeting" ? "warning" : "secondary"}>{c.type}</Badge>
              <p className="font-medium text-slate-900">{c.subject}</p>
              <span className="ml-auto text-xs text-slate-500">{formatDateTime(c.createdAt)}</span>
            </div>
            <ThreadView thread={c} now={now}>
              <ReplyForm
                id={`reply-${c.id}`}
                label={`Reply to ${c.subject}`}
                successText="Communication sent successfully"
                onReply={(body) => send.mutateAsync({ projectId, communicationId: c.id, body })}
              />
            </ThreadView>
          </li>
        ))}
      </ul>
      {list.data && hasPages(list.data) && <Pager of={list.data} onPage={setPage} />}
    </ListState>
  );
}
