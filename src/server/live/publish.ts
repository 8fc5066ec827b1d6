// Announces a change to every server process through PostgreSQL NOTIFY; each process's live hub (live/hub.ts) passes
// it to the tabs allowed to see it. Inside a transaction the notification is sent at commit, and never on rollback.
import { sql } from "drizzle-orm";
import type { LiveEvent } from "../../shared/schemas/live-events";
import type { Database } from "../db/client";

export const LIVE_CHANNEL = "bp_live";

/** Who a notice is for: the people of a project, some users, or every company admin. */
export type LiveAudience = { projectId: string } | { userIds: string[] } | { company: true };

/** Streams to end at once, on every process: a session that ended, or people who lost access or changed role. */
export type LiveCloseTarget = { sessionIds?: string[]; userIds?: string[]; emails?: string[] };

export type LiveNotice = { event: LiveEvent; audience: LiveAudience } | { close: LiveCloseTarget };

export async function publishLive(db: Database, notice: LiveNotice): Promise<void> {
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(notice)})`);
}

/** Ends the matching live streams (in a transaction: at its commit, never on rollback); the tabs reconnect and re-check. */
export async function closeLiveStreams(db: Database, target: LiveCloseTarget): Promise<void> {
  await publishLive(db, { close: target });
}
