// Every date and time the portal shows, one wording on every screen (shared/domain/dates.ts words it):
// - an instant (createdAt, a signature, a meeting's start) in the viewer's time zone: the zone stored on their account
//   (set from the browser on first use, editable on /profile), else the browser's;
// - a calendar date (a deadline or payment day, stored as YYYY-MM-DD or that day's UTC midnight): the same day
//   everywhere, never shifted by a zone;
// - where a time matters, the zone is named: "22:30 EST".
// Empty values show as a dash. No screen calls Intl or toLocale… for a date.
import {
  formatClockInZone,
  formatDayInZone,
  timeAgo as sharedTimeAgo,
  utcTimestamp,
  wordInstantMarkers,
  zoneAbbreviation,
  zonedParts,
} from "../../shared/domain/dates";
import { canonicalTimeZone, isTimeZone } from "../../shared/domain/time-zones";

const EMPTY = "—";
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

let storedZone: string | null = null;

/** The zone stored on the signed-in user's account (null: not known yet, the browser's is used). */
export function setViewerTimeZone(zone: string | null | undefined): void {
  storedZone = zone && isTimeZone(zone) ? canonicalTimeZone(zone) : null;
}

/** The browser's own IANA time zone ("America/New_York"), by its current name (never "Asia/Calcutta"). */
export function browserTimeZone(): string {
  return canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC");
}

/** The viewer's IANA time zone: the one stored on their account, else the browser's. */
export function viewerTimeZone(): string {
  return storedZone ?? browserTimeZone();
}

function instant(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "5 March 2026": the day of an instant in the viewer's zone. */
export function formatDate(value: string | null | undefined): string {
  const date = instant(value);
  return date ? formatDayInZone(date, viewerTimeZone()) : EMPTY;
}

/** The same as formatDate: one wording of a day on every screen. */
export const formatLongDate = formatDate;

/** "5 March 2026, 14:30 CET": an instant in the viewer's zone, the zone named. */
export function formatDateTime(value: string | null | undefined): string {
  const date = instant(value);
  if (!date) return EMPTY;
  const zone = viewerTimeZone();
  return `${formatDayInZone(date, zone)}, ${formatClockInZone(date, zone)} ${zoneAbbreviation(date, zone)}`;
}

/** "5 March 2026" for a calendar date: the day as written, whatever the viewer's zone. */
export function formatCalendarDate(value: string | null | undefined): string {
  if (!value) return EMPTY;
  const [, y, m, d] = DATE_ONLY.exec(value.slice(0, 10)) ?? [];
  if (!y || !m || !d) return value;
  return formatDayInZone(new Date(Date.UTC(Number(y), Number(m) - 1, Number(d))), "UTC");
}

/**
 * "2026-11-24 09:00:00 UTC": the exact moment a document records (a signature's time on /verify), as the document
 * itself prints it, so the two can be compared character for character.
 */
export function formatUtcTimestamp(value: string | null | undefined): string {
  const date = instant(value);
  return date ? utcTimestamp(date) : EMPTY;
}

/** "Mar" for a calendar month "2026-03". */
export function formatMonth(month: string): string {
  const utc = new Date(`${month}-01T00:00:00Z`);
  return Number.isNaN(utc.getTime()) ? month : zonedParts(utc, "UTC").month.slice(0, 3);
}

/** "Wednesday, 25 November 2026": a meeting's day in the viewer's zone. */
export function formatWeekdayDate(value: string | null | undefined): string {
  const date = instant(value);
  return date ? formatDayInZone(date, viewerTimeZone(), { weekday: true }) : EMPTY;
}

/** "22:30 EST": a meeting's time in the viewer's zone, with the zone named so nobody has to guess. */
export function formatTime(value: string | null | undefined): string {
  const date = instant(value);
  if (!date) return EMPTY;
  const zone = viewerTimeZone();
  return `${formatClockInZone(date, zone)} ${zoneAbbreviation(date, zone)}`;
}

/** "Wednesday, 25 November 2026, 22:30 EST": a meeting or scheduled time in the viewer's zone. */
export function formatMeetingTime(value: string | null | undefined): string {
  const date = instant(value);
  return date ? `${formatWeekdayDate(value)}, ${formatTime(value)}` : EMPTY;
}

/** "just now", "5 minutes ago", …, then the day in the viewer's zone. */
export function timeAgo(value: string, now: Date): string {
  return sharedTimeAgo(value, now, viewerTimeZone());
}

/** Stored text (an activity's description) with the instants it carries worded in the viewer's zone. */
export function formatStoredText(text: string): string;
export function formatStoredText(text: string | null | undefined): string | null | undefined;
export function formatStoredText(text: string | null | undefined): string | null | undefined {
  return text ? wordInstantMarkers(text, formatMeetingTime) : text;
}

/** The offset of `zone` from UTC at `date`, in minutes (New York in winter: -300). */
function offsetMinutes(date: Date, zone: string): number {
  const p = zonedParts(date, zone);
  const asUtc = Date.UTC(Number(p.year), p.monthNumber - 1, Number(p.day), Number(p.hour), Number(p.minute));
  return Math.round((asUtc - Math.floor(date.getTime() / 60_000) * 60_000) / 60_000);
}

const pad = (n: number | string) => String(n).padStart(2, "0");

/** A Date or an ISO instant as the "YYYY-MM-DDTHH:mm" a datetime-local input reads, in the viewer's zone ("" when empty). */
export function toDateTimeLocal(value: Date | string | null | undefined): string {
  const date = instant(value);
  if (!date) return "";
  const p = zonedParts(date, viewerTimeZone());
  return `${p.year}-${pad(p.monthNumber)}-${pad(p.day)}T${p.hour}:${p.minute}`;
}

/** A datetime-local value (the viewer's wall-clock time in their zone) as an ISO instant, or null when empty or not a date. */
export function fromDateTimeLocal(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return null;
  const [y, mo, d, h, mi, s] = match.slice(1).map((part) => Number(part ?? 0));
  const wall = Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0, s ?? 0);
  if (Number.isNaN(wall)) return null;
  const zone = viewerTimeZone();
  // The wall time minus the zone's offset; once more with the offset at that instant (around a DST change).
  let guess = wall - offsetMinutes(new Date(wall), zone) * 60_000;
  guess = wall - offsetMinutes(new Date(guess), zone) * 60_000;
  return new Date(guess).toISOString();
}
