// A job that runs once per tick (every `intervalMs`, aligned to the epoch) across every server process: each process
// wakes now and then, and only the one whose insert of (job, tick) into scheduled_job_runs succeeds runs the tick
// (the primary key is the claim). The status rules, the daily digest and the file sweep are such jobs.
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client";
import { scheduledJobRuns } from "../db/schema";

/** The start of the tick `now` falls in. */
export function tickOf(now: Date, intervalMs: number): Date {
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

/** `checkNow` runs the tick `now` falls in when no one has (tests call it); answers whether this process ran it. */
export type ScheduledJob = { stop(): void; checkNow(now?: Date): Promise<boolean> };

export function startScheduledJob<T extends Record<string, unknown>>(options: {
  db: Database;
  log: FastifyBaseLogger;
  job: string;
  intervalMs: number;
  /** How often this process looks whether a new tick has begun (a tick starts at most this late). */
  wakeMs: number;
  /** Look once as soon as the process starts: after a restart or deploy, the current tick still runs (once). */
  checkAtStart: boolean;
  work: (now: Date) => Promise<T>;
  /** The log line after this process ran a tick, or null for a run not worth a line. */
  ranMessage: (result: T) => string | null;
  failedMessage: string;
}): ScheduledJob {
  const processId = randomUUID();
  let lastTick = 0;
  let running = false;

  const checkNow = async (now = new Date()): Promise<boolean> => {
    const tickAt = tickOf(now, options.intervalMs);
    if (tickAt.getTime() === lastTick) return false;
    lastTick = tickAt.getTime();
    const outcome = await runTickOnce(options.db, {
      job: options.job,
      tickAt,
      processId,
      work: () => options.work(now),
    });
    const message = outcome.result && options.ranMessage(outcome.result);
    if (message) options.log.info({ job: options.job, tickAt, ...outcome.result }, message);
    return outcome.ran;
  };

  const wake = () => {
    if (running) return;
    running = true;
    checkNow()
      .catch((error) => options.log.warn({ err: error, job: options.job }, options.failedMessage))
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(wake, options.wakeMs);
  timer.unref();
  const first = options.checkAtStart ? setTimeout(wake, 0) : null;
  first?.unref();
  return {
    stop: () => {
      if (first) clearTimeout(first);
      clearInterval(timer);
    },
    checkNow,
  };
}
