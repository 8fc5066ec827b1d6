// PUT /api/me/name: the caller's own name on their users row (the name the portal and its emails call them by). The
// row's change notice (users.id:<id>) drops the cached session, so GET /api/auth/user answers the new name.
import { eq } from "drizzle-orm";
import { type DisplayNameReply, splitName } from "../../../shared/schemas/display-name";
import type { Database } from "../../db/client";
import { users } from "../../db/schema";

export async function saveName(db: Database, { userId, name }: { userId: string; name: string }): Promise<DisplayNameReply> {
  const parts = splitName(name);
  await db.update(users).set(parts).where(eq(users.id, userId));
  return parts;
}
