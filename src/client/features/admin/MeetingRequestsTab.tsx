// Meeting Requests tab (count in the title): System Requests / Calendly Meetings, Test Calendly API, filters, Respond.
// The endpoints' owners are the meetings feature's (features/meetings/api).
import { CalendarClock, PlugZap } from "lucide-react";
import { useState } from "react";
import { Controller } from "react-hook-form";
import { z } from "zod";
import {
  MEETING_REQUEST_STATUS_LABELS,
  MEETING_REQUEST_STATUSES,
  MEETING_URGENCIES,
  URGENCY_LABELS,
} from "../../../shared/constants/meetings";
import { CALENDLY_MESSAGES } from "../../../shared/schemas/calendly";
import {
  type CompanyMeetingRequest,
  type MeetingResponseInput,
  meetingResponseSchema,
} from "../../../shared/schemas/meeting-requests";
import { DueBadge } from "../../components/kit/DueBadge";
import { FilterSelects } from "../../components/kit/FilterSelects";
import { FormDialog } from "../../components/kit/FormDialog";
import { ListState } from "../../components/kit/ListState";
import { Pager } from "../../components/kit/Pager";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { Input, Textarea } from "../../components/ui/input";
import { NewTabLink } from "../../components/ui/new-tab-link";
import { Select } from "../../components/ui/select";
import { toast } from "../../components/ui/use-toast";
import { formatDateTime, fromDateTimeLocal, toDateTimeLocal, viewerTimeZone } from "../../lib/date-time";
import { useSchemaForm } from "../../lib/form";
import { linkedItemProps, useLinkedItem } from "../../lib/use-linked-item";
import { useListState } from "../../lib/use-list-state";
import { useCalendlyUpcomingMeetings } from "../meetings/api/get-calendly-meetings";
import { useCompanyMeetingRequests } from "../meetings/api/get-company-meeting-requests";
import { useRespondToMeetingRequest } from "../meetings/api/respond-to-meeting-request";
import { useTestCalendlyConnection } from "../meetings/api/test-calendly-connection";

const STATUS_OPTIONS = [
  { value: "all", label: "All statuses" },
  ...MEETING_REQUEST_STATUSES.map((s) => ({ value: s, label: MEETING_REQUEST_STATUS_LABELS[s] })),
];
const URGENCY_OPTIONS = [
  { value: "all", label: "All urgencies" },
  ...MEETING_URGENCIES.map((u) => ({ value: u, label: URGENCY_LABELS[u] })),
];
const URGENCY_BADGE = { low: "secondary", medium: "warning", high: "danger" } as const;
const STATUS_BADGE = { pending: "warning", scheduled: "default", completed: "success", cancelled: "secondary" } as const;

const LIST = {
  view: ["system", "calendly"],
  status: ["all", ...MEETING_REQUEST_STATUSES],
  urgency: ["all", ...MEETING_URGENCIES],
  /** "overdue": pending past the urgency's window (shared/domain/service-levels.ts), as the header links to it. */
  due: ["all", "overdue"],
} as const;
const DUE_OPTIONS = [
  { value: "all", label: "Any service level" },
  { value: "overdue", label: "Overdue only" },
];

