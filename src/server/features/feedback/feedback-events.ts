// Activity events, bell notifications and the "done" email of feedback.

import { inArray } from "drizzle-orm";
import type { ActivityType } from "../../../shared/activity-types";
import { FEEDBACK_TYPE_LABELS, type FeedbackType } from "../../../shared/schemas/feedback";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { users } from "../../db/schema";
import type { EmailOf } from "../../email/kinds";
import { recordActivity } from "../activity";
import type { ProjectRow } from "../projects";
import { enqueueWebhookEvent } from "../webhooks";
import type { FeedbackRow } from "./feedback-dto";

const excerpt = (text: string, length = 80) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

/** A feedback event for webhooks: the item's ids and type, with a link to it in the console's Feedback tab. */
const feedbackWebhook = (type: "feedback.created" | "feedback.reopened", project: ProjectRow, item: FeedbackRow) => ({
  type,
  data: { projectId: project.id, feedbackId: item.id, feedbackType: item.feedbackType, status: item.status },
  console: {
    tab: "feedback" as const,
    params: { item: item.id, "feedback-project": project.id, "feedback-code": project.projectCode },
  },
});

type EventInput = {
  project: ProjectRow;
  actorId: string;
  /** Whether the actor is a company admin (their changes notify the customer; customers' changes notify the company). */
  byCompany: boolean;
};

type Entry = { title: string; description: string; notify?: boolean };

/** The owner's timeline hears of every change; the company's own feed only of a change a customer made. */
async function recordForOwnerAndCompany(
  db: Database,
  event: EventInput & { item: Pick<FeedbackRow, "id"> },
  type: ActivityType,
  entries: { owner: Entry; company: Entry },
): Promise<void> {
  const { project, actorId } = event;
  const about = { projectId: project.id, subjectId: event.item.id, actorId, type };
  await recordActivity(db, { userId: project.userId, ...about, ...entries.owner });
  if (!event.byCompany) {
    await recordActivity(db, { userId: null, ...about, ...entries.company });
  }
}

export async function recordFeedbackCreated(db: Database, event: EventInput & { item: FeedbackRow }) {
  const { project, item } = event;
  const description = `${FEEDBACK_TYPE_LABELS[item.feedbackType as FeedbackType]} on ${project.projectCode}: ${excerpt(item.issueFaced)}`;
  await recordForOwnerAndCompany(db, event, "feedback.created", {
    owner: { title: "Feedback submitted", description, notify: event.actorId !== project.userId },
    company: { title: `New feedback on ${project.projectCode}`, description, notify: true },
  });
  await enqueueWebhookEvent(db, feedbackWebhook("feedback.created", project, item));
}

export async function recordFeedbackEdited(db: Database, event: EventInput & { item: FeedbackRow; changed: string[] }) {
  const { project, item } = event;
  await recordForOwnerAndCompany(db, event, "feedback.updated", {
    owner: {
      title: event.byCompany ? "Our team updated your feedback" : "Feedback edited",
      description: `${excerpt(item.issueFaced)} (${event.changed.join(", ")})`,
      notify: event.byCompany,
    },
    company: { title: `Feedback edited on ${project.projectCode}`, description: excerpt(item.issueFaced) },
  });
}

/** The project's owner and the item's reporter (one person when they are the same), as they are now. */
async function ownerAndReporter(db: Database, project: ProjectRow, item: FeedbackRow) {
  const ids = [project.userId, ...(item.authorId && item.authorId !== project.userId ? [item.authorId] : [])];
  return db
    .select({ id: users.id, email: users.email, name: users.name, role: users.role })
    .from(users)
    .where(inArray(users.id, ids));
}

/**
 * The company changed an item: the owner and the reporter (one person when they are the same) who are customers each
 * get `entry` in their timeline and bell, then `email` (when given).
 */
async function tellOwnerAndReporter(
  ctx: AppContext,
  input: {
    db: Database;
    event: EventInput & { item: FeedbackRow };
    entry: { type: ActivityType; title: string; description: string };
    email: EmailOf | null;
  },
): Promise<void> {
  const { db, event, entry, email } = input;
  const { project, item } = event;
  for (const person of await ownerAndReporter(db, project, item)) {
    if (person.role !== "customer") continue;
    await recordActivity(db, {
      userId: person.id,
      projectId: project.id,
      subjectId: item.id,
      actorId: event.actorId,
      ...entry,
      notify: true,
    });
    if (email) await ctx.email.enqueue({ ...email, to: person.email, projectId: project.id }, db);
  }
}

/** Status changed by the company: the owner (and the author, when someone else) hear of it; done is emailed. */
export async function recordFeedbackStatusChanged(
  ctx: AppContext,
  { db, event }: { db: Database; event: EventInput & { item: FeedbackRow } },
) {
  const { project, item } = event;
  const done = item.status === "done";
  const issue = excerpt(item.issueFaced, 300);
  await tellOwnerAndReporter(ctx, {
    db,
    event,
    entry: {
      type: done ? "feedback.done" : "feedback.reopened",
      title: done ? "Your feedback has been addressed" : "Feedback reopened",
      description: `${project.projectCode}: ${excerpt(item.issueFaced)}`,
    },
    email: done ? { kind: "feedback-done", data: { project, itemId: item.id, issue, adminComment: item.adminComment } } : null,
  });
  if (!done) await enqueueWebhookEvent(db, feedbackWebhook("feedback.reopened", project, item));
}

/** Fixed in version N or won't fix: the reporter and the owner are told in their timeline, bell and email. */
export async function recordFeedbackResolved(
  ctx: AppContext,
  { db, event }: { db: Database; event: EventInput & { item: FeedbackRow; reason: string | null } },
) {
  const { project, item, reason } = event;
  const fixed = item.resolution === "fixed";
  const resolution = fixed ? "fixed" : "wont_fix";
  await tellOwnerAndReporter(ctx, {
    db,
    event,
    entry: {
      type: fixed ? "feedback.fixed" : "feedback.wont_fix",
      title: fixed ? `Fixed in version ${item.fixedInVersion}` : "We won't fix this item",
      description: `${project.projectCode}: ${excerpt(item.issueFaced)}${fixed ? "" : ` (${excerpt(reason ?? "", 120)})`}`,
    },
    email: {
      kind: "feedback-resolved",
      data: {
        project,
        itemId: item.id,
        issue: excerpt(item.issueFaced, 300),
        resolution,
        versionNumber: item.fixedInVersion,
        reason,
      },
    },
  });
}

/** The customer confirmed the fix or reopened the item: their timeline records it, the company's bell hears of it. */
export async function recordFeedbackVerified(
  db: Database,
  event: EventInput & { item: FeedbackRow; verdict: "confirmed" | "reopened"; reason: string | null },
) {
  const { project, item } = event;
  const reopened = event.verdict === "reopened";
  const description = `${project.projectCode}: ${excerpt(item.issueFaced)}${reopened ? ` (${excerpt(event.reason ?? "", 120)})` : ""}`;
  await recordForOwnerAndCompany(db, event, reopened ? "feedback.reopened" : "feedback.confirmed", {
    owner: { title: reopened ? "Feedback reopened" : "Fix confirmed", description, notify: event.actorId !== project.userId },
    company: {
      title: reopened ? `Feedback reopened on ${project.projectCode}` : `Fix confirmed on ${project.projectCode}`,
      description,
      notify: true,
    },
  });
  if (reopened) await enqueueWebhookEvent(db, feedbackWebhook("feedback.reopened", project, item));
}
