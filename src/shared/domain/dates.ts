// Date wording that reads the same on every machine (UTC, no locale): documents, cards and tests agree.
import { canonicalTimeZone } from "./time-zones";

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** The UTC calendar date of an instant, YYYY-MM-DD. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The UTC calendar month of an instant, YYYY-MM. */
export function isoMonth(date: Date): string {
  return isoDay(date).slice(0, 7);
}

/** "2026-11-24 09:00:00 UTC": the exact moment a document records (a signature's time), to the second. */
export function utcTimestamp(date: Date): string {
  return `${isoDay(date)} ${date.toISOString().slice(11, 19)} UTC`;
}

/** "5 March 2026": the UTC calendar day of an instant, as documents print it. */
export function formatUtcDay(date: Date): string {
  return formatLongDate(isoDay(date));
}

/** "2026-03-05…" → "5 March 2026". */
export function formatLongDate(iso: string): string {
  const [year, month, day] = iso.slice(0, 10).split("-").map(Number);
  if (!year || !month || !day) return iso;
  return `${day} ${MONTHS[month - 1] ?? ""} ${year}`;
}

/** Whole calendar days from `from` to `to` (UTC dates; negative when `to` is earlier). */
export function daysBetween(from: Date, to: Date): number {
  const start = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate());
  const end = Date.UTC(to.getUTCFullYear(), to.getUTCMonth(), to.getUTCDate());
  return Math.round((end - start) / 86_400_000);
}

/** "just now", "5 minutes ago", "3 hours ago", "2 days ago", then the day in `zone` ("5 March 2026"). */
export function timeAgo(iso: string, now: Date, zone: string = FALLBACK_TIME_ZONE): string {
  const seconds = Math.max(0, Math.round((now.getTime() - new Date(iso).getTime()) / 1000));
  if (seconds < 60) return "just now";
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? "" : "s"} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? "" : "s"} ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${days} day${days === 1 ? "" : "s"} ago`;
  return formatDayInZone(new Date(iso), zone);
}

// --- Instants in a time zone ----------------------------------------------------------------------------------------
// One wording for an instant, on every screen and in every email: "Wednesday, 25 November 2026, 22:30" in a named
// IANA zone, the zone shown where a time matters ("22:30 EST" on screen, "(UTC−05:00, America/New_York)" in email).
// The browser's module (client/lib/date-time.ts) and the email module (server/email/format-time.ts) read these.

/** The zone used when a user's zone is not known (emails, the server). */
export const FALLBACK_TIME_ZONE = "UTC";

type ZonedParts = {
  weekday: string;
  day: string;
  month: string;
  /** 1 to 12. */
  monthNumber: number;
  year: string;
  hour: string;
  minute: string;
};

const partFormats = new Map<string, Intl.DateTimeFormat>();

function partsFormat(zone: string): Intl.DateTimeFormat {
  let format = partFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", {
      timeZone: zone,
      weekday: "long",
      day: "numeric",
      month: "long",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    partFormats.set(zone, format);
  }
  return format;
}

/** The calendar and clock fields of an instant as read in `zone` (an unknown zone reads as UTC). */
export function zonedParts(date: Date, zone: string): ZonedParts {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = partsFormat(zone).formatToParts(date);
  } catch {
    parts = partsFormat(FALLBACK_TIME_ZONE).formatToParts(date);
  }
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return {
    weekday: get("weekday"),
    day: get("day"),
    month: get("month"),
    monthNumber: MONTHS.indexOf(get("month")) + 1,
    year: get("year"),
    hour: get("hour"),
    minute: get("minute"),
  };
}

/** The calendar day an instant falls on in `zone`, as that day's UTC midnight (for counting days to a calendar date). */
export function calendarDayInZone(date: Date, zone: string): Date {
  const parts = zonedParts(date, zone);
  return new Date(Date.UTC(Number(parts.year), parts.monthNumber - 1, Number(parts.day)));
}

/** "25 November 2026" (or "Wednesday, 25 November 2026"): the day of an instant in `zone`. */
export function formatDayInZone(date: Date, zone: string, options: { weekday?: boolean } = {}): string {
  const p = zonedParts(date, zone);
  const day = `${p.day} ${p.month} ${p.year}`;
  return options.weekday ? `${p.weekday}, ${day}` : day;
}

/** "22:30": the 24-hour clock time of an instant in `zone`. */
export function formatClockInZone(date: Date, zone: string): string {
  const p = zonedParts(date, zone);
  return `${p.hour}:${p.minute}`;
}

/** The zone's short name at that instant: "EST", "CET", "GMT+5:30", "UTC". */
export function zoneAbbreviation(date: Date, zone: string): string {
  if (zone === "UTC" || zone === "Etc/UTC") return "UTC";
  try {
    const name = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "short" })
      .formatToParts(date)
      .find((p) => p.type === "timeZoneName")?.value;
    return name ?? zone;
  } catch {
    return "UTC";
  }
}

/** The zone's offset from UTC at that instant: "UTC−05:00", "UTC+05:30", "UTC+00:00" (a true minus sign). */
export function utcOffsetLabel(date: Date, zone: string): string {
  let name = "GMT";
  try {
    name =
      new Intl.DateTimeFormat("en-GB", { timeZone: zone, timeZoneName: "longOffset" })
        .formatToParts(date)
        .find((p) => p.type === "timeZoneName")?.value ?? "GMT";
  } catch {
    // an unknown zone reads as UTC
  }
  const offset = name.replace(/^GMT/, "") || "+00:00";
  return `UTC${offset.replace("-", "\u2212")}`;
}

/** "Thursday, 26 November 2026, 10:00 (UTC−05:00, America/New_York)": an instant as an email states it. */
export function formatInstantWithOffset(date: Date, zone: string): string {
  const known = isKnownZone(zone) ? zone : FALLBACK_TIME_ZONE;
  return `${formatDayInZone(date, known, { weekday: true })}, ${formatClockInZone(date, known)} (${utcOffsetLabel(date, known)}, ${canonicalTimeZone(known)})`;
}

function isKnownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

// --- Instants inside stored text -------------------------------------------------------------------------------------
// A line written once for many readers (an activity event's description) cannot be worded in one zone: it carries the
// instant as a marker, and each reader's side words it in that reader's zone.

const INSTANT_MARKER = /\[\[at:(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{3})?Z)\]\]/g;

/** The marker for an instant inside stored text: "[[at:2026-11-26T03:30:00.000Z]]". */
export function instantMarker(date: Date): string {
  return `[[at:${date.toISOString()}]]`;
}

/** The text with every instant marker worded by `format` (given the ISO instant). */
export function wordInstantMarkers(text: string, format: (iso: string) => string): string {
  return text.replace(INSTANT_MARKER, (_, iso: string) => format(iso));
}
