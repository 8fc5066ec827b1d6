// POST /api/projects/{id}/communications: a new thread (a message, or a meeting with a link and a future time),
// announced to the other side by email, bell and live update.
import { sql } from "drizzle-orm";
import type { z } from "zod";
import type { Communication, newCommunicationSchema } from "../../../shared/schemas/communications";
import type { AppContext } from "../../context";
import { communicationReads, communications } from "../../db/schema";
import type { ProjectAccess } from "../projects/access";
import { announceThreadActivity } from "./announce";
import { COMPANY_AUTHOR_FALLBACK, findThread } from "./list-communications";

type Input = z.output<typeof newCommunicationSchema>;

export function displayName(user: { name: string | null; email: string; role: string }): string {
  return user.name?.trim() || (user.role === "company" ? COMPANY_AUTHOR_FALLBACK : user.email);
}

export async function postCommunication(ctx: AppContext, access: ProjectAccess, input: Input): Promise<Communication> {
  const { user, project } = access;
  const fromCompany = user.role === "company";
  const isMeeting = input.type === "meeting";
  const threadId = await ctx.db.transaction(async (tx) => {
    const now = sql`now()`;
    const [row] = await tx
      .insert(communications)
      .values({
        projectId: project.id,
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
    await announceThreadActivity(ctx, tx, {
      project,
      thread: row,
      fromCompany,
      author: { userId: user.id, email: user.email, name: displayName(user) },
      content: row.content,
      kind: "message",
    });
    return row.id;
  });
  const thread = await findThread(ctx.db, user, threadId);
  if (!thread) throw new Error("the new communication vanished");
  return thread;
}
