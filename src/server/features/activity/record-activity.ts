// Writes one activity event: Recent Activity, the admin views and the bell read them.
import { sql } from "drizzle-orm";
import type { ActivityType } from "../../../shared/activity-types";
import type { Database } from "../../db/client";
import { activityEvents } from "../../db/schema";

type ActivityInput = {
  /** The customer whose timeline shows the event. */
  userId: string | null;
  projectId?: string | null;
  actorId?: string | null;
  /** One of the closed list in shared/activity-types.ts. */
  type: ActivityType;
  title: string;
  description?: string | null;
  /** Show it in the recipient's notification bell. */
  notify?: boolean;
};

export async function recordActivity(db: Database, event: ActivityInput): Promise<void> {
  await db.insert(activityEvents).values({
    userId: event.userId,
    projectId: event.projectId ?? null,
    actorId: event.actorId ?? null,
    type: event.type,
    title: event.title,
    description: event.description ?? null,
    notify: event.notify ?? false,
    // Not now(): events written in one transaction would share its start time and lose their order.
    createdAt: sql`clock_timestamp()`,
  });
}
