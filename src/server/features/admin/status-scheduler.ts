// Runs the automatic status rules every 10 minutes, once per tick across every server process: each process may
// wake up, but only the one whose insert of (job, tick) succeeds runs it (the primary key is the claim).
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client";
import { scheduledJobRuns } from "../../db/schema";
import { runStatusRules } from "./run-status-rules";

export const STATUS_RULES_JOB = "status-rules";
export const STATUS_RULES_INTERVAL_MS = 10 * 60_000;
/** How often a process looks whether a new tick has begun (a tick starts at most this late). */
const WAKE_MS = 30_000;

export function tickOf(now: Date, intervalMs = STATUS_RULES_INTERVAL_MS): Date {
  return new Date(Math.floor(now.getTime() / intervalMs) * intervalMs);
}

/** Claims the tick and runs `work` when this process won it; returns whether it ran. */
export async function runTickOnce<T extends Record<string, unknown>>(
  db: Database,
  input: { job: string; tickAt: Date; processId: string; work: () => Promise<T> },
): Promise<{ ran: boolean; result?: T }> {
  const claimed = await db
    .insert(scheduledJobRuns)
    .values({ job: input.job, tickAt: input.tickAt, claimedBy: input.processId })
    .onConflictDoNothing()
    .returning({ job: scheduledJobRuns.job });
  if (claimed.length === 0) return { ran: false };
  const where = and(eq(scheduledJobRuns.job, input.job), eq(scheduledJobRuns.tickAt, input.tickAt));
  try {
    const result = await input.work();
    await db.update(scheduledJobRuns).set({ finishedAt: new Date(), result }).where(where);
    return { ran: true, result };
  } catch (error) {
    await db
      .update(scheduledJobRuns)
      .set({ finishedAt: new Date(), error: error instanceof Error ? error.message : String(error) })
      .where(where);
    throw error;
  }
}

export type StatusScheduler = { stop(): void; checkNow(now?: Date): Promise<boolean> };

export function startStatusScheduler(options: { db: Database; log: FastifyBaseLogger }): StatusScheduler {
  const processId = randomUUID();
  let lastTick = 0;
  let running: Promise<boolean> | null = null;

  const checkNow = async (now = new Date()): Promise<boolean> => {
    const tickAt = tickOf(now);
    if (tickAt.getTime() === lastTick) return false;
    lastTick = tickAt.getTime();
    const outcome = await runTickOnce(options.db, {
      job: STATUS_RULES_JOB,
      tickAt,
      processId,
      work: async () => {
        const run = await runStatusRules(options.db, { now });
        return { checked: run.checked, changed: run.changes.length };
      },
    });
    if (outcome.ran) options.log.info({ job: STATUS_RULES_JOB, tickAt, ...outcome.result }, "status rules ran");
    return outcome.ran;
  };

  const wake = () => {
    if (running) return;
    running = checkNow()
      .catch((error) => {
        options.log.warn({ err: error }, "status rules tick failed");
        return false;
      })
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(wake, WAKE_MS);
  timer.unref();
  // A process that starts mid-tick checks at once: after a restart or deploy, the current tick still runs (once).
  const first = setTimeout(wake, 0);
  first.unref();
  return {
    stop: () => {
      clearTimeout(first);
      clearInterval(timer);
    },
    checkNow,
  };
}
