// The dashboard's cached read (cache/define-read.ts).
import { desc, eq } from "drizzle-orm";
import { defineRead } from "../../cache/define-read";
import { activityEvents } from "../../db/schema";

export const DEFAULT_ACTIVITY_LIMIT = 8;

/** Recent activity on a user's timeline, newest first: kept at the default count. */
export const activityRead = defineRead({
  name: "activity",
  tables: ["activity_events"],
  load: async (db, { userId, limit }: { userId: string; limit: number }) => {
    const rows = await db
      .select()
      .from(activityEvents)
      .where(eq(activityEvents.userId, userId))
      .orderBy(desc(activityEvents.createdAt))
      .limit(limit);
    return rows.map((row) => ({
      id: row.id,
      type: row.type,
      title: row.title,
      description: row.description,
      createdAt: row.createdAt.toISOString(),
    }));
  },
  keep: ({ limit }) => limit === DEFAULT_ACTIVITY_LIMIT,
  owner: ({ userId }) => userId,
  rows: ({ userId }, _, row) => [row("activity_events", "user_id", userId)],
});
