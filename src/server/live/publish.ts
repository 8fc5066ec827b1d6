// Announces a change to every server process through PostgreSQL NOTIFY; each process's live hub (live/hub.ts) passes
// it to the tabs allowed to see it. Inside a transaction the notification is sent at commit, and never on rollback.
import { sql } from "drizzle-orm";
import type { LiveEvent } from "../../shared/schemas/live-events";
import type { Database } from "../db/client";

export const LIVE_CHANNEL = "bp_live";

/** Who a notice is for: the people of a project, some users, or every company admin. */
export type LiveAudience = { projectId: string } | { userIds: string[] } | { company: true };

export type LiveNotice = { event: LiveEvent; audience: LiveAudience };

export async function publishLive(db: Database, notice: LiveNotice): Promise<void> {
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(notice)})`);
}
