// POST .../communications/{communicationId}/read: the caller has seen the thread up to now (the unread marker clears).
import { and, eq, sql } from "drizzle-orm";
import { type CommunicationId, isUuid } from "../../../shared/domain/ids";
import { COMMUNICATION_MESSAGES } from "../../../shared/schemas/communications";
import type { SessionUser } from "../../auth/sessions";
import type { Database } from "../../db/client";
import { communicationReads, communications } from "../../db/schema";
import { notFound } from "../../errors";
import { placeCondition, type ThreadPlace } from "./thread-scope";

export async function markThreadRead(
  db: Database,
  { user, place, threadId }: { user: SessionUser; place: ThreadPlace; threadId: CommunicationId },
): Promise<void> {
  if (!isUuid(threadId)) throw notFound(COMMUNICATION_MESSAGES.notFound);
  const [thread] = await db
    .select({ id: communications.id })
    .from(communications)
    .where(and(eq(communications.id, threadId), placeCondition(place)))
    .limit(1);
  if (!thread) throw notFound(COMMUNICATION_MESSAGES.notFound);
  // Read in the database, not through a JavaScript Date: PostgreSQL keeps microseconds, a Date only milliseconds, and
  // a marker a few microseconds short of the last activity left the thread unread for the company.
  const lastActivityAt = sql`(select ${communications.lastActivityAt} from ${communications} where ${communications.id} = ${thread.id})`;
  await db
    .insert(communicationReads)
    .values({ communicationId: thread.id, userId: user.id, lastReadAt: lastActivityAt })
    .onConflictDoUpdate({
      target: [communicationReads.communicationId, communicationReads.userId],
      set: { lastReadAt: sql`greatest(${communicationReads.lastReadAt}, excluded.last_read_at)` },
    });
}
