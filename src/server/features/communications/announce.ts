// After a message or a reply: email the other side (with a link to the thread and, when inbound email is on, a signed
// Reply-To), write the activity events that fill the bells, and tell open tabs (live updates). All inside the
// writer's transaction, so nothing is announced for a message that was not saved.
import { and, asc, desc, eq, gt, gte, sql } from "drizzle-orm";
import type { CommunicationId } from "../../../shared/domain/ids";
import { GENERAL_SUPPORT } from "../../../shared/schemas/communications";
import { oneLineExcerpt } from "../../../shared/text/safe-text";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { communicationReplies, communications, outgoingEmails, projects, users } from "../../db/schema";
import { emailTime, timeZonesByEmail } from "../../email/format-time";
import type { EmailOf } from "../../email/kinds";
import { withdrawDeferredEmail } from "../../email/outbox";
import { replyAddress } from "../../email/reply-address";
import type { ThreadEmailData } from "../../email/templates/communication-message";
import { recordActivity } from "../activity";
import { enqueueWebhookEvent } from "../webhooks";
import { companySide, threadCustomers } from "./thread-people";

export type ThreadActivity = {
  /** The thread's project; null for a general support thread. */
  project: { id: string; projectCode: string; userId: string } | null;
  /** The customer the thread is with: the project's owner, or the general support thread's customer. */
  customerId: string;
  thread: {
    id: CommunicationId;
    subject: string;
    type: "message" | "meeting";
    meetingUrl: string | null;
    scheduledFor: Date | null;
  };
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
/** A customer's new threads within this long go to the company as one email (after the first, sent at once). */
export const THREAD_BATCH_MINUTES = 5;
/** Posts listed in a batched email; more are counted. */
const BATCH_LISTED = 20;

type BatchWindow = { since: Date; until: Date };

type ReplyTo = { replyTo?: string | null };

/**
 * One company recipient, one customer post of a run batched under `key`. No email of that run to them in the last
 * `minutes`: this one goes at once (`first`, marked with the key). Otherwise the post joins the batch that waits until
 * the end of that time: the waiting email is taken back and written again (`batch`) listing the newest posts since the
 * batch began (`postedAt` is the post just written: it starts a new batch), the others counted.
 */
async function announceBatched<Post>(
  ctx: AppContext,
  tx: Database,
  input: {
    key: string;
    minutes: number;
    to: string;
    projectId: string | null;
    postedAt: () => Promise<Date | null>;
    first: EmailOf<"communication-reply" | "communication-message"> & ReplyTo;
    /** The run's posts since the batch began, oldest first. */
    posts: (since: Date) => Promise<Post[]>;
    batch: (
      listed: Post[],
      notListed: number,
    ) => EmailOf<"communication-replies-batch" | "communication-threads-batch"> & ReplyTo;
  },
): Promise<void> {
  const { key, minutes, to, projectId } = input;
  const waiting = await withdrawDeferredEmail(tx, key);
  let batch: BatchWindow | null = null;
  if (waiting) {
    const [since, until] = waiting.from.split("|");
    batch = { since: new Date(since ?? ""), until: new Date(until ?? "") };
  } else {
    const [recent] = await tx
      .select({ createdAt: outgoingEmails.createdAt })
      .from(outgoingEmails)
      .where(
        and(eq(outgoingEmails.collapseKey, key), gt(outgoingEmails.createdAt, sql`now() - make_interval(mins => ${minutes})`)),
      )
      .orderBy(desc(outgoingEmails.createdAt))
      .limit(1);
    if (recent) {
      batch = {
        since: (await input.postedAt()) ?? new Date(),
        until: new Date(recent.createdAt.getTime() + minutes * 60_000),
      };
    }
  }
  if (!batch || Number.isNaN(batch.since.getTime()) || Number.isNaN(batch.until.getTime())) {
    // Marked with the batch key (not deferred): posts in the next minutes join a batch after it.
    await ctx.email.enqueue({ ...input.first, to, projectId, batchKey: key }, tx);
    return;
  }
  const posts = await input.posts(batch.since);
  const listed = posts.slice(-BATCH_LISTED);
  const deferred = { until: batch.until, key, from: `${batch.since.toISOString()}|${batch.until.toISOString()}` };
  await ctx.email.enqueue({ ...input.batch(listed, posts.length - listed.length), to, projectId, deferred }, tx);
}

/** A customer's reply: batched per thread and company recipient. */
async function announceBatchedReply(
  ctx: AppContext,
  tx: Database,
  input: { activity: ThreadActivity; person: { email: string }; data: ThreadEmailData; replyTo: string | null },
): Promise<void> {
  const { activity, person, data, replyTo } = input;
  const { project, thread } = activity;
  await announceBatched(ctx, tx, {
    key: `thread-replies:${thread.id}:${person.email.toLowerCase()}`,
    minutes: REPLY_BATCH_MINUTES,
    to: person.email,
    projectId: project?.id ?? null,
    // The latest reply in the thread: the one just written in this transaction.
    postedAt: async () => {
      const [latest] = await tx
        .select({ at: communicationReplies.createdAt })
        .from(communicationReplies)
        .where(eq(communicationReplies.communicationId, thread.id))
        .orderBy(desc(communicationReplies.createdAt))
        .limit(1);
      return latest?.at ?? null;
    },
    first: { kind: "communication-reply", data, replyTo },
    posts: (since) =>
      tx
        .select({ content: communicationReplies.content, authorEmail: communicationReplies.authorEmail, name: users.name })
        .from(communicationReplies)
        .leftJoin(users, eq(users.id, communicationReplies.authorId))
        .where(
          and(
            eq(communicationReplies.communicationId, thread.id),
            eq(communicationReplies.fromCompany, false),
            gte(communicationReplies.createdAt, since),
          ),
        )
        .orderBy(asc(communicationReplies.createdAt)),
    batch: (listed, notListed) => ({
      kind: "communication-replies-batch",
      data: {
        project,
        thread,
        replies: listed.map((post) => `${post.name?.trim() || post.authorEmail} wrote: ${excerpt(post.content).slice(0, 1_000)}`),
        notListed,
        replyByEmail: data.replyByEmail,
      },
      replyTo,
    }),
  });
}

/**
 * A customer's new message thread: batched per customer (across their projects) and company recipient. The first
 * goes at once as communication-message; the ones within THREAD_BATCH_MINUTES are listed in one
 * communication-threads-batch email at the end of that time, each with its project and subject.
 */
async function announceBatchedThread(
  ctx: AppContext,
  tx: Database,
  input: {
    activity: ThreadActivity & { author: { userId: string } };
    person: { email: string };
    data: ThreadEmailData;
    replyTo: string | null;
  },
): Promise<void> {
  const { activity, person, data, replyTo } = input;
  const { project, thread, author } = activity;
  await announceBatched(ctx, tx, {
    key: `customer-threads:${author.userId}:${person.email.toLowerCase()}`,
    minutes: THREAD_BATCH_MINUTES,
    to: person.email,
    projectId: project?.id ?? null,
    postedAt: async () => {
      const [row] = await tx
        .select({ at: communications.createdAt })
        .from(communications)
        .where(eq(communications.id, thread.id))
        .limit(1);
      return row?.at ?? null;
    },
    first: { kind: "communication-message", data, replyTo },
    posts: (since) =>
      tx
        .select({ subject: communications.subject, content: communications.content, projectCode: projects.projectCode })
        .from(communications)
        .leftJoin(projects, eq(projects.id, communications.projectId))
        .where(
          and(
            eq(communications.authorId, author.userId),
            eq(communications.fromCompany, false),
            eq(communications.type, "message"),
            gte(communications.createdAt, since),
          ),
        )
        .orderBy(asc(communications.createdAt)),
    // Many threads: no one thread's reply address.
    batch: (listed, notListed) => ({
      kind: "communication-threads-batch",
      data: {
        authorName: author.name,
        threads: listed.map(
          (post) => `[${post.projectCode ?? GENERAL_SUPPORT.label}] ${post.subject}: ${oneLineExcerpt(post.content, 300)}`,
        ),
        notListed,
      },
    }),
  });
}

export async function announceThreadActivity(
  ctx: AppContext,
  { tx, activity }: { tx: Database; activity: ThreadActivity },
): Promise<void> {
  const { project, thread, author } = activity;
  const recipientSide = activity.fromCompany ? "customer" : "company";
  const recipients = (activity.fromCompany ? await threadCustomers(tx, activity) : companySide(ctx.config)).filter(
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
    // Likewise a customer's new message threads, per customer (meeting threads, with their times, go at once).
    const authorId = author.userId;
    if (!activity.fromCompany && activity.kind === "message" && thread.type === "message" && authorId) {
      await announceBatchedThread(ctx, tx, {
        activity: { ...activity, author: { ...author, userId: authorId } },
        person,
        data,
        replyTo,
      });
      continue;
    }
    await ctx.email.enqueue(
      {
        kind: activity.kind === "reply" ? "communication-reply" : "communication-message",
        to: person.email,
        data,
        projectId: project?.id ?? null,
        replyTo,
      },
      tx,
    );
  }

  const title =
    activity.kind === "reply"
      ? `New reply on "${thread.subject}"`
      : `New ${thread.type === "meeting" ? "meeting" : "message"}: ${thread.subject}`;
  const description = `${author.name} · ${project?.projectCode ?? GENERAL_SUPPORT.label}`;
  const type = activity.kind === "reply" ? "communication.reply" : "communication.message";
  const event = {
    projectId: project?.id ?? null,
    subjectId: thread.id,
    actorId: author.userId,
    type,
    title,
    description,
  } as const;
  const { customerId } = activity;
  if (activity.fromCompany) {
    const notified = new Set<string>();
    for (const person of await threadCustomers(tx, activity)) {
      if (!person.userId || notified.has(person.userId) || person.userId === author.userId) continue;
      notified.add(person.userId);
      await recordActivity(tx, { ...event, userId: person.userId, notify: true });
    }
    if (!notified.has(customerId)) {
      // The owner's timeline still shows what happened on the project.
      await recordActivity(tx, { ...event, userId: customerId });
    }
  } else {
    await recordActivity(tx, { ...event, userId: null, notify: true });
    await recordActivity(tx, { ...event, userId: customerId, notify: author.userId !== customerId });
    await enqueueWebhookEvent(tx, {
      type: "message.created",
      data: { projectId: project?.id ?? null, threadId: thread.id, kind: activity.kind, authorUserId: author.userId },
      console: { tab: "inbox", params: { thread: thread.id } },
    });
  }
}
