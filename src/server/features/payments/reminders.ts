// Payment reminders: a phase whose link or checkout is ready and still unpaid is reminded to the owner 3 days after
// it was issued, then weekly, three times at most (the "payments" notification choice applies; one-click unsubscribe).
// An hourly scheduled job, once per tick across processes; each reminder is claimed by a guarded update, so a phase is
// never reminded twice for one step.
import { and, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import {
  formatMoney,
  PAYMENT_PHASE_LABELS,
  PAYMENT_PHASES,
  type PaymentPhase,
  toMinorUnits,
} from "../../../shared/domain/payments";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { projects, users } from "../../db/schema";
import type { EmailOutbox } from "../../email/outbox";
import { type ScheduledJob, startScheduledJob } from "../../jobs/scheduled-job";

export const PAYMENT_REMINDERS_JOB = "payment-reminders";
export const PAYMENT_REMINDERS_INTERVAL_MS = 60 * 60_000;
export const FIRST_REMINDER_AFTER_MS = 3 * 24 * 3600_000;
export const NEXT_REMINDER_AFTER_MS = 7 * 24 * 3600_000;
export const MAX_REMINDERS = 3;

function columnsOf(phase: PaymentPhase) {
  return phase === "advance"
    ? {
        link: projects.advancePaymentLink,
        issuedAt: projects.advancePaymentLinkDate,
        amount: projects.advancePaymentAmount,
        currency: projects.advancePaymentCurrency,
        received: projects.advancePaymentReceivedDate,
        sent: projects.advanceRemindersSent,
        last: projects.advanceLastReminderAt,
      }
    : {
        link: projects.balancePaymentLink,
        issuedAt: projects.balancePaymentLinkDate,
        amount: projects.balancePaymentAmount,
        currency: projects.balancePaymentCurrency,
        received: projects.balancePaymentReceivedDate,
        sent: projects.balanceRemindersSent,
        last: projects.balanceLastReminderAt,
      };
}

export async function sendPaymentReminders(
  ctx: { db: Database; email: EmailOutbox; config: Pick<AppContext["config"], "appUrl" | "stripe"> },
  now = new Date(),
): Promise<number> {
  let sent = 0;
  for (const phase of PAYMENT_PHASES) {
    const c = columnsOf(phase);
    // Ready to pay: a pasted link, or (with Stripe on) an amount the customer can pay by card.
    const ready = ctx.config.stripe ? or(isNotNull(c.link), isNotNull(c.amount)) : isNotNull(c.link);
    const due = await ctx.db
      .select({
        id: projects.id,
        code: projects.projectCode,
        name: projects.projectName,
        sent: c.sent,
        amount: c.amount,
        currency: c.currency,
        email: users.email,
      })
      .from(projects)
      .innerJoin(users, eq(users.id, projects.userId))
      .where(
        and(
          ready,
          isNull(c.received),
          isNotNull(c.issuedAt),
          lt(c.sent, MAX_REMINDERS),
          or(
            and(eq(c.sent, 0), lt(c.issuedAt, new Date(now.getTime() - FIRST_REMINDER_AFTER_MS))),
            and(sql`${c.sent} > 0`, lt(c.last, new Date(now.getTime() - NEXT_REMINDER_AFTER_MS))),
          ),
          isNull(users.deletedAt),
        ),
      );
    for (const row of due) {
      await ctx.db.transaction(async (tx) => {
        const claimed = await tx
          .update(projects)
          .set(
            phase === "advance"
              ? { advanceRemindersSent: row.sent + 1, advanceLastReminderAt: now }
              : { balanceRemindersSent: row.sent + 1, balanceLastReminderAt: now },
          )
          .where(and(eq(projects.id, row.id), eq(c.sent, row.sent), isNull(c.received)))
          .returning({ id: projects.id });
        if (claimed.length === 0) return;
        const minor = toMinorUnits(row.amount);
        await ctx.email.enqueue(
          {
            kind: "payment-reminder",
            to: row.email,
            data: {
              project: { projectCode: row.code, projectName: row.name },
              phase: PAYMENT_PHASE_LABELS[phase],
              money: minor === null ? null : formatMoney(minor, row.currency),
            },
          },
          tx,
        );
        sent += 1;
      });
    }
  }
  return sent;
}

export function startPaymentReminders(options: {
  db: Database;
  email: EmailOutbox;
  config: Pick<AppContext["config"], "appUrl" | "stripe">;
  log: FastifyBaseLogger;
}): ScheduledJob {
  return startScheduledJob({
    db: options.db,
    log: options.log,
    job: PAYMENT_REMINDERS_JOB,
    intervalMs: PAYMENT_REMINDERS_INTERVAL_MS,
    wakeMs: 5 * 60_000,
    checkAtStart: true,
    work: async (now) => ({ reminders: await sendPaymentReminders(options, now) }),
    ranMessage: (result) => (result.reminders > 0 ? `payment reminders queued: ${result.reminders}` : null),
    failedMessage: "payment reminders run failed",
  });
}
