// The delivery log of one endpoint (newest first, a page at a time, each with its latest attempts) and "Resend".
import { count, desc, eq, inArray } from "drizzle-orm";
import type { Paging } from "../../../shared/schemas/paging";
import { MAX_ATTEMPTS_SHOWN, type WebhookDelivery } from "../../../shared/schemas/webhooks";
import type { Database } from "../../db/client";
import { onePage, pageReply } from "../../db/paging";
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from "../../db/schema";
import { conflict, notFound } from "../../errors";
import { readEndpoint } from "./endpoints";

type DeliveryRow = typeof webhookDeliveries.$inferSelect;
type AttemptRow = typeof webhookAttempts.$inferSelect;

function deliveryDto(row: DeliveryRow, attempts: AttemptRow[]): WebhookDelivery {
  return {
    id: row.id,
    endpointId: row.endpointId,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.status === "pending" ? row.nextAttemptAt.toISOString() : null,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    lastResponseExcerpt: row.lastResponseExcerpt,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    attemptLog: attempts.slice(0, MAX_ATTEMPTS_SHOWN).map((attempt) => ({
      attemptedAt: attempt.attemptedAt.toISOString(),
      durationMs: attempt.durationMs,
      statusCode: attempt.statusCode,
      error: attempt.error,
      responseExcerpt: attempt.responseExcerpt,
    })),
  };
}

export async function listDeliveries(db: Database, { endpointId, paging }: { endpointId: string; paging: Paging }) {
  await readEndpoint(db, endpointId);
  const where = eq(webhookDeliveries.endpointId, endpointId);
  const [rows, [total]] = await Promise.all([
    onePage(
      db
        .select()
        .from(webhookDeliveries)
        .where(where)
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .$dynamic(),
      paging,
    ),
    db.select({ n: count() }).from(webhookDeliveries).where(where),
  ]);
  const attempts =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(webhookAttempts)
          .where(
            inArray(
              webhookAttempts.deliveryId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(desc(webhookAttempts.attemptedAt), desc(webhookAttempts.id));
  const byDelivery = new Map<string, AttemptRow[]>();
  for (const attempt of attempts) byDelivery.set(attempt.deliveryId, [...(byDelivery.get(attempt.deliveryId) ?? []), attempt]);
  return pageReply(
    rows.map((row) => deliveryDto(row, byDelivery.get(row.id) ?? [])),
    total?.n ?? 0,
    paging,
  );
}

/**
 * Queues a delivery again, with its own id (receivers de-duplicate by `webhook-id`) and a fresh day of retries; sent
 * at the next run, before the endpoint's newer pending events. Refused while its endpoint is paused.
 */
export async function resendDelivery(db: Database, { id, now = new Date() }: { id: string; now?: Date }) {
  const [found] = await db
    .select({ delivery: webhookDeliveries, pausedAt: webhookEndpoints.pausedAt })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, id));
  if (!found) throw notFound("No such webhook delivery");
  if (found.pausedAt) throw conflict("The endpoint is paused: resume it first, then resend");
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: "pending", nextAttemptAt: now, retryStartedAt: now, lockedUntil: null })
    .where(eq(webhookDeliveries.id, id))
    .returning();
  if (!row) throw notFound("No such webhook delivery");
  return deliveryDto(row, []);
}
