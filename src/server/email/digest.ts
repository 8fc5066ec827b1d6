// The daily digest: notifications a user chose to get "daily" are held in notification_digest_items and sent as one
// email a day. The day's run is claimed once across server processes (scheduled_job_runs), and each held item is
// deleted in the transaction that queues its digest, so an item is never sent twice.
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { NOTIFICATION_KIND_LABELS, type NotificationKind } from "../../shared/schemas/account";
import type { Database } from "../db/client";
import { notificationDigestItems, users } from "../db/schema";
import { type ScheduledJob, startScheduledJob } from "../jobs/scheduled-job";
import { APP_NAME, renderEmail } from "./layout";
import { customerLinks } from "./links";
import type { EmailOutbox } from "./outbox";
import { unsubscribeUrl } from "./unsubscribe";

export const DIGEST_JOB = "notification-digest";
export const DIGEST_INTERVAL_MS = 24 * 3600_000;

/** Sends every user's held notifications, one email per user; answers how many digests were queued. */
export async function sendDigests(
  db: Database,
  outbox: EmailOutbox,
  links: { appUrl: string; secretKey: string },
): Promise<number> {
  const recipients = await db.selectDistinct({ userId: notificationDigestItems.userId }).from(notificationDigestItems);
  let sent = 0;
  for (const { userId } of recipients) {
    const queued = await db.transaction(async (tx) => {
      const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
      const items = await tx.delete(notificationDigestItems).where(eq(notificationDigestItems.userId, userId)).returning();
      if (!user || items.length === 0) return false;
      items.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
      const paragraphs = items.map(
        (item) =>
          `${NOTIFICATION_KIND_LABELS[item.kind as NotificationKind]?.label ?? item.kind} · ${item.subject}\n${item.summary}`,
      );
      const content = renderEmail({
        heading: `Your daily ${APP_NAME} digest`,
        paragraphs: [`${items.length} update${items.length === 1 ? "" : "s"} since your last digest:`, ...paragraphs],
        action: { label: `Open ${APP_NAME}`, url: customerLinks.dashboard(links.appUrl) },
        footnote: `You chose a daily digest for these emails. Change it under Profile Settings → Notifications.`,
      });
      await outbox.enqueue(
        {
          kind: "notification-digest",
          to: user.email,
          subject: `Your daily ${APP_NAME} digest (${items.length})`,
          ...content,
          listUnsubscribe: unsubscribeUrl(links, userId, "digest"),
        },
        tx,
      );
      return true;
    });
    if (queued) sent += 1;
  }
  return sent;
}

export function startDigestScheduler(options: {
  db: Database;
  outbox: EmailOutbox;
  links: { appUrl: string; secretKey: string };
  log: FastifyBaseLogger;
}): ScheduledJob {
  return startScheduledJob({
    db: options.db,
    log: options.log,
    job: DIGEST_JOB,
    intervalMs: DIGEST_INTERVAL_MS,
    wakeMs: 5 * 60_000,
    checkAtStart: true,
    work: async () => ({ digests: await sendDigests(options.db, options.outbox, options.links) }),
    ranMessage: () => "daily digests queued",
    failedMessage: "daily digest run failed",
  });
}
