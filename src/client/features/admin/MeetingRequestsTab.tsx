// Meeting Requests tab (count in the title): System Requests / Calendly Meetings, Test Calendly API, filters, Respond.
// The endpoints' owners are the meetings feature's (features/meetings/api).
import { CalendarClock, PlugZap } from "lucide-react";
import { useState } from "react";
import { MEETING_REQUEST_STATUSES, MEETING_URGENCIES } from "../../../shared/constants/meetings";
import { CALENDLY_MESSAGES } from "../../../shared/schemas/calendly";
import type {
  CompanyMeetingRequest,
  CompanyMeetingRequestsQuery,
  MeetingResponseInput,
} from "../../../shared/schemas/meeting-requests";
import { ListState } from "../../components/kit/ListState";
import { Pager } from "../../components/kit/Pager";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Dialog, DialogContent, DialogFooter, DialogHeader } from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { Input, Textarea } from "../../components/ui/input";
import { Select } from "../../components/ui/select";
import { toast } from "../../components/ui/use-toast";
import { serverFieldErrors, serverMessage } from "../../lib/api";
import { formatDateTime } from "../../lib/date-time";
import {
  useCalendlyUpcomingMeetings,
  useCompanyMeetingRequests,
  useRespondToMeetingRequest,
  useTestCalendlyConnection,
} from "../meetings/api/meetings-api";

const cap = (s: string) => `${s[0]?.toUpperCase()}${s.slice(1)}`;
const STATUS_OPTIONS = [
  { value: "all", label: "All statuses" },
  ...MEETING_REQUEST_STATUSES.map((s) => ({ value: s, label: cap(s) })),
];
const URGENCY_OPTIONS = [
  { value: "all", label: "All urgencies" },
  ...MEETING_URGENCIES.map((u) => ({ value: u, label: cap(u) })),
];
const URGENCY_BADGE = { low: "secondary", medium: "warning", high: "danger" } as const;
const STATUS_BADGE = { pending: "warning", scheduled: "default", completed: "success", cancelled: "secondary" } as const;

export function MeetingRequestsTab() {
  const [view, setView] = useState<"system" | "calendly">("system");
  const [status, setStatus] = useState("all");
  const [urgency, setUrgency] = useState("all");
  const [page, setPage] = useState(1);
  const [responding, setResponding] = useState<CompanyMeetingRequest | null>(null);
  const list = useCompanyMeetingRequests({
    status: status as CompanyMeetingRequestsQuery["status"],
    urgency: urgency as CompanyMeetingRequestsQuery["urgency"],
    page,
  });
  const test = useTestCalendlyConnection();
  const testConnection = () =>
    test.mutate(undefined, {
      onSuccess: (result) =>
        result.success
          ? toast({
              title: "Calendly connected",
              description: result.user ? `${result.user.name} (${result.user.email})` : undefined,
              variant: "success",
            })
          : toast({ title: CALENDLY_MESSAGES.connectionFailedTitle, description: result.error, variant: "destructive" }),
      onError: () =>
        toast({ title: CALENDLY_MESSAGES.testFailedTitle, description: CALENDLY_MESSAGES.testFailed, variant: "destructive" }),
    });

  return (
    <Card>
      <CardContent className="p-4 sm:p-6">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-lg font-semibold text-slate-900">Meeting Requests Management ({list.data?.total ?? 0})</h2>
          <div className="flex flex-wrap gap-2">
            <fieldset aria-label="Meeting source" className="inline-flex rounded-lg border border-slate-200 p-0.5">
              {(["system", "calendly"] as const).map((v) => (
                <Button
                  key={v}
                  size="sm"
                  variant={view === v ? "default" : "ghost"}
                  aria-pressed={view === v}
                  onClick={() => setView(v)}
                >
                  {v === "system" ? "System Requests" : "Calendly Meetings"}
                </Button>
              ))}
            </fieldset>
            <Button variant="outline" size="sm" onClick={testConnection} disabled={test.isPending}>
              <PlugZap aria-hidden="true" />
              Test Calendly API
            </Button>
          </div>
        </div>
        {view === "calendly" ? (
          <CalendlyMeetings />
        ) : (
          <>
            <div className="mb-4 flex flex-wrap gap-2">
              <Select
                aria-label="Meeting status filter"
                value={status}
                onValueChange={(v) => {
                  setStatus(v);
                  setPage(1);
                }}
                options={STATUS_OPTIONS}
                className="w-44"
              />
              <Select
                aria-label="Urgency filter"
                value={urgency}
                onValueChange={(v) => {
                  setUrgency(v);
                  setPage(1);
                }}
                options={URGENCY_OPTIONS}
                className="w-44"
              />
            </div>
            <ListState
              isLoading={list.isLoading}
              error={list.error}
              isEmpty={list.data?.items.length === 0}
              emptyText="No meeting requests found"
              onRetry={() => list.refetch()}
            >
              <ul className="divide-y divide-slate-100">
                {list.data?.items.map((request) => (
                  <li key={request.id} className="flex flex-col gap-2 py-4 md:flex-row md:items-center">
                    <div className="min-w-0 flex-1">
                      <p className="font-medium text-slate-900">
                        {request.subject}
                        <Badge variant={STATUS_BADGE[request.status]} className="ml-2">
                          {cap(request.status)}
                        </Badge>
                        <Badge variant={URGENCY_BADGE[request.urgency]} className="ml-1">
                          {cap(request.urgency)}
                        </Badge>
                      </p>
                      <p className="text-sm text-slate-600">
                        {request.project.projectCode} · {request.project.customerName ?? request.requesterEmail ?? "—"} ·
                        requested {formatDateTime(request.createdAt)}
                      </p>
                      {request.description && (
                        <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-700">{request.description}</p>
                      )}
                      {request.preferredDates && <p className="text-xs text-slate-500">Preferred: {request.preferredDates}</p>}
                      {request.scheduledAt && (
                        <p className="text-xs text-emerald-700">Scheduled {formatDateTime(request.scheduledAt)}</p>
                      )}
                      {request.meetingLink && (
                        <a
                          href={request.meetingLink}
                          target="_blank"
                          rel="noreferrer noopener"
                          className="text-xs break-all text-brand-700 underline-offset-2 hover:underline"
                        >
                          {request.meetingLink}
                        </a>
                      )}
                      {request.adminNotes && (
                        <p className="text-xs break-words text-slate-600">Admin notes: {request.adminNotes}</p>
                      )}
                    </div>
                    <Button variant="outline" size="sm" onClick={() => setResponding(request)}>
                      <CalendarClock aria-hidden="true" />
                      Respond
                    </Button>
                  </li>
                ))}
              </ul>
              {list.data && (
                <Pager page={list.data.page} pageSize={list.data.pageSize} total={list.data.total} onPage={setPage} />
              )}
            </ListState>
          </>
        )}
      </CardContent>
      {responding && <RespondDialog request={responding} onClose={() => setResponding(null)} />}
    </Card>
  );
}

