// A reply in a thread, from the portal (POST .../communications/{communicationId}/replies) or from an emailed reply
// (inbound-email): saved, the thread moved to the top, the other side told.
import { and, eq, sql } from "drizzle-orm";
import { type CommunicationId, isUuid } from "../../../shared/domain/ids";
import { COMMUNICATION_MESSAGES } from "../../../shared/schemas/communications";
import { recordAudit } from "../../audit/record-audit";
import type { AppContext } from "../../context";
import { communicationReads, communicationReplies, communications, projects } from "../../db/schema";
import { notFound } from "../../errors";
import { auditedText } from "../../http/company-audit";
import { announceThreadActivity } from "./announce";
import { placeCondition, type ThreadPlace } from "./thread-scope";

export type ReplyAuthor = { userId: string | null; email: string; name: string; fromCompany: boolean };

/**
 * Adds the reply; answers 404 when the thread is not in this place (the project, or the general threads in reach). Returns the reply's id, or null when an emailed
 * reply with the same Message-ID is already in the thread (a resent message is added once).
 */
export async function postReply(
  ctx: AppContext,
  input: {
    place: ThreadPlace;
    threadId: CommunicationId;
    author: ReplyAuthor;
    content: string;
    source: "portal" | "email";
    emailMessageId?: string | null;
  },
): Promise<string | null> {
  if (!isUuid(input.threadId)) throw notFound(COMMUNICATION_MESSAGES.notFound);
  return ctx.db.transaction(async (tx) => {
    const [found] = await tx
      .select({
        thread: communications,
        project: { id: projects.id, projectCode: projects.projectCode, userId: projects.userId },
      })
      .from(communications)
      .leftJoin(projects, eq(projects.id, communications.projectId))
      .where(and(eq(communications.id, input.threadId), placeCondition(input.place)))
      .for("update", { of: communications })
      .limit(1);
    if (!found) throw notFound(COMMUNICATION_MESSAGES.notFound);
    const { project } = found;
    const customerId = project?.userId ?? found.thread.customerId;
    if (!customerId) throw new Error("a thread with neither a project nor a customer");
    const { author } = input;
    const [reply] = await tx
      .insert(communicationReplies)
      .values({
        communicationId: found.thread.id,
        authorId: author.userId,
        authorEmail: author.email.toLowerCase(),
        fromCompany: author.fromCompany,
        content: input.content,
        source: input.source,
        emailMessageId: input.emailMessageId ?? null,
        createdAt: sql`clock_timestamp()`,
      })
      .onConflictDoNothing()
      .returning();
    if (!reply && input.emailMessageId) return null;
    if (!reply) throw new Error("reply insert returned nothing");
    await tx
      .update(communications)
      .set({
        lastActivityAt: reply.createdAt,
        replyCount: sql`${communications.replyCount} + 1`,
        ...(author.fromCompany ? {} : { lastCustomerActivityAt: reply.createdAt }),
      })
      .where(eq(communications.id, found.thread.id));
    if (author.userId) {
      await tx
        .insert(communicationReads)
        .values({ communicationId: found.thread.id, userId: author.userId, lastReadAt: reply.createdAt })
        .onConflictDoUpdate({
          target: [communicationReads.communicationId, communicationReads.userId],
          set: { lastReadAt: sql`greatest(${communicationReads.lastReadAt}, excluded.last_read_at)` },
        });
    }
    if (author.fromCompany) {
      // Audited here, where the reply happens, whatever the channel (the portal or an emailed reply): the route
      // hook only sees HTTP requests (issue 26, item 7).
      await recordAudit(tx, {
        projectId: project?.id ?? null,
        actor: { id: author.userId, email: author.email },
        action: "communication.replied",
        changes: [
          { field: "communicationId", before: null, after: found.thread.id },
          { field: "channel", before: null, after: input.source },
          { field: "content", before: null, after: auditedText(reply.content) },
        ],
      });
    }
    await announceThreadActivity(ctx, {
      tx,
      activity: {
        project,
        customerId,
        thread: found.thread,
        fromCompany: author.fromCompany,
        author,
        content: reply.content,
        kind: "reply",
      },
    });
    return reply.id;
  });
}
