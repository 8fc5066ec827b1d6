// Meeting rules: urgency meanings, request states, the 30-minute default and the meet-link prefix.

/** Urgencies and request states read as their own names, capitalised: "High", "Scheduled". */
function namesAsLabels<T extends string>(names: readonly T[]): Record<T, string> {
  return Object.fromEntries(names.map((name) => [name, name.charAt(0).toUpperCase() + name.slice(1)])) as Record<T, string>;
}

export const MEETING_URGENCIES = ["low", "medium", "high"] as const;
export type MeetingUrgency = (typeof MEETING_URGENCIES)[number];

export const URGENCY_LABELS = namesAsLabels(MEETING_URGENCIES);

/** What each urgency level promises, shown beside each level in the Request Meeting dialog. */
export const URGENCY_MEANINGS: Record<MeetingUrgency, string> = {
  low: "Within a week",
  medium: "Within 2-3 days",
  high: "Within 24 hours",
};

export const MEETING_REQUEST_STATUSES = ["pending", "scheduled", "completed", "cancelled"] as const;
export type MeetingRequestStatus = (typeof MEETING_REQUEST_STATUSES)[number];

export const MEETING_REQUEST_STATUS_LABELS = namesAsLabels(MEETING_REQUEST_STATUSES);

/** Meetings last 30 minutes unless a calendar says otherwise. */
export const MEETING_DURATION_MINUTES = 30;
/** The admin confirms meeting requests within 24 hours. */
export const ADMIN_CONFIRMATION_HOURS = 24;

/** The meeting link field starts with this prefix. */
export const MEET_LINK_PREFIX = "https://meet.google.com/";

/** The date-time picker's earliest value is "now" to the minute, so a time up to this far back is still accepted. */
export const MEETING_TIME_GRACE_MS = 2 * 60_000;

/** A scheduled meeting is Upcoming while its time is in the future, else Past. */
export function meetingTiming(scheduledFor: string | Date, now: Date = new Date()): "upcoming" | "past" {
  return new Date(scheduledFor).getTime() > now.getTime() ? "upcoming" : "past";
}

/** The meeting requests list (and the stats) refresh every 30 s. */
export const MEETING_REQUESTS_POLL_MS = 30_000;
