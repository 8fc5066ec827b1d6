// The endpoints' use cases: list, add (answering the secret once), change (description, events, pause/resume),
// rotate the secret (answered once), delete. The URL is checked before anything is written.
import { count, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Paging } from "../../../shared/schemas/paging";
import type { WebhookEndpoint, webhookCreateSchema, webhookUpdateSchema } from "../../../shared/schemas/webhooks";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import { onePage, pageReply } from "../../db/paging";
import { webhookEndpoints } from "../../db/schema";
import { notFound } from "../../errors";
import { checkWebhookUrl } from "./check-url";
import { newSigningSecret, sealSecret } from "./secret";

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type UrlConfig = Pick<Config, "secretKey" | "webhookAllowedHosts">;

/** An endpoint as the console sees it: never its secret. */
export function endpointDto(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    kind: row.kind,
    url: row.url,
    description: row.description,
    events: row.eventTypes,
    paused: row.pausedAt !== null,
    pausedAt: row.pausedAt?.toISOString() ?? null,
    pausedReason: row.pausedReason,
    failingSince: row.failingSince?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listEndpoints(db: Database, { paging }: { paging: Paging }) {
  const [rows, [total]] = await Promise.all([
    onePage(
      db.select().from(webhookEndpoints).orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id)).$dynamic(),
      paging,
    ),
    db.select({ n: count() }).from(webhookEndpoints),
  ]);
  return pageReply(rows.map(endpointDto), total?.n ?? 0, paging);
}

export async function readEndpoint(db: Database, id: string): Promise<EndpointRow> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  if (!row) throw notFound("No such webhook endpoint");
  return row;
}

export async function createEndpoint(
  db: Database,
  { input, userId, config }: { input: z.output<typeof webhookCreateSchema>; userId: string; config: UrlConfig },
) {
  const url = await checkWebhookUrl(input.url, { kind: input.kind, allowedHosts: config.webhookAllowedHosts });
  const secret = input.kind === "standard" ? newSigningSecret() : null;
  const [row] = await db
    .insert(webhookEndpoints)
    .values({
      kind: input.kind,
      url,
      description: input.description,
      eventTypes: input.events,
      secretCiphertext: secret ? sealSecret(config.secretKey, secret) : null,
      createdBy: userId,
    })
    .returning();
  if (!row) throw new Error("the endpoint was not stored");
  return { endpoint: endpointDto(row), secret };
}

export async function updateEndpoint(db: Database, { id, input }: { id: string; input: z.output<typeof webhookUpdateSchema> }) {
  const before = await readEndpoint(db, id);
  const pausing = input.paused === true && before.pausedAt === null;
  const resuming = input.paused === false && before.pausedAt !== null;
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.events !== undefined ? { eventTypes: input.events } : {}),
      ...(pausing ? { pausedAt: new Date(), pausedReason: "Paused by hand" } : {}),
      // Resumed: the day of failures starts again; its queued deliveries go out in order.
      ...(resuming ? { pausedAt: null, pausedReason: null, failingSince: null } : {}),
      updatedAt: new Date(),
    })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  if (!row) throw notFound("No such webhook endpoint");
  return endpointDto(row);
}

export async function rotateEndpointSecret(db: Database, { id, config }: { id: string; config: UrlConfig }) {
  const before = await readEndpoint(db, id);
  if (before.kind !== "standard") return { endpoint: endpointDto(before), secret: null };
  const secret = newSigningSecret();
  const [row] = await db
    .update(webhookEndpoints)
    .set({ secretCiphertext: sealSecret(config.secretKey, secret), updatedAt: new Date() })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  if (!row) throw notFound("No such webhook endpoint");
  return { endpoint: endpointDto(row), secret };
}

export async function deleteEndpoint(db: Database, { id }: { id: string }): Promise<void> {
  const deleted = await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning({ id: webhookEndpoints.id });
  if (deleted.length === 0) throw notFound("No such webhook endpoint");
}

/** The audited fields of an endpoint (never the secret: only that it changed). */
export async function endpointAuditFields(db: Database, id: string) {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  if (!row) return null;
  return {
    projectId: null,
    fields: {
      url: row.url,
      kind: row.kind,
      description: row.description,
      events: row.eventTypes,
      paused: row.pausedAt !== null,
      secretChangedAt: row.kind === "standard" ? row.updatedAt.toISOString() : null,
    },
  };
}