export function MeetingRequestsTab() {
  const { state, set } = useListState(LIST, { scope: "meetings" });
  const { view, ...query } = state;
  const [responding, setResponding] = useState<CompanyMeetingRequest | null>(null);
  const list = useCompanyMeetingRequests(query);
  const linked = useLinkedItem("request");
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
                  onClick={() => set({ view: v })}
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
              <FilterSelects
                state={state}
                set={set}
                filters={[
                  { key: "status", label: "Meeting status filter", options: STATUS_OPTIONS, className: "w-44" },
                  { key: "urgency", label: "Urgency filter", options: URGENCY_OPTIONS, className: "w-44" },
                  { key: "due", label: "Service level filter", options: DUE_OPTIONS, className: "w-48" },
                ]}
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
                  <li
                    key={request.id}
                    {...linkedItemProps(request.id, linked, "flex flex-col gap-2 py-4 md:flex-row md:items-center")}
                  >
                    <div className="min-w-0 flex-1">
                      <p className="font-medium text-slate-900">
                        {request.subject}
                        <Badge variant={STATUS_BADGE[request.status]} className="ml-2">
                          {MEETING_REQUEST_STATUS_LABELS[request.status]}
                        </Badge>
                        <Badge variant={URGENCY_BADGE[request.urgency]} className="ml-1">
                          {URGENCY_LABELS[request.urgency]}
                        </Badge>
                        {request.status === "pending" && (
                          <DueBadge kind="meeting" since={request.createdAt} urgency={request.urgency} className="ml-1" />
                        )}
                      </p>
                      <p className="text-sm text-slate-600">
                        {request.project.projectCode} · {request.project.customerName ?? request.requesterEmail ?? "—"} ·
                        requested {formatDateTime(request.createdAt)}
                      </p>
                      {request.description && (
                        <p className="mt-1 text-sm wrap-anywhere whitespace-pre-line text-slate-700">{request.description}</p>
                      )}
                      {request.preferredDates && <p className="text-xs text-slate-500">Preferred: {request.preferredDates}</p>}
                      {request.scheduledAt && (
                        <p className="text-xs text-emerald-700">Scheduled {formatDateTime(request.scheduledAt)}</p>
                      )}
                      {request.meetingLink && (
                        <NewTabLink
                          href={request.meetingLink}
                          className="text-xs break-all text-brand-700 underline-offset-2 hover:underline"
                        >
                          {request.meetingLink}
                        </NewTabLink>
                      )}
                      {request.adminNotes && (
                        <p className="text-xs wrap-anywhere text-slate-600">Admin notes: {request.adminNotes}</p>
                      )}
                    </div>
                    <Button variant="outline" size="sm" onClick={() => setResponding(request)}>
                      <CalendarClock aria-hidden="true" />
                      Respond
                    </Button>
                  </li>
                ))}
              </ul>
              {list.data && <Pager of={list.data} onPage={(page) => set({ page })} />}
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
              <NewTabLink href={m.location.join_url} className="text-brand-700 underline">
                Join Meeting
              </NewTabLink>
            )}
          </li>
        ))}
      </ul>
    </ListState>
  );
}

/** The dialog's values (the time as the viewer's local datetime-local text) checked as the shared response schema. */
const respondFormSchema = z
  .object({
    status: z.enum(MEETING_REQUEST_STATUSES),
    meetingLink: z.string(),
    scheduledAt: z.string(),
    adminNotes: z.string(),
  })
  .transform(
    (values): MeetingResponseInput => ({
      ...values,
      scheduledAt: fromDateTimeLocal(values.scheduledAt) ?? (values.scheduledAt ? "invalid" : null),
    }),
  )
  .pipe(meetingResponseSchema);

function RespondDialog({ request, onClose }: { request: CompanyMeetingRequest; onClose: () => void }) {
  const respond = useRespondToMeetingRequest();
  const form = useSchemaForm(respondFormSchema, {
    status: request.status,
    meetingLink: request.meetingLink ?? "",
    scheduledAt: toDateTimeLocal(request.scheduledAt),
    adminNotes: request.adminNotes ?? "",
  });
  const errors = form.formState.errors;
  return (
    <FormDialog
      form={form}
      onClose={onClose}
      onSubmit={async (body) => {
        await respond.mutateAsync({ id: request.id, body });
        toast({ title: "Meeting request updated", variant: "success" });
        onClose();
      }}
      title="Respond to Meeting Request"
      description={request.subject}
      submitLabel="Send Response"
      pendingLabel="Saving..."
      errorText="The response could not be saved."
    >
      <Field label="Status" error={errors.status?.message}>
        {(control) => (
          <Controller
            control={form.control}
            name="status"
            render={({ field }) => (
              <Select {...control} value={field.value} onValueChange={field.onChange} options={STATUS_OPTIONS.slice(1)} />
            )}
          />
        )}
      </Field>
      <Field label="Meeting link" error={errors.meetingLink?.message}>
        {(control) => <Input {...control} type="url" placeholder="https://meet.google.com/" {...form.register("meetingLink")} />}
      </Field>
      <Field label="Scheduled time" hint={`Your time zone: ${viewerTimeZone()}`} error={errors.scheduledAt?.message}>
        {(control) => <Input {...control} type="datetime-local" {...form.register("scheduledAt")} />}
      </Field>
      <Field label="Admin notes" error={errors.adminNotes?.message}>
        {(control) => <Textarea {...control} rows={3} {...form.register("adminNotes")} />}
      </Field>
    </FormDialog>
  );
}
