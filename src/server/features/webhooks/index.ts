// The webhooks feature as the rest of the server sees it: app.ts and the other features import from here, never from
// its files (scripts/check-feature-boundaries.ts). Re-exports only.
export { type DeliveryRun, startWebhookWorker, type WebhookWorker } from "./deliver";
export { enqueueWebhookEvent, type WebhookEventInput } from "./enqueue";
export { webhookRoutes } from "./routes";
