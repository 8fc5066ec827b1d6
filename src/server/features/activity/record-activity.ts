// Writes one activity event: Recent Activity, the admin views and the bell read them.
import { sql } from "drizzle-orm";
import type { ActivityType } from "../../../shared/activity-types";
import type { Database } from "../../db/client";
import { activityEvents, users } from "../../db/schema";
import { addressMaySeeProject } from "../../email/recipient-access";

type ActivityInput = {
  /** The customer whose timeline shows the event. */
  userId: string | null;
  projectId?: string | null;
  /** The thread, feedback item or meeting request the event is about, for the bell's link. */
  subjectId?: string | null;
  actorId?: string | null;
  /** One of the closed list in shared/activity-types.ts. */
  type: ActivityType;
  title: string;
  description?: string | null;
  /** Show it in the recipient's notification bell. */
  notify?: boolean;
};

export async function recordActivity(db: Database, event: ActivityInput): Promise<void> {
  // An event about a project goes only to someone who may see the project now: a member removed meanwhile gets
  // nothing more of it in their timeline or bell (issue 26, item 3; email/recipient-access.ts).
  if (event.userId && event.projectId) {
    const address = sql`(select ${users.email} from ${users} where ${users.id} = ${event.userId})`;
    const result = await db.execute(sql`select ${addressMaySeeProject(event.projectId, address, [])} as ok`);
    if ((result as unknown as { rows: { ok: boolean }[] }).rows[0]?.ok !== true) return;
  }
  await db.insert(activityEvents).values({
    userId: event.userId,
    projectId: event.projectId ?? null,
    subjectId: event.subjectId ?? null,
    actorId: event.actorId ?? null,
    type: event.type,
    title: event.title,
    description: event.description ?? null,
    notify: event.notify ?? false,
    // Not now(): events written in one transaction would share its start time and lose their order.
    createdAt: sql`clock_timestamp()`,
  });
}
