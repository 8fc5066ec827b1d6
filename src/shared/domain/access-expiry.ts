// The customer's access expiry (deployment date + one year, or the date the company extended it to): when it has
// passed, what the portal says before and after, and the reminders' steps. The server enforces it (the prototype
// viewer and invitations close), the dashboard, Package Details and the banner word it in the viewer's zone.
import { calendarDayInZone, daysBetween, FALLBACK_TIME_ZONE, formatDayInZone } from "./dates";

/** Reminder emails to the owner this many days before the date (the last one is always sent: see the decision 0029). */
export const ACCESS_REMINDER_DAYS = [30, 7] as const;
export type AccessReminderStep = (typeof ACCESS_REMINDER_DAYS)[number];
/** The banner shows in the last this many days. */
export const ACCESS_BANNER_DAYS = 30;

const DAY_MS = 86_400_000;

export const ACCESS_EXPIRY_MESSAGES = {
  prototypeClosed:
    "Your access to this prototype ended on its access expiry date. Your documents, the hand-over package and your data export stay available. To open the prototype again, ask the Blueprint team to extend your access (Communications).",
  invitationsClosed:
    "Access to this project has ended, so no one new can be invited. Ask the Blueprint team to extend your access (Communications).",
  teamNotOpen: "Team members can be invited once the prototype is ready for testing.",
  extensionPast: "Choose a date in the future: access cannot be extended to a date that has passed.",
  extensionInvalid: "Enter the new access expiry date",
  noDeployment: "This project has no access expiry date yet: set its deployment date first.",
} as const;

type ExpiryFacts = { customerAccessExpiryDate?: string | Date | null } | null | undefined;

function expiryOf(project: ExpiryFacts): Date | null {
  const value = project?.customerAccessExpiryDate;
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isFinite(date.getTime()) ? date : null;
}

/** Access has ended: the expiry date is set and has passed. */
export function accessExpired(project: ExpiryFacts, now: Date): boolean {
  const expiry = expiryOf(project);
  return expiry !== null && expiry.getTime() <= now.getTime();
}

/**
 * The prototype is closed to this caller: access has ended and they are the owner or a member (the company, who
 * extends the date, always sees it). The viewer, its links and the project's answered address all follow this.
 */
export function prototypeClosedTo(project: ExpiryFacts & { accessLevel: string }, now: Date): boolean {
  return project.accessLevel !== "company" && accessExpired(project, now);
}

/** Which reminder is due at `now` for an expiry at `expiry`: 7 in the last 7 days, 30 in the last 30, else none. */
export function reminderStepAt(expiry: Date, now: Date): AccessReminderStep | null {
  const left = expiry.getTime() - now.getTime();
  if (left <= 0) return null;
  const steps = [...ACCESS_REMINDER_DAYS].sort((a, b) => a - b);
  return steps.find((days) => left <= days * DAY_MS) ?? null;
}

export type AccessExpiryView = {
  /** "26 November 2027" in the viewer's zone. */
  date: string;
  /** Whole calendar days from the viewer's today to the date, in their zone (0 on the day itself). */
  daysLeft: number;
  expired: boolean;
  /** "312 days left", "1 day left", "Ends today", "Ended". */
  detail: string;
  /** In the last 30 days (or ended): the portal shows the banner. */
  banner: boolean;
};

/** The date and the days left as the viewer reads them; null when the project has no expiry date yet. */
export function accessExpiryView(project: ExpiryFacts, now: Date, zone: string = FALLBACK_TIME_ZONE): AccessExpiryView | null {
  const expiry = expiryOf(project);
  if (!expiry) return null;
  const expired = expiry.getTime() <= now.getTime();
  const daysLeft = Math.max(0, daysBetween(calendarDayInZone(now, zone), calendarDayInZone(expiry, zone)));
  const detail = expired ? "Ended" : daysLeft === 0 ? "Ends today" : daysLeft === 1 ? "1 day left" : `${daysLeft} days left`;
  return {
    date: formatDayInZone(expiry, zone),
    daysLeft,
    expired,
    detail,
    banner: expired || expiry.getTime() - now.getTime() <= ACCESS_BANNER_DAYS * DAY_MS,
  };
}

/** The banner's words for the last 30 days and after the date. */
export function accessBannerText(view: AccessExpiryView, projectCode: string): { title: string; body: string } {
  if (view.expired) {
    return {
      title: `Access to ${projectCode} ended on ${view.date}`,
      body: "The prototype viewer and invitations are closed. Your documents, the hand-over package and your data export stay available. Ask the Blueprint team in Communications to extend your access.",
    };
  }
  const when = view.daysLeft === 0 ? "today" : view.daysLeft === 1 ? "tomorrow" : `in ${view.daysLeft} days`;
  return {
    title: `Access to ${projectCode} ends ${when} (${view.date})`,
    body: "After that date the prototype viewer and invitations close; your documents, the hand-over package and your data export stay available. Download the hand-over package now, or ask the Blueprint team in Communications to extend your access.",
  };
}
