// A user's time zone: an IANA zone name ("America/New_York", "Asia/Kolkata", "UTC") that this runtime knows. Both the
// browser (the /profile list) and the server (PUT /api/me/time-zone) check with the same rule.

const IANA_NAME = /^[A-Z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2}$/;
const MAX_LENGTH = 64;

/** Whether `value` names an IANA time zone this runtime can read (offsets like "+05:00" and other spellings are not). */
export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > MAX_LENGTH || !IANA_NAME.test(value)) return false;
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Every zone this runtime lists, sorted, with UTC first (runtimes differ on whether they list UTC). */
export function supportedTimeZones(): string[] {
  const listed = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return ["UTC", ...listed.filter((zone) => zone !== "UTC").sort()];
}
