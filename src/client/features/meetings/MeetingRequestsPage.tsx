// /meeting-requests: four stat cards, book a 30-minute call on the booking page or send the
// team a meeting request, and the list of requests (polled every 30 s) with their status and the admin's answer.
import {
  CalendarCheck,
  CalendarClock,
  CalendarDays,
  CalendarPlus,
  CheckCircle2,
  Clock,
  ExternalLink,
  Hourglass,
  ListChecks,
  MessageSquareText,
  RefreshCw,
  XCircle,
} from "lucide-react";
import { type ComponentType, type ReactNode, useState } from "react";
import {
  MEETING_DURATION_MINUTES,
  MEETING_REQUEST_STATUS_LABELS,
  type MeetingRequestStatus,
  type MeetingUrgency,
  meetingTiming,
  URGENCY_LABELS,
  URGENCY_MEANINGS,
} from "../../../shared/constants/meetings";
import { accessAllows } from "../../../shared/domain/project-access";
import type { MeetingRequest } from "../../../shared/schemas/meeting-requests";
import { JoinMeetingButton } from "../../components/kit/JoinMeetingButton";
import { hasPages, Pager } from "../../components/kit/Pager";
import { PageHeader } from "../../components/layout/PageHeader";
import { NoProjectFound } from "../../components/project/NoProjectFound";
import { ProjectsLoadError } from "../../components/project/ProjectsLoadError";
import { Alert } from "../../components/ui/alert";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/use-toast";
import { formatDate, formatTime, formatWeekdayDate } from "../../lib/date-time";
import { bookingUrl } from "../../lib/runtime-config";
import { linkedItemProps, useLinkedItem } from "../../lib/use-linked-item";
import { usePageOf } from "../../lib/use-page-of";
import { useSelectedProject } from "../projects/api/use-selected-project";
import { useMeetingRequests } from "./api/get-meeting-requests";
import { useMeetingRequestStats } from "./api/get-meeting-stats";
import { RequestMeetingDialog } from "./RequestMeetingDialog";

const STATUS_BADGE: Record<MeetingRequestStatus, "warning" | "default" | "success" | "danger"> = {
  pending: "warning",
  scheduled: "default",
  completed: "success",
  cancelled: "danger",
};
const URGENCY_BADGE: Record<MeetingUrgency, "secondary" | "warning" | "danger"> = {
  low: "secondary",
  medium: "warning",
  high: "danger",
};

/** The booking page opens in a new tab; when the browser blocks the popup, a toast says so. */
export function openBookingPage(): void {
  // window.open answers null when the browser blocks it (with "noopener" it always would, so the opener is cut after).
  const tab = window.open("about:blank", "_blank");
  if (!tab) {
    toast({ title: "Popup Blocked", description: "Please allow popups and try again", variant: "destructive" });
    return;
  }
  tab.opener = null;
  tab.location.href = bookingUrl();
}

function StatCard(props: {
  icon: ComponentType<{ className?: string }>;
  label: string;
  value: number | undefined;
  tone: string;
}) {
  const Icon = props.icon;
  return (
    <Card>
      <CardContent className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:gap-4 sm:p-5">
        <span className={`flex size-11 items-center justify-center rounded-lg ${props.tone}`}>
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <div>
          <p className="text-sm text-slate-600">{props.label}</p>
          <p className="text-2xl font-bold text-slate-900">{props.value ?? "–"}</p>
        </div>
      </CardContent>
    </Card>
  );
}

