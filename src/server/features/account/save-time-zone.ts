// PUT /api/me/time-zone: stores the caller's time zone on their users row. The row's change notice
// (users.id:<id>) drops the cached session, so the next GET /api/auth/user answers the new zone.
import { eq } from "drizzle-orm";
import type { TimeZoneReply } from "../../../shared/schemas/time-zone";
import type { Database } from "../../db/client";
import { users } from "../../db/schema";

export async function saveTimeZone(
  db: Database,
  { userId, timeZone }: { userId: string; timeZone: string },
): Promise<TimeZoneReply> {
  await db.update(users).set({ timeZone }).where(eq(users.id, userId));
  return { timeZone };
}
