// The bell: events addressed to the user with notify set, newest first, with the unread count.
// Company admins also see company-wide events (no user), whose read state the admins share.
import { and, desc, eq, isNull, or, type SQL, sql } from "drizzle-orm";
import { ACTIVITY_TYPES, isActivityType } from "../../../shared/activity-types";
import { itemPath } from "../../../shared/item-links";
import type { NotificationList } from "../../../shared/schemas/activity";
import type { SessionUser } from "../../auth/sessions";
import type { Database } from "../../db/client";
import { activityEvents, projects } from "../../db/schema";

function addressedTo(user: Pick<SessionUser, "id" | "role">): SQL {
  const mine = eq(activityEvents.userId, user.id);
  const audience = user.role === "company" ? (or(mine, isNull(activityEvents.userId)) ?? mine) : mine;
  return and(eq(activityEvents.notify, true), audience) ?? audience;
}

export async function listNotifications(
  db: Database,
  user: Pick<SessionUser, "id" | "role">,
  limit: number,
): Promise<NotificationList> {
  const where = addressedTo(user);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ event: activityEvents, projectCode: projects.projectCode })
      .from(activityEvents)
      .leftJoin(projects, eq(projects.id, activityEvents.projectId))
      .where(where)
      .orderBy(desc(activityEvents.createdAt))
      .limit(limit),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(activityEvents)
      .where(and(where, isNull(activityEvents.readAt))),
  ]);
  return {
    items: rows.map(({ event, projectCode }) => ({
      id: event.id,
      type: event.type,
      title: event.title,
      description: event.description,
      createdAt: event.createdAt.toISOString(),
      read: event.readAt !== null,
      href: itemPath(
        isActivityType(event.type) ? ACTIVITY_TYPES[event.type].opens : "project",
        user.role === "company" ? "company" : "customer",
        { projectId: event.projectId, projectCode, subjectId: event.subjectId },
      ),
    })),
    unreadCount: counted?.count ?? 0,
  };
}

/** Marks one notification (when id is given) or all of the user's as read; returns how many changed. */
export async function markNotificationsRead(db: Database, user: SessionUser, id?: string): Promise<number> {
  const conditions = [addressedTo(user), isNull(activityEvents.readAt)];
  if (id) conditions.push(eq(activityEvents.id, id));
  const updated = await db
    .update(activityEvents)
    .set({ readAt: new Date() })
    .where(and(...conditions))
    .returning({ id: activityEvents.id });
  return updated.length;
}