/** One of the Ways to meet cards: its icon and title, what it offers, and its button at the card's foot. */
function WayToMeet(props: {
  icon: ComponentType<{ className?: string }>;
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  const Icon = props.icon;
  return (
    <Card className="flex flex-col">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Icon className="size-5 text-brand-600" aria-hidden="true" />
          {props.title}
        </CardTitle>
        <CardDescription>{props.description}</CardDescription>
      </CardHeader>
      <CardContent className="mt-auto">{props.children}</CardContent>
    </Card>
  );
}

function RequestItem({ request }: { request: MeetingRequest }) {
  const upcoming = request.scheduledAt ? meetingTiming(request.scheduledAt) === "upcoming" : false;
  return (
    <Card>
      <CardContent className="grid gap-3 p-5">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 className="font-semibold text-slate-900">{request.subject}</h3>
          <div className="flex flex-wrap gap-2">
            <Badge variant={STATUS_BADGE[request.status]}>{MEETING_REQUEST_STATUS_LABELS[request.status]}</Badge>
            <Badge variant={URGENCY_BADGE[request.urgency]} title={URGENCY_MEANINGS[request.urgency]}>
              {URGENCY_LABELS[request.urgency]} urgency
            </Badge>
          </div>
        </div>
        {request.description && <p className="whitespace-pre-line text-sm text-slate-700">{request.description}</p>}
        <dl className="grid gap-x-6 gap-y-1 text-sm text-slate-600 sm:grid-cols-2">
          {request.preferredDates && (
            <div className="flex gap-2">
              <CalendarDays className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden="true" />
              <dt className="sr-only">Preferred times</dt>
              <dd>Preferred: {request.preferredDates}</dd>
            </div>
          )}
          <div className="flex gap-2">
            <Clock className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden="true" />
            <dt className="sr-only">Requested</dt>
            <dd>Requested {formatDate(request.createdAt)}</dd>
          </div>
          {request.scheduledAt && request.status !== "cancelled" && (
            <div className="flex gap-2">
              <CalendarCheck className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
              <dt className="sr-only">Scheduled for</dt>
              <dd className="font-medium text-slate-800">
                {formatWeekdayDate(request.scheduledAt)}, {formatTime(request.scheduledAt)} · {MEETING_DURATION_MINUTES} min
              </dd>
            </div>
          )}
        </dl>
        {request.status === "scheduled" && request.meetingLink && (
          <JoinMeetingButton link={request.meetingLink} upcoming={upcoming} className="justify-self-start" />
        )}
        {request.adminNotes && (
          <div className="rounded-lg border border-brand-100 bg-brand-50/60 p-3 text-sm">
            <p className="mb-1 flex items-center gap-1.5 font-medium text-brand-900">
              <MessageSquareText className="size-4" aria-hidden="true" />
              Admin response
            </p>
            <p className="whitespace-pre-line text-slate-700">{request.adminNotes}</p>
          </div>
        )}
        {request.status === "cancelled" && (
          <Alert variant="danger">
            <XCircle aria-hidden="true" />
            <span>This meeting request was cancelled. Send a new request if you would still like to meet.</span>
          </Alert>
        )}
        {request.status === "completed" && (
          <Alert variant="success">
            <CheckCircle2 aria-hidden="true" />
            <span>This meeting has been completed. Thank you for your time.</span>
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}

export function MeetingRequestsPage() {
  const { projects, selected } = useSelectedProject();
  const [page, setPage] = usePageOf(selected?.id);
  const requests = useMeetingRequests(selected?.id, page);
  const linkedRequest = useLinkedItem("request");
  const stats = useMeetingRequestStats(selected?.id);
  const [requesting, setRequesting] = useState(false);
  const canPost = accessAllows(selected?.accessLevel, "post");

  const requestButton = (label: string, variant: "default" | "outline" = "default") => (
    <Button variant={variant} onClick={() => setRequesting(true)} disabled={!selected}>
      <CalendarPlus aria-hidden="true" />
      {label}
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Meeting Requests"
        description="Book a call with the team or send a request, and follow each one's status."
        actions={selected && canPost ? requestButton("Request Meeting") : undefined}
      />
      {projects.isLoading ? (
        <div className="grid gap-4" aria-busy="true">
          <span className="sr-only">Loading meeting requests</span>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-24" />
            ))}
          </div>
          <Skeleton className="h-40" />
        </div>
      ) : projects.isError && !selected ? (
        <ProjectsLoadError onRetry={() => projects.refetch()} retrying={projects.isFetching} />
      ) : !selected ? (
        <NoProjectFound purpose="request meetings with the team" />
      ) : (
        <>
          <section aria-label="Meeting request summary" className="mb-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            <StatCard
              icon={ListChecks}
              label="Total Requests"
              value={stats.data?.totalRequests}
              tone="bg-brand-50 text-brand-700"
            />
            <StatCard
              icon={CalendarClock}
              label="Scheduled"
              value={stats.data?.scheduledRequests}
              tone="bg-sky-50 text-sky-700"
            />
            <StatCard icon={Hourglass} label="Pending" value={stats.data?.pendingRequests} tone="bg-amber-50 text-amber-700" />
            <StatCard
              icon={CheckCircle2}
              label="Completed"
              value={stats.data?.completedRequests}
              tone="bg-emerald-50 text-emerald-700"
            />
          </section>

          <section aria-label="Ways to meet" className="mb-8 grid gap-4 md:grid-cols-2">
            <WayToMeet
              icon={CalendarDays}
              title="Schedule Meeting"
              description={
                <>Pick a free {MEETING_DURATION_MINUTES}-minute slot on our calendar. You get a calendar invitation right away.</>
              }
            >
              <Button variant="outline" onClick={openBookingPage}>
                <ExternalLink aria-hidden="true" />
                Book a {MEETING_DURATION_MINUTES}-minute call
              </Button>
            </WayToMeet>
            {canPost && (
              <WayToMeet
                icon={CalendarPlus}
                title="Request a Meeting"
                description="Tell us what to discuss and how urgent it is; the team proposes a time within 24 hours."
              >
                {requestButton("Request Meeting", "outline")}
              </WayToMeet>
            )}
          </section>

          {!canPost && (
            <Alert variant="info" className="mb-4">
              Your access level lets you follow this project's meetings; the owner and team members can request them.
            </Alert>
          )}

          <section aria-labelledby="requests-title">
            <h2 id="requests-title" className="mb-3 text-lg font-semibold text-slate-900">
              Your Requests
            </h2>
            {requests.isLoading ? (
              <div className="grid gap-3" aria-busy="true">
                <Skeleton className="h-28" />
                <Skeleton className="h-28" />
              </div>
            ) : requests.isError ? (
              <Alert variant="danger" className="items-center justify-between">
                <span>Meeting requests could not be loaded. Check your connection and try again.</span>
                <Button variant="outline" size="sm" onClick={() => requests.refetch()} disabled={requests.isFetching}>
                  <RefreshCw aria-hidden="true" />
                  Retry
                </Button>
              </Alert>
            ) : requests.data?.total === 0 ? (
              <Card>
                <CardContent className="flex flex-col items-center gap-2 px-6 py-12 text-center">
                  <CalendarClock className="size-10 text-slate-300" aria-hidden="true" />
                  <p className="font-semibold text-slate-900">No meeting requests yet</p>
                  <p className="max-w-md text-sm text-slate-600">
                    Request a meeting to walk through your requirements or the prototype with the team.
                  </p>
                  {canPost && <div className="mt-2">{requestButton("Request Your First Meeting")}</div>}
                </CardContent>
              </Card>
            ) : (
              <>
                <ul className="grid grid-cols-[minmax(0,1fr)] gap-3">
                  {(requests.data?.items ?? []).map((request) => (
                    <li key={request.id} {...linkedItemProps(request.id, linkedRequest)}>
                      <RequestItem request={request} />
                    </li>
                  ))}
                </ul>
                {requests.data && hasPages(requests.data) && <Pager of={requests.data} onPage={setPage} />}
              </>
            )}
          </section>
          <RequestMeetingDialog projectId={selected.id} open={requesting} onOpenChange={setRequesting} />
        </>
      )}
    </>
  );
}
