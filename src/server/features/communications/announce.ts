// After a message or a reply: email the other side (with a link to the thread and, when inbound email is on, a signed
// Reply-To), write the activity events that fill the bells, and tell open tabs (live updates). All inside the
// writer's transaction, so nothing is announced for a message that was not saved.
import { oneLineExcerpt } from "../../../shared/text/safe-text";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { emailTime, timeZonesByEmail } from "../../email/format-time";
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
    await ctx.email.enqueue(
      {
        kind: activity.kind === "reply" ? "communication-reply" : "communication-message",
        to: person.email,
        data: {
          side: recipientSide,
          project,
          thread,
          authorName: author.name,
          excerpt: excerpt(activity.content),
          meetingLines: when(person),
          replyByEmail: Boolean(inbound),
        },
        replyTo: inbound
          ? replyAddress({
              secretKey: ctx.config.secretKey,
              domain: inbound.replyDomain,
              threadId: thread.id,
              recipient: person.email,
            })
          : null,
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
