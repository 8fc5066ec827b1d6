// POST /api/projects/{id}/communications (or .../general/...): a new thread (a message, or a meeting with a link and a future time),
// announced to the other side by email, bell and live update.
import { sql } from "drizzle-orm";
import type { z } from "zod";
import type { Communication, newCommunicationSchema } from "../../../shared/schemas/communications";
import type { AppContext } from "../../context";
import { communicationReads, communications } from "../../db/schema";
import { announceThreadActivity } from "./announce";
import { COMPANY_AUTHOR_FALLBACK, findThread } from "./list-communications";
import { generalThreadOwner, type ThreadScope } from "./thread-scope";

type Input = z.output<typeof newCommunicationSchema>;

export function displayName(user: { name: string | null; email: string; role: string }): string {
  return user.name?.trim() || (user.role === "company" ? COMPANY_AUTHOR_FALLBACK : user.email);
}

/**
 * A new thread in a project, or (general scope) a customer's general support thread. The company opens no general
 * thread (generalThreadOwner refuses it): it answers the customer's.
 */
export async function postCommunication(
  ctx: AppContext,
  { scope, input }: { scope: ThreadScope; input: Input },
): Promise<Communication> {
  const { user } = scope;
  const project = scope.kind === "project" ? scope.project : null;
  const customerId = scope.kind === "project" ? scope.project.userId : generalThreadOwner(scope);
  const fromCompany = user.role === "company";
  const isMeeting = input.type === "meeting";
  const threadId = await ctx.db.transaction(async (tx) => {
    const now = sql`now()`;
    const [row] = await tx
      .insert(communications)
      .values({
        projectId: project?.id ?? null,
        customerId: project ? null : customerId,
        authorId: user.id,
        fromCompany,
        type: input.type,
        subject: input.subject,
        content: input.content,
        meetingUrl: isMeeting ? (input.meetingUrl?.trim() ?? null) : null,
        scheduledFor: isMeeting && input.scheduledFor ? new Date(input.scheduledFor) : null,
        lastActivityAt: now,
        lastCustomerActivityAt: fromCompany ? null : now,
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error("communication insert returned nothing");
    await tx.insert(communicationReads).values({ communicationId: row.id, userId: user.id, lastReadAt: row.createdAt });
    await announceThreadActivity(ctx, {
      tx,
      activity: {
        project,
        customerId,
        thread: row,
        fromCompany,
        author: { userId: user.id, email: user.email, name: displayName(user) },
        content: row.content,
        kind: "message",
      },
    });
    return row.id;
  });
  const thread = await findThread(ctx.db, { viewer: user, threadId });
  if (!thread) throw new Error("the new communication vanished");
  return thread;
}
