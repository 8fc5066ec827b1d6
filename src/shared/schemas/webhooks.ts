// Outgoing webhooks (issue 46 §1): the closed list of event types an endpoint may subscribe to, the endpoint form, and
// the console's answers (endpoints, the secret shown once, the delivery log with each attempt).
import { z } from "zod";
import { pageQueryFields, pageSchema } from "./paging";

export const WEBHOOK_EVENTS = {
  "project.created": { label: "Project created" },
  "brief.confirmed": { label: "Brief confirmed" },
  "payment.received": { label: "Payment received" },
  "payment.failed": { label: "Payment failed" },
  "feedback.created": { label: "Feedback submitted" },
  "feedback.reopened": { label: "Feedback reopened" },
  "message.created": { label: "Customer message" },
  "meeting.requested": { label: "Meeting requested" },
  "version.published": { label: "Prototype version published" },
  "update.posted": { label: "Progress update posted" },
  "project.approved": { label: "Prototype approved" },
  "project.completed": { label: "Project completed" },
  "nda.signed": { label: "NDA signed" },
  "nda.approved": { label: "NDA approved" },
} as const satisfies Record<string, { label: string }>;

export type WebhookEventType = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS) as [WebhookEventType, ...WebhookEventType[]];
export const isWebhookEventType = (value: string): value is WebhookEventType => Object.hasOwn(WEBHOOK_EVENTS, value);

export const WEBHOOK_KINDS = {
  standard: { label: "Webhook (signed JSON)" },
  slack: { label: "Slack incoming webhook" },
} as const satisfies Record<string, { label: string }>;
export type WebhookKind = keyof typeof WEBHOOK_KINDS;

export const WEBHOOK_MESSAGES = {
  url: "Enter the endpoint's full URL, starting with https://",
  https: "The URL must start with https://",
  credentials: "Leave user names and passwords out of the URL (send them as a signed webhook's secret instead)",
  slackHost: "A Slack incoming webhook's URL starts with https://hooks.slack.com/",
  privateAddress: (host: string) => `${host} is a private, loopback or link-local address: webhooks go to public hosts only`,
  unresolvable: (host: string) => `${host} could not be found (DNS)`,
  events: "Choose at least one event",
  unknownEvent: (name: string) => `Unknown event type: ${name}`,
  description: "Keep the description under 200 characters",
} as const;

const eventsField = z
  .array(z.string().max(100))
  .max(WEBHOOK_EVENT_TYPES.length * 2)
  .superRefine((events, ctx) => {
    const unknown = events.find((name) => !isWebhookEventType(name));
    if (unknown !== undefined) ctx.addIssue({ code: "custom", message: WEBHOOK_MESSAGES.unknownEvent(unknown) });
    else if (events.length === 0) ctx.addIssue({ code: "custom", message: WEBHOOK_MESSAGES.events });
  })
  .transform((events) => [...new Set(events)] as WebhookEventType[]);

/** The URL's shape; the server checks the address it resolves to as well (features/webhooks/check-url.ts). */
const urlField = z
  .string()
  .trim()
  .min(1, WEBHOOK_MESSAGES.url)
  .max(2000, WEBHOOK_MESSAGES.url)
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), WEBHOOK_MESSAGES.url);

export const webhookCreateSchema = z.strictObject({
  url: urlField,
  description: z.string().trim().max(200, WEBHOOK_MESSAGES.description).default(""),
  kind: z.enum(Object.keys(WEBHOOK_KINDS) as [WebhookKind, ...WebhookKind[]]).default("standard"),
  events: eventsField,
});
export type WebhookCreateInput = z.input<typeof webhookCreateSchema>;

export const webhookUpdateSchema = z
  .strictObject({
    description: z.string().trim().max(200, WEBHOOK_MESSAGES.description).optional(),
    events: eventsField.optional(),
    paused: z.boolean().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, "Send the description, the events or paused");

export const webhookEndpointSchema = z.object({
  id: z.string(),
  kind: z.enum(Object.keys(WEBHOOK_KINDS) as [WebhookKind, ...WebhookKind[]]),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  paused: z.boolean(),
  pausedAt: z.string().nullable(),
  pausedReason: z.string().nullable(),
  failingSince: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointPageSchema = pageSchema(webhookEndpointSchema);
export const webhookEndpointQuerySchema = z.strictObject(pageQueryFields(50));

/** The signing secret answered once (create and rotate); null for a Slack endpoint, which is not signed. */
export const webhookSecretReplySchema = z.object({ endpoint: webhookEndpointSchema, secret: z.string().nullable() });

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const webhookAttemptSchema = z.object({
  attemptedAt: z.string(),
  durationMs: z.number(),
  statusCode: z.number().nullable(),
  error: z.string().nullable(),
  responseExcerpt: z.string().nullable(),
});

export const webhookDeliverySchema = z.object({
  id: z.string(),
  endpointId: z.string(),
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  nextAttemptAt: z.string().nullable(),
  lastStatusCode: z.number().nullable(),
  lastError: z.string().nullable(),
  lastResponseExcerpt: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  /** The latest attempts, newest first (at most MAX_ATTEMPTS_SHOWN). */
  attemptLog: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const MAX_ATTEMPTS_SHOWN = 20;

export const webhookDeliveryPageSchema = pageSchema(webhookDeliverySchema);
export const webhookDeliveryQuerySchema = z.strictObject(pageQueryFields(20));
