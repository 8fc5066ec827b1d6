// The dashboard's cached read (cache/define-read.ts).
import { desc, eq, sql } from "drizzle-orm";
import { ACTIVITY_PAGE_SIZE, type ActivityPage } from "../../../shared/schemas/activity";
import type { Paging } from "../../../shared/schemas/paging";
import { defineRead } from "../../cache/define-read";
import { onePage, pageReply } from "../../db/paging";
import { activityEvents } from "../../db/schema";

/** Activity on a user's timeline, newest first, a page at a time: kept for Recent Activity's page (the first, at the default size). */
export const activityRead = defineRead({
  name: "activity",
  tables: ["activity_events"],
  load: async (db, { userId, page, pageSize }: { userId: string } & Paging): Promise<ActivityPage> => {
    const mine = eq(activityEvents.userId, userId);
    const [rows, [counted]] = await Promise.all([
      onePage(
        db.select().from(activityEvents).where(mine).orderBy(desc(activityEvents.createdAt), desc(activityEvents.id)).$dynamic(),
        { page, pageSize },
      ),
      db.select({ total: sql<number>`count(*)::int` }).from(activityEvents).where(mine),
    ]);
    const items = rows.map((row) => ({
      id: row.id,
      type: row.type,
      title: row.title,
      description: row.description,
      createdAt: row.createdAt.toISOString(),
    }));
    return pageReply(items, counted?.total ?? 0, { page, pageSize });
  },
  keep: ({ page, pageSize }) => page === 1 && pageSize === ACTIVITY_PAGE_SIZE,
  owner: ({ userId }) => userId,
  rows: ({ userId }, _, row) => [row("activity_events", "user_id", userId)],
});
