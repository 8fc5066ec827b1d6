// After a message or a reply: email the other side (with a link to the thread and, when inbound email is on, a signed
// Reply-To), write the activity events that fill the bells, and tell open tabs (live updates). All inside the
// writer's transaction, so nothing is announced for a message that was not saved.
import { and, asc, desc, eq, gt, gte, sql } from "drizzle-orm";
import { oneLineExcerpt } from "../../../shared/text/safe-text";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { communicationReplies, outgoingEmails, users } from "../../db/schema";
import { emailTime, timeZonesByEmail } from "../../email/format-time";
import { withdrawDeferredEmail } from "../../email/outbox";
import type { ThreadEmailData } from "../../email/templates/communication-message";
import { recordActivity } from "../activity/record-activity";
import { replyAddress } from "../inbound-email/reply-address";
import { companySide, customerSide } from "./thread-people";

export type ThreadActivity = {
  project: { id: string; projectCode: string; userId: string };
  thread: { id: string; subject: string; type: "message" | "meeting"; meetingUrl: string | null; scheduledFor: Date | null };
  fromCompany: boolean;
  author: { userId: string | null; email: string; name: string };
  content: string;
  kind: "message" | "reply";
};

const EMAIL_EXCERPT_CHARS = 4_000;

function excerpt(content: string): string {
  return content.length > EMAIL_EXCERPT_CHARS ? `${content.slice(0, EMAIL_EXCERPT_CHARS)}…` : content;
}

/** Customer replies in one thread within this long go to the company as one email (after the first, sent at once). */
export const REPLY_BATCH_MINUTES = 5;
/** Posts listed in a batched email; more are counted. */
const BATCH_LISTED = 20;

/**
 * One company recipient, one customer reply. No email about this thread to them in the last REPLY_BATCH_MINUTES:
 * this one goes at once. Otherwise the reply joins the batch that waits until the end of that time: the waiting
 * email is taken back and written again listing every customer reply since the batch began.
 */
async function announceBatchedReply(
  ctx: AppContext,
  tx: Database,
  input: { activity: ThreadActivity; person: { email: string }; data: ThreadEmailData; replyTo: string | null },
): Promise<void> {
  const { activity, person, data, replyTo } = input;
  const { project, thread } = activity;
  const key = `thread-replies:${thread.id}:${person.email.toLowerCase()}`;

  const waiting = await withdrawDeferredEmail(tx, key);
  let batch: { since: Date; until: Date } | null = null;
  if (waiting) {
    const [since, until] = waiting.from.split("|");
    batch = { since: new Date(since ?? ""), until: new Date(until ?? "") };
  } else {
    const [recent] = await tx
      .select({ createdAt: outgoingEmails.createdAt })
      .from(outgoingEmails)
      .where(
        and(
          eq(outgoingEmails.collapseKey, key),
          gt(outgoingEmails.createdAt, sql`now() - make_interval(mins => ${REPLY_BATCH_MINUTES})`),
        ),
      )
      .orderBy(desc(outgoingEmails.createdAt))
      .limit(1);
    if (recent) {
      // The batch starts with this reply: the latest in the thread (just written in this transaction).
      const [latest] = await tx
        .select({ at: communicationReplies.createdAt })
        .from(communicationReplies)
        .where(eq(communicationReplies.communicationId, thread.id))
        .orderBy(desc(communicationReplies.createdAt))
        .limit(1);
      batch = {
        since: latest?.at ?? new Date(),
        until: new Date(recent.createdAt.getTime() + REPLY_BATCH_MINUTES * 60_000),
      };
    }
  }
  if (!batch || Number.isNaN(batch.since.getTime()) || Number.isNaN(batch.until.getTime())) {
    // Marked with the batch key (not deferred): replies in the next minutes join a batch after it.
    await ctx.email.enqueue(
      { kind: "communication-reply", to: person.email, data, projectId: project.id, replyTo, batchKey: key },
      tx,
    );
    return;
  }
  const posts = await tx
    .select({ content: communicationReplies.content, authorEmail: communicationReplies.authorEmail, name: users.name })
    .from(communicationReplies)
    .leftJoin(users, eq(users.id, communicationReplies.authorId))
    .where(
      and(
        eq(communicationReplies.communicationId, thread.id),
        eq(communicationReplies.fromCompany, false),
        gte(communicationReplies.createdAt, batch.since),
      ),
    )
    .orderBy(asc(communicationReplies.createdAt));
  const listed = posts.slice(-BATCH_LISTED);
  await ctx.email.enqueue(
    {
      kind: "communication-replies-batch",
      to: person.email,
      data: {
        project,
        thread,
        replies: listed.map((post) => `${post.name?.trim() || post.authorEmail} wrote: ${excerpt(post.content).slice(0, 1_000)}`),
        notListed: posts.length - listed.length,
        replyByEmail: data.replyByEmail,
      },
      projectId: project.id,
      replyTo,
      deferred: { until: batch.until, key, from: `${batch.since.toISOString()}|${batch.until.toISOString()}` },
    },
    tx,
  );
}

