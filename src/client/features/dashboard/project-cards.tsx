// The dashboard's lower half: current task, quick actions, activity, team, project, payments, documents, communications.

import { useQuery } from "@tanstack/react-query";
import {
  CalendarPlus,
  ClipboardList,
  CreditCard,
  Download,
  ExternalLink,
  FileText,
  LifeBuoy,
  MessageSquare,
  Receipt,
  UserPlus,
  Users,
} from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { generalSupportPath } from "../../../shared/constants/general-support";
import { budgetRangeLabel, timelineLabel } from "../../../shared/constants/lists";
import { PACKAGES } from "../../../shared/constants/packages";
import { accessExpired } from "../../../shared/domain/access-expiry";
import { CHECKOUT_RETURN_MESSAGES } from "../../../shared/domain/checkout-return";
import {
  addUserButton,
  authorizedUsersStat,
  currentTask,
  deploymentDetail,
  paymentsFor,
  type QuickAction,
  quickActions,
  viewerScope,
} from "../../../shared/domain/dashboard";
import { documentMeta } from "../../../shared/domain/document-meta";
import {
  canStartCheckout,
  formatMoney,
  type PaymentPhase,
  type PaymentPhaseState,
  toMinorUnits,
} from "../../../shared/domain/payments";
import { moneyText, priceSourceLabel } from "../../../shared/domain/pricing";
import { ACCESS_LEVEL_LABELS } from "../../../shared/domain/project-access";
import { statusLabel } from "../../../shared/domain/project-status";
import { safeExternalUrl } from "../../../shared/domain/safe-url";
import type { Profile } from "../../../shared/schemas/profile";
import type { Project } from "../../../shared/schemas/project";
import type { ProjectDocument, ProjectDocumentKind } from "../../../shared/schemas/project-documents";
import { AccessUntil } from "../../components/project/AccessUntil";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardIconTitle, CardTitle } from "../../components/ui/card";
import { NewTabButton, NewTabLink } from "../../components/ui/new-tab-link";
import { Skeleton } from "../../components/ui/skeleton";
import { Tooltip } from "../../components/ui/tooltip";
import { serverMessage } from "../../lib/api";
import { API } from "../../lib/api-paths";
import { formatCalendarDate, formatDate, formatStoredText, timeAgo } from "../../lib/date-time";
import { projectUsersQueryOptions } from "../team/api/get-project-users";
import { useRecentActivity } from "./api/get-activity";
import { useProjectDocuments } from "./api/get-project-documents";
import { useProjectInvoices } from "./api/get-project-invoices";
import { useStartCheckout } from "./api/start-checkout";
import { ProjectInvoices } from "./ProjectInvoices";
import { useCheckoutReturn } from "./use-checkout-return";

export function CurrentTaskCard({ profile, project }: { profile: Profile | null; project: Project | null }) {
  const task = currentTask(profile, project);
  return (
    <Card data-testid="current-task">
      <CardHeader>
        <CardDescription className="font-semibold tracking-wide uppercase">Current Task</CardDescription>
        <CardTitle>{task.title}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-sm text-slate-600">{task.description}</p>
        <div className="flex flex-wrap gap-2">
          {task.links.map((link, index) => (
            <Button key={link.label} asChild variant={index === 0 ? "default" : "outline"}>
              <Link to={link.target}>{link.label}</Link>
            </Button>
          ))}
        </div>
      </CardContent>
    </Card>
  );
}

const QUICK_ACTION_ICONS: Record<QuickAction["key"], typeof CalendarPlus> = {
  schedule_meeting: CalendarPlus,
  contact_support: LifeBuoy,
  add_team_members: UserPlus,
  view_requirements: ClipboardList,
};

export function QuickActionsCard({ profile, project }: { profile: Profile | null; project: Project | null }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quick Actions</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2 sm:grid-cols-2">
        {quickActions(profile, project).map((action) => {
          const Icon = QUICK_ACTION_ICONS[action.key];
          return action.available ? (
            <Button key={action.key} asChild variant="outline" className="justify-start">
              <Link to={action.target}>
                <Icon aria-hidden="true" />
                {action.label}
              </Link>
            </Button>
          ) : (
            <Tooltip key={action.key} content={action.reason}>
              <Button
                variant="outline"
                className="cursor-not-allowed justify-start text-slate-400 hover:bg-white"
                aria-disabled="true"
                onClick={(event) => event.preventDefault()}
              >
                <Icon aria-hidden="true" />
                {action.label}
                <span className="sr-only">({action.reason})</span>
              </Button>
            </Tooltip>
          );
        })}
      </CardContent>
    </Card>
  );
}

