// Access-expiry reminders: the owner is emailed 30 and 7 days before the project's access expiry date, once each. An
// hourly scheduled job (once per tick across processes); each reminder is claimed by inserting (project, expiry date,
// step) into access_expiry_reminders, whose primary key makes it once even when two processes run it, and an extended
// date has reminders of its own. The 30-day reminder follows the owner's "Status changes" choice; the 7-day one is
// always sent (alwaysSend: decision 0029), so at least one reminder reaches every owner.
import { and, eq, gt, isNull, lte } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { ACCESS_REMINDER_DAYS, reminderStepAt } from "../../../../shared/domain/access-expiry";
import type { Database } from "../../../db/client";
import { accessExpiryReminders, projects, users } from "../../../db/schema";
import { emailTime } from "../../../email/format-time";
import type { EmailOutbox } from "../../../email/outbox";
import { type ScheduledJob, startScheduledJob } from "../../../jobs/scheduled-job";

export const ACCESS_REMINDERS_JOB = "access-expiry-reminders";
export const ACCESS_REMINDERS_INTERVAL_MS = 60 * 60_000;
const DAY_MS = 86_400_000;
const LAST_STEP = Math.min(...ACCESS_REMINDER_DAYS);

export async function sendAccessExpiryReminders(ctx: { db: Database; email: EmailOutbox }, now = new Date()): Promise<number> {
  const horizon = new Date(now.getTime() + Math.max(...ACCESS_REMINDER_DAYS) * DAY_MS);
  const due = await ctx.db
    .select({
      id: projects.id,
      projectCode: projects.projectCode,
      projectName: projects.projectName,
      expiresAt: projects.customerAccessExpiryDate,
      email: users.email,
      timeZone: users.timeZone,
    })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.userId))
    .where(
      and(gt(projects.customerAccessExpiryDate, now), lte(projects.customerAccessExpiryDate, horizon), isNull(users.deletedAt)),
    );
  let sent = 0;
  for (const project of due) {
    if (!project.expiresAt) continue;
    const step = reminderStepAt(project.expiresAt, now);
    if (step === null) continue;
    const expiresAt = project.expiresAt;
    await ctx.db.transaction(async (tx) => {
      const claimed = await tx
        .insert(accessExpiryReminders)
        .values({ projectId: project.id, expiresAt, daysBefore: step, sentAt: now })
        .onConflictDoNothing()
        .returning({ projectId: accessExpiryReminders.projectId });
      if (claimed.length === 0) return;
      await ctx.email.enqueue(
        {
          kind: "access-expiry-reminder",
          to: project.email,
          projectId: project.id,
          alwaysSend: step === LAST_STEP,
          data: {
            project: { projectCode: project.projectCode, projectName: project.projectName },
            expires: emailTime(expiresAt, project.timeZone),
            daysBefore: step,
          },
        },
        tx,
      );
      sent += 1;
    });
  }
  return sent;
}

export function startAccessExpiryReminders(options: { db: Database; email: EmailOutbox; log: FastifyBaseLogger }): ScheduledJob {
  return startScheduledJob({
    db: options.db,
    log: options.log,
    job: ACCESS_REMINDERS_JOB,
    intervalMs: ACCESS_REMINDERS_INTERVAL_MS,
    wakeMs: 5 * 60_000,
    checkAtStart: true,
    work: async (now) => ({ reminders: await sendAccessExpiryReminders(options, now) }),
    ranMessage: (result) => (result.reminders > 0 ? `access expiry reminders queued: ${result.reminders}` : null),
    failedMessage: "access expiry reminders run failed",
  });
}
