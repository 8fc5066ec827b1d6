// The delivery job: claims due deliveries (SKIP LOCKED, a claim that runs out when its worker dies), sends them, and
// records each attempt. Per endpoint only the oldest pending delivery is ever due, so events arrive in order as far as
// retries allow. A failed attempt is retried with back-off (30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h, 8 h) until
// about a day after the first try, then the delivery is failed; an endpoint that has failed for a day is paused and
// the company emailed. Its clock is the caller's `now`, so tests drive retries without sleeping.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from "../../db/schema";
import type { EmailOutbox } from "../../email/outbox";
import { slackBody, standardBody } from "./body";
import type { StoredWebhookPayload } from "./enqueue";
import { openSecret, webhookSignature } from "./secret";
import { type SendOutcome, sendWebhook } from "./send-webhook";

const BACKOFF_SECONDS = [30, 120, 600, 1800, 3600, 7200, 14_400, 28_800];
/** How long a delivery is retried, and how long an endpoint may fail before it is paused. */
export const RETRY_WINDOW_MS = 24 * 3600_000;
const BATCH_SIZE = 20;

export function backoffMs(attempts: number): number {
  return (BACKOFF_SECONDS[Math.min(attempts, BACKOFF_SECONDS.length) - 1] ?? 30) * 1000;
}

type Claimed = {
  id: string;
  endpoint_id: string;
  payload: StoredWebhookPayload;
  attempts: number;
  retry_started_at: string | Date;
  kind: "standard" | "slack";
  url: string;
  secret_ciphertext: string | null;
};

export type WebhookJobContext = {
  db: Database;
  config: Pick<Config, "appUrl" | "secretKey" | "webhookAllowedHosts" | "adminEmails">;
  email: EmailOutbox;
};

async function claimDue(db: Database, now: Date, lockMs: number): Promise<Claimed[]> {
  const result = await db.execute(sql`
    update ${webhookDeliveries} d set locked_until = ${new Date(now.getTime() + lockMs)}
    from ${webhookEndpoints} e
    where e.id = d.endpoint_id and d.id in (
      select c.id from ${webhookDeliveries} c join ${webhookEndpoints} ce on ce.id = c.endpoint_id
      where c.status = 'pending' and c.next_attempt_at <= ${now} and (c.locked_until is null or c.locked_until < ${now})
        and ce.paused_at is null
        and not exists (
          select 1 from ${webhookDeliveries} o
          where o.endpoint_id = c.endpoint_id and o.status = 'pending' and (o.created_at, o.id) < (c.created_at, c.id)
        )
      order by c.next_attempt_at
      limit ${BATCH_SIZE}
      for update of c skip locked
    )
    returning d.id, d.endpoint_id, d.payload, d.attempts, d.retry_started_at, e.kind, e.url, e.secret_ciphertext`);
  return (result as unknown as { rows: Claimed[] }).rows;
}

function requestFor(ctx: WebhookJobContext, delivery: Claimed, now: Date): { body: string; headers: Record<string, string> } {
  if (delivery.kind === "slack") return { body: slackBody(ctx.config.appUrl, delivery.payload), headers: {} };
  const body = standardBody(ctx.config.appUrl, delivery.payload);
  const timestamp = Math.floor(now.getTime() / 1000);
  const secret = openSecret(ctx.config.secretKey, delivery.secret_ciphertext ?? "");
  return {
    body,
    headers: {
      "webhook-id": delivery.id,
      "webhook-timestamp": String(timestamp),
      "webhook-signature": webhookSignature({ secret, id: delivery.id, timestamp, body }),
    },
  };
}