function CalendlyMeetings() {
  const meetings = useCalendlyUpcomingMeetings({ enabled: true });
  const error =
    meetings.error ??
    (meetings.data && !meetings.data.success ? new Error(meetings.data.error ?? CALENDLY_MESSAGES.unexpected) : null);
  return (
    <ListState
      isLoading={meetings.isLoading}
      error={error}
      isEmpty={meetings.data?.meetings.length === 0}
      emptyText="No upcoming Calendly meetings"
      onRetry={() => meetings.refetch()}
    >
      <ul className="divide-y divide-slate-100">
        {meetings.data?.meetings.map((m) => (
          <li key={m.uri} className="py-3 text-sm">
            <p className="font-medium text-slate-900">{m.name}</p>
            <p className="text-slate-600">
              {formatDateTime(m.start_time)} · {m.event_type.duration} min · {m.invitees.map((i) => i.name).join(", ")}
            </p>
            {m.location?.join_url && (
              <a href={m.location.join_url} target="_blank" rel="noreferrer noopener" className="text-brand-700 underline">
                Join Meeting
              </a>
            )}
          </li>
        ))}
      </ul>
    </ListState>
  );
}

function toLocalInput(iso: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

function RespondDialog({ request, onClose }: { request: CompanyMeetingRequest; onClose: () => void }) {
  const [status, setStatus] = useState<string>(request.status);
  const [meetingLink, setMeetingLink] = useState(request.meetingLink ?? "");
  const [scheduledAt, setScheduledAt] = useState(toLocalInput(request.scheduledAt));
  const [adminNotes, setAdminNotes] = useState(request.adminNotes ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const respond = useRespondToMeetingRequest();
  const send = (body: MeetingResponseInput) =>
    respond.mutate(
      { id: request.id, ...body },
      {
        onSuccess: () => {
          toast({ title: "Meeting request updated", variant: "success" });
          onClose();
        },
        onError: (error) => {
          setErrors(serverFieldErrors(error));
          toast({
            title: "Error",
            description: serverMessage(error, "The response could not be saved."),
            variant: "destructive",
          });
        },
      },
    );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogHeader title="Respond to Meeting Request" description={request.subject} />
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            send({
              status: status as MeetingResponseInput["status"],
              meetingLink: meetingLink || null,
              scheduledAt: scheduledAt ? new Date(scheduledAt).toISOString() : null,
              adminNotes: adminNotes || null,
            });
          }}
        >
          <Field label="Status" error={errors.status}>
            {(control) => <Select {...control} value={status} onValueChange={setStatus} options={STATUS_OPTIONS.slice(1)} />}
          </Field>
          <Field label="Meeting link" error={errors.meetingLink}>
            {(control) => (
              <Input
                {...control}
                type="url"
                value={meetingLink}
                onChange={(e) => setMeetingLink(e.target.value)}
                placeholder="https://meet.google.com/"
              />
            )}
          </Field>
          <Field label="Scheduled time" error={errors.scheduledAt}>
            {(control) => (
              <Input {...control} type="datetime-local" value={scheduledAt} onChange={(e) => setScheduledAt(e.target.value)} />
            )}
          </Field>
          <Field label="Admin notes" error={errors.adminNotes}>
            {(control) => <Textarea {...control} rows={3} value={adminNotes} onChange={(e) => setAdminNotes(e.target.value)} />}
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={respond.isPending}>
              {respond.isPending ? "Saving..." : "Send Response"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
