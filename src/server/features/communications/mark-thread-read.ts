// POST .../communications/{communicationId}/read: the caller has seen the thread up to now (the unread marker clears).
import { and, eq, sql } from "drizzle-orm";
import { isUuid } from "../../../shared/domain/ids";
import { COMMUNICATION_MESSAGES } from "../../../shared/schemas/communications";
import type { SessionUser } from "../../auth/sessions";
import type { Database } from "../../db/client";
import { communicationReads, communications } from "../../db/schema";
import { notFound } from "../../errors";

export async function markThreadRead(db: Database, user: SessionUser, projectId: string, threadId: string): Promise<void> {
  if (!isUuid(threadId)) throw notFound(COMMUNICATION_MESSAGES.notFound);
  const [thread] = await db
    .select({ id: communications.id, lastActivityAt: communications.lastActivityAt })
    .from(communications)
    .where(and(eq(communications.id, threadId), eq(communications.projectId, projectId)))
    .limit(1);
  if (!thread) throw notFound(COMMUNICATION_MESSAGES.notFound);
  await db
    .insert(communicationReads)
    .values({ communicationId: thread.id, userId: user.id, lastReadAt: thread.lastActivityAt })
    .onConflictDoUpdate({
      target: [communicationReads.communicationId, communicationReads.userId],
      set: { lastReadAt: sql`greatest(${communicationReads.lastReadAt}, excluded.last_read_at)` },
    });
}
