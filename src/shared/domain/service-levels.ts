// Service levels: the answers the site promises (shared/constants/marketing.ts RESPONSE_PROMISES and
// CONTACT_REPLY_PROMISE, the meeting dialog's 24 hours), written once as clocks in plain hours (issue 28, part 5):
// - a new project is answered within 2 hours: the company's first message or reply on it;
// - support (a customer's message in the Inbox, still the last word in its thread) within 2-4 hours: due at 4, the
//   end of the promised range, so "overdue" means the promise is broken, not merely at risk;
// - a contact inquiry within 24 hours (marked answered in Inquiries);
// - a meeting request confirmed within 24 hours, a high-urgency one within 4 (the support figure: "sooner" as fast
//   as the company promises anything but a new project).
// Each is written as a cutoff instant, so the server filters and counts with one indexed comparison
// (`at < cutoff`) and the rule stays here.
import type { MeetingRequestStatus, MeetingUrgency } from "../constants/meetings";

const HOUR_MS = 60 * 60 * 1000;

export const SERVICE_LEVEL_KINDS = ["newProject", "support", "inquiry", "meeting"] as const;
export type ServiceLevelKind = (typeof SERVICE_LEVEL_KINDS)[number];

export const SERVICE_LEVELS: Record<ServiceLevelKind, { label: string; hours: number; promise: string }> = {
  newProject: { label: "New projects", hours: 2, promise: "answered within 2 hours" },
  support: { label: "Support messages", hours: 4, promise: "answered within 2-4 hours (due at 4)" },
  inquiry: { label: "Contact inquiries", hours: 24, promise: "answered within 24 hours" },
  meeting: { label: "Meeting requests", hours: 24, promise: "confirmed within 24 hours (high urgency: 4)" },
};

/** How long a pending meeting request may wait for its answer, by urgency. */
export const MEETING_REQUEST_WINDOW_MS: Record<MeetingUrgency, number> = {
  high: 4 * HOUR_MS,
  medium: SERVICE_LEVELS.meeting.hours * HOUR_MS,
  low: SERVICE_LEVELS.meeting.hours * HOUR_MS,
};

/** The window of a kind in milliseconds (meeting requests: by urgency). */
export function serviceWindowMs(kind: ServiceLevelKind, urgency?: MeetingUrgency): number {
  if (kind === "meeting" && urgency) return MEETING_REQUEST_WINDOW_MS[urgency];
  return SERVICE_LEVELS[kind].hours * HOUR_MS;
}

/** When the answer to something that started at `since` is due. */
export function serviceDueAt(kind: ServiceLevelKind, since: Date | string, urgency?: MeetingUrgency): Date {
  return new Date(new Date(since).getTime() + serviceWindowMs(kind, urgency));
}

/** Things of this kind that started before this instant and are still unanswered are overdue. */
export function serviceOverdueCutoff(kind: ServiceLevelKind, now: Date, urgency?: MeetingUrgency): Date {
  return new Date(now.getTime() - serviceWindowMs(kind, urgency));
}

/** Customer messages older than this (and still the last word in their thread) are overdue. */
export function messageOverdueCutoff(now: Date): Date {
  return serviceOverdueCutoff("support", now);
}

export function isMessageOverdue(input: { lastCustomerMessageAt: Date | string | null; waitingForUs: boolean }, now: Date) {
  if (!input.waitingForUs || !input.lastCustomerMessageAt) return false;
  return new Date(input.lastCustomerMessageAt).getTime() < messageOverdueCutoff(now).getTime();
}

/** Pending requests of this urgency created before this instant are overdue. */
export function meetingRequestOverdueCutoff(urgency: MeetingUrgency, now: Date): Date {
  return serviceOverdueCutoff("meeting", now, urgency);
}

export function isMeetingRequestOverdue(
  request: { status: MeetingRequestStatus; urgency: MeetingUrgency; createdAt: Date | string },
  now: Date,
): boolean {
  if (request.status !== "pending") return false;
  return new Date(request.createdAt).getTime() < meetingRequestOverdueCutoff(request.urgency, now).getTime();
}

/** New inquiries created before this instant are overdue. */
export function inquiryOverdueCutoff(now: Date): Date {
  return serviceOverdueCutoff("inquiry", now);
}

/** "Due in 3 h", "Due in 25 min", "Overdue by 2 h": how a console row words its clock. */
export function describeDue(dueAt: Date | string, now: Date): { overdue: boolean; text: string } {
  const diff = new Date(dueAt).getTime() - now.getTime();
  const span = (ms: number) => {
    const minutes = Math.max(1, Math.round(ms / 60_000));
    if (minutes < 60) return `${minutes} min`;
    const hours = Math.round(minutes / 60);
    return hours < 48 ? `${hours} h` : `${Math.round(hours / 24)} days`;
  };
  return diff >= 0 ? { overdue: false, text: `Due in ${span(diff)}` } : { overdue: true, text: `Overdue by ${span(-diff)}` };
}

/** The console's "answered within promise, last 30 days" figures: one row per kind. */
export const SERVICE_REPORT_DAYS = 30;