async function record(ctx: WebhookJobContext, delivery: Claimed, outcome: SendOutcome, now: Date, log: FastifyBaseLogger) {
  const attempts = delivery.attempts + 1;
  const retryStarted = new Date(delivery.retry_started_at).getTime();
  const giveUp = !outcome.ok && now.getTime() - retryStarted >= RETRY_WINDOW_MS;
  const next =
    outcome.ok || giveUp ? null : new Date(Math.min(now.getTime() + backoffMs(attempts), retryStarted + RETRY_WINDOW_MS));
  let pausedEndpoint: { url: string; since: Date } | null = null;
  await ctx.db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({
      deliveryId: delivery.id,
      attemptedAt: now,
      durationMs: outcome.durationMs,
      statusCode: outcome.statusCode,
      error: outcome.error,
      responseExcerpt: outcome.excerpt,
    });
    await tx
      .update(webhookDeliveries)
      .set({
        status: outcome.ok ? "delivered" : giveUp ? "failed" : "pending",
        attempts,
        lockedUntil: null,
        lastAttemptAt: now,
        lastStatusCode: outcome.statusCode,
        lastError: outcome.error,
        lastResponseExcerpt: outcome.excerpt,
        ...(outcome.ok ? { deliveredAt: now } : {}),
        ...(next ? { nextAttemptAt: next } : {}),
      })
      .where(eq(webhookDeliveries.id, delivery.id));
    if (outcome.ok) {
      await tx.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, delivery.endpoint_id));
      return;
    }
    const [endpoint] = await tx
      .update(webhookEndpoints)
      .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now})` })
      .where(eq(webhookEndpoints.id, delivery.endpoint_id))
      .returning({ failingSince: webhookEndpoints.failingSince, pausedAt: webhookEndpoints.pausedAt, url: webhookEndpoints.url });
    if (!endpoint?.failingSince || endpoint.pausedAt) return;
    // A day of failures: a delivery that used up its day of retries (only the oldest pending one is ever sent, so
    // nothing got through meanwhile), or failures since a day ago.
    if (!giveUp && now.getTime() - endpoint.failingSince.getTime() < RETRY_WINDOW_MS) return;
    const paused = await tx
      .update(webhookEndpoints)
      .set({
        pausedAt: now,
        pausedReason: `Paused automatically: every delivery failed for a day (last: ${outcome.error ?? "no answer"})`,
      })
      .where(and(eq(webhookEndpoints.id, delivery.endpoint_id), isNull(webhookEndpoints.pausedAt)))
      .returning({ id: webhookEndpoints.id });
    if (paused.length === 0) return;
    pausedEndpoint = { url: endpoint.url, since: endpoint.failingSince };
    for (const to of ctx.config.adminEmails) {
      await ctx.email.enqueue(
        {
          kind: "webhook-paused",
          to,
          data: { url: endpoint.url, failingSince: endpoint.failingSince.toISOString(), lastError: outcome.error ?? "no answer" },
        },
        tx,
      );
    }
  });
  if (pausedEndpoint)
    log.warn(
      { endpointId: delivery.endpoint_id, ...(pausedEndpoint as object) },
      "webhook endpoint paused after a day of failures",
    );
}

export type DeliveryRun = { attempted: number; delivered: number; failed: number };

/** Sends every delivery due at `now` (and the next of each endpoint once one is delivered), until none is due. */
export async function deliverDueWebhooks(
  ctx: WebhookJobContext,
  options: { now?: Date; timeoutMs?: number; log: FastifyBaseLogger },
): Promise<DeliveryRun> {
  const now = options.now ?? new Date();
  const timeoutMs = options.timeoutMs;
  const run: DeliveryRun = { attempted: 0, delivered: 0, failed: 0 };
  const seen = new Set<string>();
  for (;;) {
    const claimed = (await claimDue(ctx.db, now, (timeoutMs ?? 10_000) + 30_000)).filter((row) => !seen.has(row.id));
    if (claimed.length === 0) return run;
    await Promise.all(
      claimed.map(async (delivery) => {
        seen.add(delivery.id);
        let outcome: SendOutcome;
        try {
          const { body, headers } = requestFor(ctx, delivery, now);
          outcome = await sendWebhook({
            url: delivery.url,
            body,
            headers,
            allowedHosts: ctx.config.webhookAllowedHosts,
            timeoutMs,
          });
        } catch (error) {
          outcome = {
            ok: false,
            statusCode: null,
            error: error instanceof Error ? error.message : String(error),
            excerpt: null,
            durationMs: 0,
          };
        }
        await record(ctx, delivery, outcome, now, options.log);
        run.attempted += 1;
        if (outcome.ok) run.delivered += 1;
        else run.failed += 1;
      }),
    );
  }
}

export type WebhookWorker = {
  /** Runs the due deliveries now (tests pass their clock); runs already under way are waited for first. */
  runDue(options?: { now?: Date }): Promise<DeliveryRun>;
  /** Runs soon, on the real clock (after a resend); nothing when the worker does not poll (tests run it by hand). */
  kick(): void;
  stop(): Promise<void>;
};

export function startWebhookWorker(
  ctx: WebhookJobContext,
  options: { log: FastifyBaseLogger; pollMs: number | null; timeoutMs?: number },
): WebhookWorker {
  let running: Promise<DeliveryRun> | null = null;
  let stopped = false;
  const runDue = async (run: { now?: Date } = {}): Promise<DeliveryRun> => {
    while (running) await running.catch(() => undefined);
    const current = deliverDueWebhooks(ctx, { now: run.now, timeoutMs: options.timeoutMs, log: options.log });
    running = current;
    try {
      return await current;
    } finally {
      running = null;
    }
  };
  const timer =
    options.pollMs === null
      ? null
      : setInterval(() => {
          if (running || stopped) return;
          runDue().catch((error) => options.log.warn({ err: error }, "webhook delivery run failed"));
        }, options.pollMs);
  timer?.unref();
  return {
    runDue,
    kick() {
      if (options.pollMs === null || stopped) return;
      setTimeout(() => {
        runDue().catch((error) => options.log.warn({ err: error }, "webhook delivery run failed"));
      }, 0).unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
