// The calendar file sent with a meeting invitation (RFC 5546 iTIP over RFC 5545): METHOD:REQUEST to invite or update
// (same UID, higher SEQUENCE), METHOD:CANCEL to call it off. Text is escaped (every line break: CRLF, CR or LF; and
// backslash, semicolon, comma), other control characters dropped, and lines folded at 75 octets; no value a user
// typed can start a property of its own.

export type IcsEvent = {
  method: "REQUEST" | "CANCEL";
  uid: string;
  sequence: number;
  start: Date;
  durationMinutes: number;
  summary: string;
  description: string;
  url: string | null;
  organizer: { email: string; name: string };
  attendee: { email: string; name: string | null };
  stamp?: Date;
};

/** Control characters other than line breaks and tab; TEXT may not hold them. */
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

export function escapeText(value: string): string {
  return value
    .replace(CONTROLS, "")
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** Parameter values (CN) are quoted; quotes and control characters are not allowed inside them. */
function paramValue(value: string): string {
  return `"${value.replace(/["\u0000-\u001f\u007f]/g, "").slice(0, 200)}"`;
}

/** A URI value: the parsed address (which holds no control character or space), or nothing. */
function uriValue(value: string): string | null {
  const href = URL.parse(value.trim())?.href;
  return href && !/[\u0000-\u0020\u007f]/.test(href) ? href : null;
}

/** An address after mailto:, with anything that could end the line removed. */
function mailto(email: string): string {
  return `mailto:${email.replace(/[\u0000-\u0020\u007f]/g, "")}`;
}

function utc(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** Folds a content line into chunks of at most 75 octets, never splitting a UTF-8 character. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    const limit = parts.length === 0 ? 75 : 74; // continuation lines start with a space
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

export function buildIcs(event: IcsEvent): string {
  const end = new Date(event.start.getTime() + event.durationMinutes * 60_000);
  const attendee = `ATTENDEE;${event.attendee.name ? `CN=${paramValue(event.attendee.name)};` : ""}ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:${mailto(event.attendee.email)}`;
  const url = event.url ? uriValue(event.url) : null;
  const lines = [
    "BEGIN:VCALENDAR",
    "PRODID:-//Blueprint//Client portal//EN",
    "VERSION:2.0",
    "CALSCALE:GREGORIAN",
    `METHOD:${event.method}`,
    "BEGIN:VEVENT",
    `UID:${escapeText(event.uid)}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utc(event.stamp ?? new Date())}`,
    `DTSTART:${utc(event.start)}`,
    `DTEND:${utc(end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    ...(url ? [`LOCATION:${escapeText(url)}`, `URL:${url}`] : []),
    `ORGANIZER;CN=${paramValue(event.organizer.name)}:${mailto(event.organizer.email)}`,
    attendee,
    `STATUS:${event.method === "CANCEL" ? "CANCELLED" : "CONFIRMED"}`,
    "TRANSP:OPAQUE",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
