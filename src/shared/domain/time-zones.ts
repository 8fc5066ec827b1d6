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

/**
 * Legacy IANA names and the zone's current name. ICU (Node 20, Chromium) still lists and reports the old spelling
 * ("Asia/Calcutta" from `Intl.supportedValuesOf` and `resolvedOptions().timeZone`; it even turns "Asia/Kolkata" back
 * into it), so Intl cannot canonicalise: this map does, on both sides. Both names are the same zone to Intl.
 */
export const TIME_ZONE_ALIASES: Readonly<Record<string, string>> = {
  "Africa/Asmera": "Africa/Asmara",
  "America/Buenos_Aires": "America/Argentina/Buenos_Aires",
  "America/Catamarca": "America/Argentina/Catamarca",
  "America/Coral_Harbour": "America/Atikokan",
  "America/Cordoba": "America/Argentina/Cordoba",
  "America/Godthab": "America/Nuuk",
  "America/Indianapolis": "America/Indiana/Indianapolis",
  "America/Jujuy": "America/Argentina/Jujuy",
  "America/Louisville": "America/Kentucky/Louisville",
  "America/Mendoza": "America/Argentina/Mendoza",
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Dacca": "Asia/Dhaka",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Macao": "Asia/Macau",
  "Asia/Rangoon": "Asia/Yangon",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Asia/Thimbu": "Asia/Thimphu",
  "Asia/Ujung_Pandang": "Asia/Makassar",
  "Asia/Ulan_Bator": "Asia/Ulaanbaatar",
  "Atlantic/Faeroe": "Atlantic/Faroe",
  "Europe/Kiev": "Europe/Kyiv",
  "Pacific/Enderbury": "Pacific/Kanton",
  "Pacific/Ponape": "Pacific/Pohnpei",
  "Pacific/Truk": "Pacific/Chuuk",
};

/** The zone's current name ("Asia/Calcutta" → "Asia/Kolkata"); any other value as it is. */
export function canonicalTimeZone(zone: string): string {
  return Object.hasOwn(TIME_ZONE_ALIASES, zone) ? (TIME_ZONE_ALIASES[zone] ?? zone) : zone;
}

function legacyTimeZoneNames(zone: string): string[] {
  return Object.keys(TIME_ZONE_ALIASES).filter((legacy) => TIME_ZONE_ALIASES[legacy] === zone);
}

/**
 * The zones whose name, or a legacy name ("Calcutta" finds Asia/Kolkata), contains what was typed; spaces match
 * underscores ("new york"), case does not matter. An empty search keeps every zone.
 */
export function matchingTimeZones(zones: readonly string[], search: string): string[] {
  const words = search.trim().toLowerCase().replaceAll(" ", "_");
  if (!words) return [...zones];
  return zones.filter((zone) => [zone, ...legacyTimeZoneNames(zone)].some((name) => name.toLowerCase().includes(words)));
}

/** Every zone this runtime lists, by its current name, sorted, with UTC first (runtimes differ on listing UTC). */
export function supportedTimeZones(): string[] {
  const listed = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  const current = new Set(listed.filter((zone) => zone !== "UTC").map(canonicalTimeZone));
  return ["UTC", ...[...current].sort()];
}
