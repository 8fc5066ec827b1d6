// Every date and time the portal shows. An instant (createdAt, a meeting's start) is shown in the viewer's own time
// zone and locale; a calendar date (a deadline or payment day, stored as YYYY-MM-DD or that day's UTC midnight) is
// the same day everywhere. Empty values show as a dash.

const EMPTY = "—";
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

function instant(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Mar 5, 2026": the day of an instant in the viewer's zone. */
export function formatDate(value: string | null | undefined): string {
  const date = instant(value);
  return date ? date.toLocaleDateString(undefined, { dateStyle: "medium" }) : EMPTY;
}

/** "March 5, 2026": as formatDate, the month written out. */
export function formatLongDate(value: string | null | undefined): string {
  const date = instant(value);
  return date ? date.toLocaleDateString(undefined, { dateStyle: "long" }) : EMPTY;
}

/** "Mar 5, 2026, 2:30 PM": an instant in the viewer's zone. */
export function formatDateTime(value: string | null | undefined): string {
  const date = instant(value);
  return date ? date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }) : EMPTY;
}

/** "Mar 5, 2026" for a calendar date: the day as written, whatever the viewer's zone. */
export function formatCalendarDate(value: string | null | undefined): string {
  if (!value) return EMPTY;
  const [, y, m, d] = DATE_ONLY.exec(value.slice(0, 10)) ?? [];
  if (!y || !m || !d) return value;
  const utc = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return utc.toLocaleDateString(undefined, { dateStyle: "medium", timeZone: "UTC" });
}

/** "Mar" for a calendar month "2026-03". */
export function formatMonth(month: string): string {
  const utc = new Date(`${month}-01T00:00:00Z`);
  return Number.isNaN(utc.getTime()) ? month : utc.toLocaleDateString(undefined, { month: "short", timeZone: "UTC" });
}

/** "Tue, Nov 24, 2026": a meeting's day in the viewer's zone. */
export function formatWeekdayDate(value: string): string {
  const date = instant(value);
  return date ? date.toLocaleDateString(undefined, { weekday: "short", day: "numeric", month: "short", year: "numeric" }) : EMPTY;
}

/** "2:30 PM GMT+1": a meeting's time in the viewer's zone, with the zone named so nobody has to guess. */
export function formatTime(value: string): string {
  const date = instant(value);
  return date ? date.toLocaleTimeString(undefined, { hour: "numeric", minute: "2-digit", timeZoneName: "short" }) : EMPTY;
}

/** The viewer's IANA time zone ("Europe/Berlin"), named beside a date-time input. */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** A Date or an ISO instant as the local "YYYY-MM-DDTHH:mm" a datetime-local input reads ("" when empty). */
export function toDateTimeLocal(value: Date | string | null | undefined): string {
  const date = value instanceof Date ? value : instant(value);
  if (!date) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value (the viewer's local time) as an ISO instant, or null when empty or not a date. */
export function fromDateTimeLocal(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
