// The bell: events addressed to the user with notify set, newest first, a page at a time, with the unread count.
// Company admins also see company-wide events (no user), whose read state the admins share.
import { and, desc, eq, isNull, or, type SQL, sql } from "drizzle-orm";
import { ACTIVITY_TYPES, isActivityType } from "../../../shared/activity-types";
import { itemPath } from "../../../shared/item-links";
import type { NotificationPage } from "../../../shared/schemas/activity";
import type { Paging } from "../../../shared/schemas/paging";
import type { SessionUser } from "../../auth/sessions";
import type { Database } from "../../db/client";
import { onePage, pageReply } from "../../db/paging";
import { activityEvents, projects } from "../../db/schema";

function addressedTo(user: Pick<SessionUser, "id" | "role">): SQL {
  const mine = eq(activityEvents.userId, user.id);
  const audience = user.role === "company" ? (or(mine, isNull(activityEvents.userId)) ?? mine) : mine;
  return and(eq(activityEvents.notify, true), audience) ?? audience;
}

export async function listNotifications(
  db: Database,
  { user, paging }: { user: Pick<SessionUser, "id" | "role">; paging: Paging },
): Promise<NotificationPage> {
  const where = addressedTo(user);
  const [rows, [counted]] = await Promise.all([
    onePage(
      db
        .select({ event: activityEvents, projectCode: projects.projectCode })
        .from(activityEvents)
        .leftJoin(projects, eq(projects.id, activityEvents.projectId))
        .where(where)
        .orderBy(desc(activityEvents.createdAt), desc(activityEvents.id))
        .$dynamic(),
      paging,
    ),
    db
      .select({
        total: sql<number>`count(*)::int`,
        unread: sql<number>`(count(*) filter (where ${activityEvents.readAt} is null))::int`,
      })
      .from(activityEvents)
      .where(where),
  ]);
  const items = rows.map(({ event, projectCode }) => ({
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
  }));
  return { ...pageReply(items, counted?.total ?? 0, paging), unreadCount: counted?.unread ?? 0 };
}

/** Marks one notification (when id is given) or all of the user's as read; returns how many changed. */
export async function markNotificationsRead(db: Database, { user, id }: { user: SessionUser; id?: string }): Promise<number> {
  const conditions = [addressedTo(user), isNull(activityEvents.readAt)];
  if (id) conditions.push(eq(activityEvents.id, id));
  const updated = await db
    .update(activityEvents)
    .set({ readAt: new Date() })
    .where(and(...conditions))
    .returning({ id: activityEvents.id });
  return updated.length;
}