export async function announceThreadActivity(ctx: AppContext, tx: Database, activity: ThreadActivity): Promise<void> {
  const { project, thread, author } = activity;
  const recipientSide = activity.fromCompany ? "customer" : "company";
  const recipients = (activity.fromCompany ? await customerSide(tx, project.id) : companySide(ctx.config)).filter(
    (person) => person.email !== author.email.toLowerCase(),
  );
  const meetingAt = thread.type === "meeting" && activity.kind === "message" ? thread.scheduledFor : null;
  // The company inbox is a list of addresses: their stored zones in one query (the customer side's came with them).
  const companyZones =
    meetingAt && !activity.fromCompany
      ? await timeZonesByEmail(
          tx,
          recipients.map((person) => person.email),
        )
      : null;
  const when = (person: { email: string; timeZone?: string | null }) =>
    meetingAt
      ? [
          `Meeting time: ${emailTime(meetingAt, companyZones ? companyZones.get(person.email.toLowerCase()) : person.timeZone)}`,
          ...(thread.meetingUrl ? [`Meeting link: ${oneLineExcerpt(thread.meetingUrl, 600)}`] : []),
        ]
      : [];
  const inbound = ctx.config.inboundEmail;
  for (const person of recipients) {
    const replyTo = inbound
      ? replyAddress({
          secretKey: ctx.config.secretKey,
          domain: inbound.replyDomain,
          threadId: thread.id,
          recipient: person.email,
        })
      : null;
    const data = {
      side: recipientSide,
      project,
      thread,
      authorName: author.name,
      excerpt: excerpt(activity.content),
      meetingLines: when(person),
      replyByEmail: Boolean(inbound),
    } as const;
    // A customer's replies reach the company batched per thread: the first at once, the ones that follow within
    // REPLY_BATCH_MINUTES collected in one email at the end of that time (issue 26, item 5).
    if (!activity.fromCompany && activity.kind === "reply") {
      await announceBatchedReply(ctx, tx, { activity, person, data, replyTo });
      continue;
    }
    await ctx.email.enqueue(
      {
        kind: activity.kind === "reply" ? "communication-reply" : "communication-message",
        to: person.email,
        data,
        projectId: project.id,
        replyTo,
      },
      tx,
    );
  }

  const title =
    activity.kind === "reply"
      ? `New reply on "${thread.subject}"`
      : `New ${thread.type === "meeting" ? "meeting" : "message"}: ${thread.subject}`;
  const description = `${author.name} · ${project.projectCode}`;
  const type = activity.kind === "reply" ? "communication.reply" : "communication.message";
  const event = { projectId: project.id, actorId: author.userId, type, title, description } as const;
  if (activity.fromCompany) {
    const notified = new Set<string>();
    for (const person of await customerSide(tx, project.id)) {
      if (!person.userId || notified.has(person.userId) || person.userId === author.userId) continue;
      notified.add(person.userId);
      await recordActivity(tx, { ...event, userId: person.userId, notify: true });
    }
    if (!notified.has(project.userId)) {
      // The owner's timeline still shows what happened on the project.
      await recordActivity(tx, { ...event, userId: project.userId });
    }
  } else {
    await recordActivity(tx, { ...event, userId: null, notify: true });
    await recordActivity(tx, { ...event, userId: project.userId, notify: author.userId !== project.userId });
  }
}
