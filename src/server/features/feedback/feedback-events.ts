// Activity events, bell notifications and the "done" email of feedback.

import { eq } from "drizzle-orm";
import type { ActivityType } from "../../../shared/activity-types";
import { FEEDBACK_TYPE_LABELS, type FeedbackType } from "../../../shared/schemas/feedback";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { users } from "../../db/schema";
import { recordActivity } from "../activity/record-activity";
import type { ProjectRow } from "../projects/access";
import type { FeedbackRow } from "./feedback-dto";

const excerpt = (text: string, length = 80) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

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
  event: EventInput,
  type: ActivityType,
  entries: { owner: Entry; company: Entry },
): Promise<void> {
  const { project, actorId } = event;
  await recordActivity(db, { userId: project.userId, projectId: project.id, actorId, type, ...entries.owner });
  if (!event.byCompany) {
    await recordActivity(db, { userId: null, projectId: project.id, actorId, type, ...entries.company });
  }
}

export async function recordFeedbackCreated(db: Database, event: EventInput & { item: FeedbackRow }) {
  const { project, item } = event;
  const description = `${FEEDBACK_TYPE_LABELS[item.feedbackType as FeedbackType]} on ${project.projectCode}: ${excerpt(item.issueFaced)}`;
  await recordForOwnerAndCompany(db, event, "feedback.created", {
    owner: { title: "Feedback submitted", description, notify: event.actorId !== project.userId },
    company: { title: `New feedback on ${project.projectCode}`, description, notify: true },
  });
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

/** Status changed by the company: the owner (and the author, when someone else) hear of it; done is emailed. */
export async function recordFeedbackStatusChanged(ctx: AppContext, db: Database, event: EventInput & { item: FeedbackRow }) {
  const { project, item } = event;
  const done = item.status === "done";
  const recipients = new Set([project.userId]);
  if (item.authorId) recipients.add(item.authorId);
  const people = await Promise.all(
    [...recipients].map(async (id) => {
      const [person] = await db
        .select({ id: users.id, email: users.email, name: users.name, role: users.role })
        .from(users)
        .where(eq(users.id, id))
        .limit(1);
      return person;
    }),
  );
  for (const person of people) {
    if (person?.role !== "customer") continue;
    await recordActivity(db, {
      userId: person.id,
      projectId: project.id,
      actorId: event.actorId,
      type: done ? "feedback.done" : "feedback.reopened",
      title: done ? "Your feedback has been addressed" : "Feedback reopened",
      description: `${project.projectCode}: ${excerpt(item.issueFaced)}`,
      notify: true,
    });
    if (!done) continue;
    await ctx.email.enqueue(
      {
        kind: "feedback-done",
        to: person.email,
        projectId: project.id,
        data: { project, issue: excerpt(item.issueFaced, 300), adminComment: item.adminComment },
      },
      db,
    );
  }
}