export function RecentActivityCard() {
  const activity = useRecentActivity();
  const now = new Date();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Activity</CardTitle>
      </CardHeader>
      <CardContent>
        {activity.isPending ? (
          <div className="grid gap-3">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ) : activity.isError ? (
          <p className="text-sm text-slate-600">Recent activity could not be loaded.</p>
        ) : activity.data.items.length === 0 ? (
          <p className="text-sm text-slate-600">No activity yet. Your steps and our updates appear here.</p>
        ) : (
          <ol className="grid grid-cols-1 gap-3" data-testid="recent-activity">
            {activity.data.items.map((item) => (
              <li key={item.id} className="flex gap-3">
                <span className="mt-1.5 size-2 shrink-0 rounded-full bg-brand-500" aria-hidden="true" />
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-medium text-slate-900">{item.title}</p>
                  {item.description && (
                    <p className="line-clamp-2 text-xs wrap-anywhere text-slate-600">{formatStoredText(item.description)}</p>
                  )}
                  <p className="text-xs text-slate-500">
                    <time dateTime={item.createdAt}>{timeAgo(item.createdAt, now)}</time>
                  </p>
                </div>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

export function AuthorizedUsersCard({ project }: { project: Project | null }) {
  const count = project?.authorizedUsersCount ?? 0;
  // Only the first few, and only when there are some: the list itself belongs to User Management.
  const members = useQuery({
    ...projectUsersQueryOptions(project?.id ?? ""),
    enabled: Boolean(project) && count > 0,
    retry: false,
  });
  const button = addUserButton(project);
  // A member whose level does not manage users sees who else is on the project, never seats or an invite button.
  const manages = viewerScope(project).manageUsers;
  return (
    <Card data-testid="authorized-users">
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle>{manages ? "Authorized Users" : "Project Team"}</CardTitle>
          <span className="text-sm text-slate-600">
            {manages ? authorizedUsersStat(project).value : `${count} ${count === 1 ? "member" : "members"}`}
          </span>
        </div>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        {count === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-slate-300 p-6 text-center">
            <Users className="size-8 text-slate-400" aria-hidden="true" />
            <p className="text-sm font-medium text-slate-800">No users added yet</p>
            {manages && (
              <p className="text-xs text-slate-600">Invite your stakeholders to test the prototype once it is ready.</p>
            )}
          </div>
        ) : (
          <ul className="grid gap-2">
            {(members.data ?? []).slice(0, 4).map((member) => (
              <li key={member.id} className="flex min-w-0 items-center justify-between gap-2 text-sm">
                <span className="min-w-0 truncate text-slate-800" title={member.email}>
                  {member.email}
                </span>
                <Badge variant={member.accessLevel === "admin" ? "default" : "secondary"}>
                  {ACCESS_LEVEL_LABELS[member.accessLevel]}
                </Badge>
              </li>
            ))}
            {members.isError && <li className="text-sm text-slate-600">{count} users have access.</li>}
          </ul>
        )}
        {!manages ? null : button.disabled ? (
          <Button variant="outline" disabled className="h-auto min-h-10 whitespace-normal">
            <UserPlus aria-hidden="true" />
            {button.label}
          </Button>
        ) : (
          <Button asChild>
            <Link to="/user-management">
              <UserPlus aria-hidden="true" />
              {button.label}
            </Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium text-slate-900">{children}</dd>
    </>
  );
}

export function ProjectDetailsCard({ project }: { project: Project | null }) {
  const deployment = deploymentDetail(project?.deploymentDate, new Date());
  const scope = viewerScope(project);
  const owner = !scope.member;
  const manages = scope.manageUsers;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Project Details</CardTitle>
      </CardHeader>
      <CardContent>
        {!project ? (
          <p className="text-sm text-slate-600">
            Your project opens once your company profile is complete and the NDA signed.{" "}
            <Link to="/onboarding" className="font-semibold text-brand-700 hover:underline">
              Complete your profile
            </Link>
          </p>
        ) : (
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm" data-testid="project-details">
            <Detail label="Project code">
              <span className="font-mono">{project.projectCode}</span>
            </Detail>
            <Detail label="Package">{PACKAGES[project.packageType].name}</Detail>
            <Detail label="Status">{statusLabel(project.status)}</Detail>
            <Detail label="Started">{formatDate(project.createdAt)}</Detail>
            {owner && <Detail label="Budget">{budgetRangeLabel(project.budgetRange)}</Detail>}
            <Detail label="Timeline">{timelineLabel(project.timeline)}</Detail>
            {manages && <Detail label="User limit">{project.userLimit}</Detail>}
            <Detail label="Iterations">{project.maxIterations} included</Detail>
            {safeExternalUrl(project.prototypeUrl) && !accessExpired(project, new Date()) && (
              <Detail label="Prototype">
                <NewTabLink href={safeExternalUrl(project.prototypeUrl) ?? undefined} className="text-brand-700 hover:underline">
                  Open prototype
                </NewTabLink>
              </Detail>
            )}
            {deployment && <Detail label={deployment.label}>{formatCalendarDate(deployment.date)}</Detail>}
            {project.customerAccessExpiryDate && (
              <Detail label="Access until">
                <AccessUntil project={project} />
              </Detail>
            )}
          </dl>
        )}
      </CardContent>
    </Card>
  );
}

const PAYMENT_BADGE = { paid: "success", due: "warning", not_requested: "secondary" } as const;

/** What the customer is told of a phase's state; the server's state names Stripe as "card" for them. */
const CUSTOMER_PHASE_STATE: Partial<Record<PaymentPhaseState, { label: string; variant: "success" | "warning" | "secondary" }>> =
  {
    awaiting_payment: { label: "Awaiting payment", variant: "warning" },
    paid_stripe: { label: "Paid via card", variant: "success" },
    paid_transfer: { label: "Paid by transfer", variant: "success" },
    refunded: { label: "Refunded", variant: "secondary" },
    amount_mismatch: { label: "Payment under review", variant: "warning" },
  };

const PHASE_FIELDS = {
  advance: {
    amount: "advancePaymentAmount",
    currency: "advancePaymentCurrency",
    received: "advancePaymentReceivedDate",
    state: "advancePaymentState",
  },
  balance: {
    amount: "balancePaymentAmount",
    currency: "balancePaymentCurrency",
    received: "balancePaymentReceivedDate",
    state: "balancePaymentState",
  },
} as const satisfies Record<PaymentPhase, Record<string, keyof Project>>;

export function PaymentCard({ project }: { project: Project | null }) {
  const payments = paymentsFor(project);
  const checkout = useStartCheckout();
  const checkoutReturn = useCheckoutReturn(project);
  // Who pays sees the invoices; a phase with a paid invoice has its receipt there, not beside the phase.
  const invoices = useProjectInvoices(project?.id, project?.accessLevel === "owner" || project?.accessLevel === "admin");
  const invoiced = new Set((invoices.data ?? []).filter((invoice) => invoice.links.receipt).map((invoice) => invoice.phase));
  const [failure, setFailure] = useState<{ phase: PaymentPhase; message: string } | null>(null);
  const pay = (phase: PaymentPhase) => {
    if (!project) return;
    setFailure(null);
    checkout.mutate(
      { projectId: project.id, phase },
      {
        onSuccess: ({ url }) => window.location.assign(url),
        onError: (error) =>
          setFailure({ phase, message: serverMessage(error, "The payment page could not be opened. Please try again.") }),
      },
    );
  };
  return (
    <Card id="payments">
      <CardHeader>
        <CardIconTitle icon={CreditCard}>Payment Information</CardIconTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {project?.price && (
          <p className="text-sm text-slate-700" data-testid="project-price">
            <span className="font-medium text-slate-900">{moneyText(project.price.amount, project.price.currency)}</span> ·{" "}
            {priceSourceLabel(project.price, project.packageType)}
          </p>
        )}
        {payments.length === 0 || !project ? (
          <p className="text-sm text-slate-600">Payment details appear here once your project is set up.</p>
        ) : (
          payments.map((payment) => {
            const fields = PHASE_FIELDS[payment.id];
            const minor = toMinorUnits(project[fields.amount]);
            const amount = minor === null ? payment.amount : formatMoney(minor, project[fields.currency]);
            const state = project[fields.state];
            const shown = state ? CUSTOMER_PHASE_STATE[state] : undefined;
            const paid = Boolean(project[fields.received]);
            const scheduled = project.paymentSchedule.find((entry) => entry.phase === payment.id);
            const confirming = checkoutReturn.confirming(payment.id);
            // The advance is paid for an accepted proposal; the balance does not ask.
            const proposalAccepted = payment.id === "advance" ? project.proposal?.state === "accepted" : undefined;
            const awaitingProposal = proposalAccepted === false && !paid;
            const payable = canStartCheckout({
              proposalAccepted,
              accessLevel: project.accessLevel,
              cardPaymentsEnabled: project.cardPaymentsEnabled,
              amount: project[fields.amount],
              receivedDate: project[fields.received],
            });
            return (
              <div
                key={payment.id}
                className="grid gap-2 rounded-lg border border-slate-200 p-3"
                data-testid={`payment-${payment.id}`}
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-medium text-slate-900">{payment.title}</p>
                  <Badge
                    data-testid={`payment-${payment.id}-state`}
                    variant={confirming ? "warning" : (shown?.variant ?? PAYMENT_BADGE[payment.state])}
                  >
                    {confirming ? "Confirming payment" : (shown?.label ?? payment.stateLabel)}
                  </Badge>
                </div>
                <p className="text-sm text-slate-700">
                  {amount ?? (scheduled ? moneyText(scheduled.amount, scheduled.currency) : "Amount to be confirmed")}
                </p>
                {scheduled && !paid && (
                  <p className="text-xs text-slate-600" data-testid={`payment-${payment.id}-due`}>
                    {/* The share is said only of the schedule's own amount: a phase the team set otherwise is its own figure. */}
                    {minor === null || minor === toMinorUnits(scheduled.amount)
                      ? `${scheduled.percent}% of the project price. `
                      : ""}
                    {scheduled.due}
                  </p>
                )}
                {payment.paidOn && <p className="text-xs text-slate-600">Received {formatCalendarDate(payment.paidOn)}</p>}
                {confirming && (
                  <div
                    role="status"
                    className="rounded-md bg-amber-50 p-3 text-sm text-amber-900"
                    data-testid={`payment-${payment.id}-confirming`}
                  >
                    <p className="font-medium">{CHECKOUT_RETURN_MESSAGES.confirming}</p>
                    <p className="mt-1 text-amber-800">{CHECKOUT_RETURN_MESSAGES.confirmingHint}</p>
                  </div>
                )}
                {checkoutReturn.cancelled(payment.id) && !paid && (
                  <p className="text-sm text-slate-600" data-testid={`payment-${payment.id}-cancelled`}>
                    {CHECKOUT_RETURN_MESSAGES.cancelled}
                  </p>
                )}
                {awaitingProposal && project.proposal?.state === "open" && (
                  <p className="text-xs text-slate-600" data-testid="payment-advance-awaits-proposal">
                    Accept the proposal above first: the advance can be paid once it is accepted.
                  </p>
                )}
                {awaitingProposal && project.proposal?.state === "not_ready" && (
                  <p className="text-xs text-slate-600" data-testid="payment-advance-awaits-proposal">
                    Your proposal comes once your brief is confirmed: the advance can be paid after you accept it.
                  </p>
                )}
                <div className="flex flex-wrap gap-2">
                  {confirming || awaitingProposal ? null : payable ? (
                    <Button size="sm" onClick={() => pay(payment.id)} disabled={checkout.isPending}>
                      <CreditCard aria-hidden="true" />
                      {checkout.isPending && checkout.variables?.phase === payment.id ? "Opening payment page…" : "Pay Now"}
                    </Button>
                  ) : (
                    payment.link && (
                      <NewTabButton href={payment.link} icon={ExternalLink} size="sm">
                        Pay Now
                      </NewTabButton>
                    )
                  )}
                  {paid && !invoiced.has(payment.id) && (
                    <Button asChild size="sm" variant="outline">
                      <a href={API.receipt.path({ projectId: project.id, paymentId: payment.id })} download>
                        <Download aria-hidden="true" />
                        Download receipt
                      </a>
                    </Button>
                  )}
                  {payment.invoice && (
                    <NewTabButton href={payment.invoice.url} icon={Receipt} size="sm" variant="outline">
                      {payment.invoice.name}
                    </NewTabButton>
                  )}
                </div>
                {failure?.phase === payment.id && (
                  <p role="alert" className="text-sm text-red-700">
                    {failure.message}
                  </p>
                )}
              </div>
            );
          })
        )}
        {invoices.data && <ProjectInvoices invoices={invoices.data} />}
      </CardContent>
    </Card>
  );
}

/** A BRD link the admin registered: same-site paths and http(s) URLs only. */
function documentHref(url: string | null): string | null {
  if (!url) return null;
  if (url.startsWith("/") && !url.startsWith("//")) return url;
  return safeExternalUrl(url);
}

const UNAVAILABLE: Record<ProjectDocumentKind, string> = {
  signed_nda: "Not signed yet",
  proposal: "Not accepted yet",
  brief: "Not generated yet",
  brd: "Not available yet",
  advance_invoice: "Not available yet",
  final_invoice: "Not available yet",
};

const EMPTY_META: Record<ProjectDocumentKind, string> = {
  signed_nda: "Signed during onboarding",
  proposal: "Accepted on your dashboard",
  brief: "Written from your requirements answers",
  brd: "Shared when your prototype is ready",
  advance_invoice: "",
  final_invoice: "",
};

function DocumentRow({ document }: { document: ProjectDocument }) {
  const href = documentHref(document.url);
  const meta = [documentMeta(document.contentType, document.size), document.date ? formatDate(document.date) : null]
    .filter(Boolean)
    .join(" • ");
  const download = document.kind === "signed_nda" || document.kind === "proposal";
  return (
    <li className="flex items-center gap-3">
      <FileText className="size-8 shrink-0 text-red-500" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-slate-900">{document.title}</p>
        <p className="text-xs text-slate-500">{meta || EMPTY_META[document.kind]}</p>
      </div>
      {href ? (
        <Button asChild size="sm" variant="outline">
          <a href={href} {...(download ? { download: true } : { target: "_blank", rel: "noreferrer noopener" })}>
            <Download aria-hidden="true" />
            {download ? "Download" : "Open"}
          </a>
        </Button>
      ) : document.kind === "brief" ? (
        <Button asChild size="sm" variant="outline">
          <Link to="/requirements">View</Link>
        </Button>
      ) : (
        <Badge variant="secondary">{UNAVAILABLE[document.kind]}</Badge>
      )}
    </li>
  );
}

export function DocumentsCard({ project }: { project: Project | null }) {
  const documents = useProjectDocuments(project?.id);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Project Documents</CardTitle>
      </CardHeader>
      <CardContent>
        {!project ? (
          <p className="text-sm text-slate-600">Your documents appear here once your project is created.</p>
        ) : documents.isLoading ? (
          <div className="space-y-3" aria-busy="true">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        ) : documents.isError ? (
          <div role="alert" className="flex items-center justify-between gap-3 text-sm text-red-700">
            <span>The document list could not be loaded.</span>
            <Button size="sm" variant="outline" onClick={() => documents.refetch()}>
              Retry
            </Button>
          </div>
        ) : (
          <ul className="grid grid-cols-1 gap-4" data-testid="project-documents">
            {documents.data?.map((document) => (
              <DocumentRow key={document.kind} document={document} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** Messages and meetings; a view-only member reads the conversation but is offered nothing to send. */
/** `general`: no project yet, so the links open the customer's General support conversation. */
export function CommunicationsCard({ canPost, general = false }: { canPost: boolean; general?: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardIconTitle icon={MessageSquare}>Communications</CardIconTitle>
        <CardDescription>
          {canPost
            ? "Talk to the Blueprint team: we answer support requests within 2-4 hours."
            : "Follow the conversation between the project's owner and the Blueprint team."}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        <Button asChild variant="outline">
          <Link to={general ? generalSupportPath() : "/communications"}>Open Communications</Link>
        </Button>
        {canPost && (
          <>
            <Button asChild variant="outline">
              <Link to="/meeting-requests">
                <CalendarPlus aria-hidden="true" />
                Schedule Meeting
              </Link>
            </Button>
            <Button asChild>
              <Link to={general ? generalSupportPath(true) : "/communications?openMessage=true"}>
                <MessageSquare aria-hidden="true" />
                Send Message
              </Link>
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}
