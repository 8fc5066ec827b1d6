// Every time an email states, in its recipient's zone with the offset spelled out, so the reader never converts:
// "Thursday, 26 November 2026, 10:00 (UTC−05:00, America/New_York)". A recipient whose zone is not known (never
// signed in, or an address from ADMIN_EMAILS without an account) reads UTC. Calendar files (.ics) stay in UTC.
// The recipient's zone comes from the query that finds the recipient (users.time_zone), never a query of its own.
import { eq, inArray, sql } from "drizzle-orm";
import { FALLBACK_TIME_ZONE, formatInstantWithOffset } from "../../shared/domain/dates";
import { isTimeZone } from "../../shared/domain/time-zones";
import type { Database } from "../db/client";
import { users } from "../db/schema";

/** The zone an email to this recipient is written in: their stored zone, else UTC. */
export function recipientZone(timeZone: string | null | undefined): string {
  return timeZone && isTimeZone(timeZone) ? timeZone : FALLBACK_TIME_ZONE;
}

/** "Thursday, 26 November 2026, 10:00 (UTC−05:00, America/New_York)" for the recipient's stored zone. */
export function emailTime(date: Date, timeZone: string | null | undefined): string {
  return formatInstantWithOffset(date, recipientZone(timeZone));
}

/**
 * The stored zones of addresses that are not found by a query of their own (the company inbox, ADMIN_EMAILS): one
 * query for all of them, lower-cased address → zone.
 */
export async function timeZonesByEmail(db: Database, emails: readonly string[]): Promise<Map<string, string | null>> {
  const zones = new Map<string, string | null>();
  if (emails.length === 0) return zones;
  const lowered = emails.map((email) => email.toLowerCase());
  const rows = await db
    .select({ email: sql<string>`lower(${users.email})`, timeZone: users.timeZone })
    .from(users)
    .where(lowered.length === 1 ? eq(sql`lower(${users.email})`, lowered[0]) : inArray(sql`lower(${users.email})`, lowered));
  for (const row of rows) zones.set(row.email, row.timeZone);
  return zones;
}
