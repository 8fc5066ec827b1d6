// Scheduled Meetings: the conversation's meetings with a time, earliest first, paged; Upcoming or Past; date and time
// in the viewer's zone; Join Meeting.
import { CalendarClock, Clock } from "lucide-react";
import { MEETING_DURATION_MINUTES, meetingTiming } from "../../../shared/constants/meetings";
import { JoinMeetingButton } from "../../components/kit/JoinMeetingButton";
import { hasPages, Pager } from "../../components/kit/Pager";
import { Badge } from "../../components/ui/badge";
import { Card } from "../../components/ui/card";
import { formatTime, formatWeekdayDate } from "../../lib/date-time";
import { usePageOf } from "../../lib/use-page-of";
import { useCommunications } from "./api/get-communications";

export function ScheduledMeetings(props: { projectId: string; refetchInterval: number | false }) {
  const [page, setPage] = usePageOf(props.projectId);
  const reply = useCommunications(props.projectId, { page, show: "meetings" }, { refetchInterval: props.refetchInterval }).data;
  if (!reply || reply.total === 0) return null;
  const now = new Date();
  return (
    <section aria-labelledby="scheduled-meetings-title" className="mb-8">
      <h2 id="scheduled-meetings-title" className="mb-3 flex items-center gap-2 text-lg font-semibold text-slate-900">
        <CalendarClock className="size-5 text-brand-600" aria-hidden="true" />
        Scheduled Meetings
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {reply.items.map((meeting) => {
          const at = meeting.scheduledFor as string;
          const upcoming = meetingTiming(at, now) === "upcoming";
          return (
            <li key={meeting.id}>
              <Card className={upcoming ? "h-full border-brand-200" : "h-full opacity-80"}>
                <div className="flex h-full flex-col gap-3 p-5">
                  <div className="flex items-start justify-between gap-3">
                    <h3 className="font-semibold leading-snug text-slate-900">{meeting.subject}</h3>
                    <Badge variant={upcoming ? "success" : "secondary"}>{upcoming ? "Upcoming" : "Past"}</Badge>
                  </div>
                  <dl className="grid gap-1 text-sm text-slate-700">
                    <div className="flex items-center gap-2">
                      <dt className="sr-only">Date</dt>
                      <CalendarClock className="size-4 text-slate-400" aria-hidden="true" />
                      <dd>{formatWeekdayDate(at)}</dd>
                    </div>
                    <div className="flex items-center gap-2">
                      <dt className="sr-only">Time</dt>
                      <Clock className="size-4 text-slate-400" aria-hidden="true" />
                      <dd>
                        {formatTime(at)} · {MEETING_DURATION_MINUTES} min
                      </dd>
                    </div>
                  </dl>
                  {meeting.meetingUrl && (
                    <JoinMeetingButton link={meeting.meetingUrl} upcoming={upcoming} className="mt-auto self-start" />
                  )}
                </div>
              </Card>
            </li>
          );
        })}
      </ul>
      {hasPages(reply) && <Pager of={reply} onPage={setPage} />}
    </section>
  );
}
