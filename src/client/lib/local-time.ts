// Dates and times in the viewer's own time zone (meetings), and the value format of <input type="datetime-local">.

/** "Tue, 24 Nov 2026" in the viewer's zone. */
export function localDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { weekday: "short", day: "numeric", month: "short", year: "numeric" });
}

/** "2:30 PM GMT+1" in the viewer's zone, with the zone named so nobody has to guess. */
export function localTime(iso: string): string {
  return new Date(iso).toLocaleTimeString(undefined, { hour: "numeric", minute: "2-digit", timeZoneName: "short" });
}

/** A Date as the local "YYYY-MM-DDTHH:mm" a datetime-local input reads. */
export function toDateTimeLocal(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value (the viewer's local time) as an ISO instant, or null when empty or not a date. */
export function fromDateTimeLocal(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
