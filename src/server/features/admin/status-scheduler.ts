// Runs the automatic status rules every 10 minutes, once per tick across every server process.
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import type { EmailOutbox } from "../../email/outbox";
import { type ScheduledJob, startScheduledJob } from "../../jobs/scheduled-job";
import { sendDeliveryReminders } from "./delivery-reminders";
import { runStatusRules } from "./run-status-rules";

export const STATUS_RULES_JOB = "status-rules";
export const STATUS_RULES_INTERVAL_MS = 10 * 60_000;

export function startStatusScheduler(options: {
  db: Database;
  log: FastifyBaseLogger;
  /** Where the delivery reminders go (the company); none: no reminders. */
  reminders?: { outbox: EmailOutbox; config: Pick<Config, "adminEmails" | "appUrl"> };
}): ScheduledJob {
  return startScheduledJob({
    ...options,
    job: STATUS_RULES_JOB,
    intervalMs: STATUS_RULES_INTERVAL_MS,
    wakeMs: 30_000,
    checkAtStart: true,
    work: async (now) => {
      const run = await runStatusRules(options.db, { now });
      const reminded = options.reminders
        ? await sendDeliveryReminders(options.db, { outbox: options.reminders.outbox, config: options.reminders.config, now })
        : 0;
      return { checked: run.checked, changed: run.changes.length, reminded };
    },
    ranMessage: () => "status rules ran",
    failedMessage: "status rules tick failed",
  });
}
