// The company's answer to a meeting request (scheduled, moved, cancelled...), to its requester, with the calendar
// invitation or cancellation attached by the caller.
import { MEETING_REQUEST_STATUS_LABELS, type MeetingRequestStatus } from "../../../shared/constants/meetings";
import { customerLinks } from "../links";
import { defineEmail } from "../template";

type Data = {
  project: { projectCode: string };
  /** The request, which the link opens (absent in emails queued before links named it). */
  requestId?: string;
  subject: string;
  status: MeetingRequestStatus;
  /** The calendar message attached: an invitation (REQUEST) or a cancellation (CANCEL); null for none. */
  method: "REQUEST" | "CANCEL" | null;
  /** An invitation was sent before: this one updates it. */
  invitedBefore: boolean;
  /** When it takes place, worded in the requester's zone; null unless scheduled. */
  when: string | null;
  meetingLink: string | null;
  adminNotes: string | null;
};

/** The heading, which is also the subject (and the requester's activity title). */
export function meetingResponseHeading(data: Pick<Data, "subject" | "status" | "method" | "invitedBefore">): string {
  if (data.method === "CANCEL") return `Meeting cancelled: ${data.subject}`;
  if (data.method === "REQUEST")
    return data.invitedBefore ? `Meeting updated: ${data.subject}` : `Meeting scheduled: ${data.subject}`;
  return `Meeting request ${MEETING_REQUEST_STATUS_LABELS[data.status].toLowerCase()}: ${data.subject}`;
}

export default defineEmail<Data>({
  subject: meetingResponseHeading,
  link: (appUrl, data) => customerLinks.meetingRequests(appUrl, data.project, data.requestId),
  content: (data, link) => {
    const status = MEETING_REQUEST_STATUS_LABELS[data.status].toLowerCase();
    return {
      heading: meetingResponseHeading(data),
      paragraphs: [
        data.method === "CANCEL"
          ? `The meeting for your request "${data.subject}" on ${data.project.projectCode} has been cancelled.`
          : `Your meeting request "${data.subject}" on ${data.project.projectCode} is now ${status}.`,
        ...(data.when ? [`When: ${data.when}`] : []),
        ...(data.meetingLink ? [`Join: ${data.meetingLink}`] : []),
        ...(data.adminNotes ? [`Note from the team: ${data.adminNotes}`] : []),
      ],
      action: { label: "View your meeting requests", url: link },
      ...(data.method === "REQUEST" ? { footnote: "The attached invitation adds the meeting to your calendar." } : {}),
    };
  },
  example: {
    project: { projectCode: "BP-0001" },
    subject: "Design review",
    status: "scheduled",
    method: "REQUEST",
    invitedBefore: false,
    when: "Tuesday, 1 December 2026, 10:00 (UTC+00:00, UTC) (30 minutes)",
    meetingLink: "https://meet.example.com/abc",
    adminNotes: null,
  },
});
