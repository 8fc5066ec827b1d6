// The daily digest: notifications a user chose to get "daily" are held in notification_digest_items and sent as one
// email a day. The day's run is claimed once across server processes (scheduled_job_runs), and each held item is
// deleted in the transaction that queues its digest, so an item is never sent twice.
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client";
import { notificationDigestItems, users } from "../db/schema";
import { type ScheduledJob, startScheduledJob } from "../jobs/scheduled-job";
import type { EmailOutbox } from "./outbox";

export const DIGEST_JOB = "notification-digest";
export const DIGEST_INTERVAL_MS = 24 * 3600_000;

/** Sends every user's held notifications, one email per user; answers how many digests were queued. */
export async function sendDigests(db: Database, outbox: EmailOutbox): Promise<number> {
  const recipients = await db.selectDistinct({ userId: notificationDigestItems.userId }).from(notificationDigestItems);
  let sent = 0;
  for (const { userId } of recipients) {
    const queued = await db.transaction(async (tx) => {
      const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
      const items = await tx.delete(notificationDigestItems).where(eq(notificationDigestItems.userId, userId)).returning();
      if (!user || items.length === 0) return false;
      items.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
      // Its unsubscribe link (every digested kind off) is added by the outbox, as the "digest" category's.
      await outbox.enqueue(
        {
          kind: "notification-digest",
          to: user.email,
          data: { items: items.map(({ kind, subject, summary }) => ({ kind, subject, summary })) },
        },
        tx,
      );
      return true;
    });
    if (queued) sent += 1;
  }
  return sent;
}

export function startDigestScheduler(options: { db: Database; outbox: EmailOutbox; log: FastifyBaseLogger }): ScheduledJob {
  return startScheduledJob({
    db: options.db,
    log: options.log,
    job: DIGEST_JOB,
    intervalMs: DIGEST_INTERVAL_MS,
    wakeMs: 5 * 60_000,
    checkAtStart: true,
    work: async () => ({ digests: await sendDigests(options.db, options.outbox) }),
    ranMessage: () => "daily digests queued",
    failedMessage: "daily digest run failed",
  });
}
