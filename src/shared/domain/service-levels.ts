// Service levels: when the company owes a customer an answer. A customer's message left unanswered for more than one
// business day (Saturdays and Sundays do not count, days in UTC) is overdue; a meeting request still pending past its
// urgency's window (high 24 h, medium 3 days, low 7 days, counted in plain hours) is overdue. Both are written as a
// cutoff instant, so the server filters and counts with one indexed comparison (`at < cutoff`) and the rule stays here.
import type { MeetingRequestStatus, MeetingUrgency } from "../constants/meetings";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** How long a pending meeting request may wait, by urgency (the Request Meeting dialog's promises). */
export const MEETING_REQUEST_WINDOW_MS: Record<MeetingUrgency, number> = {
  high: 24 * HOUR_MS,
  medium: 3 * DAY_MS,
  low: 7 * DAY_MS,
};

/** One business day: 24 hours of Monday-to-Friday time. */
export const MESSAGE_ANSWER_BUSINESS_MS = DAY_MS;

const isWeekend = (dayStart: number) => {
  const weekday = new Date(dayStart).getUTCDay();
  return weekday === 0 || weekday === 6;
};

/**
 * The instant `businessMs` of weekday time before `now`: weekend time is stepped over. A customer message written
 * before `messageOverdueCutoff(now)` has waited more than one business day.
 */
export function businessTimeBefore(now: Date, businessMs: number): Date {
  let remaining = businessMs;
  let t = now.getTime();
  for (;;) {
    // The day the instant just before t belongs to (at exactly midnight, the previous day).
    const dayStart = Math.floor((t - 1) / DAY_MS) * DAY_MS;
    if (!isWeekend(dayStart)) {
      const available = t - dayStart;
      if (remaining <= available) return new Date(t - remaining);
      remaining -= available;
    }
    t = dayStart;
  }
}

/** Customer messages older than this (and still the last word in their thread) are overdue. */
export function messageOverdueCutoff(now: Date): Date {
  return businessTimeBefore(now, MESSAGE_ANSWER_BUSINESS_MS);
}

export function isMessageOverdue(input: { lastCustomerMessageAt: Date | string | null; waitingForUs: boolean }, now: Date) {
  if (!input.waitingForUs || !input.lastCustomerMessageAt) return false;
  return new Date(input.lastCustomerMessageAt).getTime() < messageOverdueCutoff(now).getTime();
}

/** Pending requests of this urgency created before this instant are overdue. */
export function meetingRequestOverdueCutoff(urgency: MeetingUrgency, now: Date): Date {
  return new Date(now.getTime() - MEETING_REQUEST_WINDOW_MS[urgency]);
}

export function isMeetingRequestOverdue(
  request: { status: MeetingRequestStatus; urgency: MeetingUrgency; createdAt: Date | string },
  now: Date,
): boolean {
  if (request.status !== "pending") return false;
  return new Date(request.createdAt).getTime() < meetingRequestOverdueCutoff(request.urgency, now).getTime();
}
