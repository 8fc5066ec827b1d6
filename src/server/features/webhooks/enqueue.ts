// Queues one event for every unpaused endpoint subscribed to its type, inside the caller's transaction: the event is
// sent only if the change it reports commits, and never lost once it has. The body is {type, timestamp, data}: ids, the
// project's code and a link into the console; never a code, a signature or an internal note.
import { and, eq, isNull, sql } from "drizzle-orm";
import { type ConsoleLinkParams, type ConsoleTab, consolePath } from "../../../shared/console-tabs";
import type { WebhookEventType } from "../../../shared/schemas/webhooks";
import type { Database } from "../../db/client";
import { projects, webhookDeliveries, webhookEndpoints } from "../../db/schema";

export type WebhookEventInput = {
  type: WebhookEventType;
  /** Ids and the few facts a receiver needs (amounts, titles); `projectId` adds the project's code. */
  data: { projectId?: string | null } & Record<string, string | number | boolean | null | undefined>;
  /** The console tab the event's link opens (default: the project in Projects). */
  console?: { tab: ConsoleTab; params?: ConsoleLinkParams };
};

/** What a delivery stores: the body, with the console path that becomes `data.url` (APP_URL + path) when sent. */
export type StoredWebhookPayload = { type: WebhookEventType; timestamp: string; data: Record<string, unknown>; path: string };

export async function enqueueWebhookEvent(db: Database, event: WebhookEventInput): Promise<number> {
  const endpoints = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(isNull(webhookEndpoints.pausedAt), sql`${event.type} = any(${webhookEndpoints.eventTypes})`));
  if (endpoints.length === 0) return 0;
  const data: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(event.data)) if (value !== undefined) data[key] = value;
  let projectCode: string | null = null;
  if (event.data.projectId) {
    const [project] = await db
      .select({ projectCode: projects.projectCode })
      .from(projects)
      .where(eq(projects.id, event.data.projectId));
    projectCode = project?.projectCode ?? null;
    data.projectCode = projectCode;
  }
  const path = event.console ? consolePath(event.console.tab, event.console.params) : consolePath("projects", { q: projectCode });
  const payload: StoredWebhookPayload = { type: event.type, timestamp: new Date().toISOString(), data, path };
  await db.insert(webhookDeliveries).values(
    endpoints.map((endpoint) => ({
      endpointId: endpoint.id,
      eventType: event.type,
      payload,
      // Not now(): events queued in one transaction would share its start time and lose their order.
      createdAt: sql`clock_timestamp()`,
    })),
  );
  return endpoints.length;
}
