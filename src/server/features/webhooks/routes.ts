// Outgoing webhooks in the console (issue 46 §1): endpoints (list, add, change, rotate the secret, delete), each
// endpoint's delivery log, and "Resend". Company only — 401 for visitors, 403 for customers; owners and admins (managers
// 403, issue 44). Every change is audited; the secret is answered only by add and rotate, never logged.
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { successReplySchema } from "../../../shared/schemas/replies";
import {
  webhookCreateSchema,
  webhookDeliveryPageSchema,
  webhookDeliveryQuerySchema,
  webhookDeliverySchema,
  webhookEndpointPageSchema,
  webhookEndpointQuerySchema,
  webhookEndpointSchema,
  webhookSecretReplySchema,
  webhookUpdateSchema,
} from "../../../shared/schemas/webhooks";
import { companyUser, staffOnly } from "../../auth/guards";
import { apiErrorSchema, errorReplies } from "../../http/openapi";
import { listDeliveries, resendDelivery } from "./deliveries";
import {
  createEndpoint,
  deleteEndpoint,
  endpointAuditFields,
  listEndpoints,
  rotateEndpointSecret,
  updateEndpoint,
} from "./endpoints";

const idParams = z.object({ id: z.string().max(64) });
const snapshot = async (db: Parameters<typeof endpointAuditFields>[0], params: Record<string, string>) =>
  endpointAuditFields(db, params.id ?? "");

export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  await app.register(async (scope) => {
    const company = scope.withTypeProvider<ZodTypeProvider>();
    staffOnly(company, "integrations");

    company.get(
      "/api/company/webhooks",
      {
        schema: {
          tags: ["company", "webhooks"],
          summary: "The outgoing webhook endpoints, newest first (never their secrets)",
          querystring: webhookEndpointQuerySchema,
          response: { 200: webhookEndpointPageSchema, ...errorReplies },
        },
      },
      async (request) => listEndpoints(ctx.db, { paging: request.query }),
    );

    company.post(
      "/api/company/webhooks",
      {
        config: { audit: { action: "webhook.created" } },
        schema: {
          tags: ["company", "webhooks"],
          summary:
            "Add an endpoint (https only; http and private addresses only for WEBHOOK_ALLOWED_HOSTS); answers its signing secret once (null for Slack)",
          body: webhookCreateSchema,
          response: { 201: webhookSecretReplySchema, ...errorReplies },
        },
      },
      async (request, reply) => {
        const created = await createEndpoint(ctx.db, {
          input: request.body,
          userId: companyUser(request).id,
          config: ctx.config,
        });
        return reply.status(201).send(created);
      },
    );

    company.patch(
      "/api/company/webhooks/:id",
      {
        config: { audit: { action: "webhook.updated", snapshot } },
        schema: {
          tags: ["company", "webhooks"],
          summary:
            "Change an endpoint's description or events, or pause and resume it (resuming sends its queued events in order)",
          params: idParams,
          body: webhookUpdateSchema,
          response: { 200: webhookEndpointSchema, ...errorReplies },
        },
      },
      async (request) => updateEndpoint(ctx.db, { id: request.params.id, input: request.body }),
    );

    company.post(
      "/api/company/webhooks/:id/rotate-secret",
      {
        config: { audit: { action: "webhook.secret_rotated", snapshot } },
        schema: {
          tags: ["company", "webhooks"],
          summary: "Replace an endpoint's signing secret; answers the new one once (the old one stops signing at once)",
          params: idParams,
          response: { 200: webhookSecretReplySchema, ...errorReplies },
        },
      },
      async (request) => rotateEndpointSecret(ctx.db, { id: request.params.id, config: ctx.config }),
    );

    company.delete(
      "/api/company/webhooks/:id",
      {
        config: { audit: { action: "webhook.deleted", snapshot } },
        schema: {
          tags: ["company", "webhooks"],
          summary: "Delete an endpoint with its queue and delivery log",
          params: idParams,
          response: { 200: successReplySchema, ...errorReplies },
        },
      },
      async (request) => {
        await deleteEndpoint(ctx.db, { id: request.params.id });
        return { success: true, message: "The endpoint was deleted." };
      },
    );

    company.get(
      "/api/company/webhooks/:id/deliveries",
      {
        schema: {
          tags: ["company", "webhooks"],
          summary:
            "An endpoint's delivery log, newest first: each delivery's status and its latest attempts (status, time, the answer's first 1 KB)",
          params: idParams,
          querystring: webhookDeliveryQuerySchema,
          response: { 200: webhookDeliveryPageSchema, ...errorReplies },
        },
      },
      async (request) => listDeliveries(ctx.db, { endpointId: request.params.id, paging: request.query }),
    );

    company.post(
      "/api/company/webhooks/deliveries/:id/resend",
      {
        config: { audit: { action: "webhook.resent" } },
        schema: {
          tags: ["company", "webhooks"],
          summary: "Send a delivery again (same webhook-id, a fresh day of retries); 409 while its endpoint is paused",
          params: idParams,
          response: { 200: webhookDeliverySchema, ...errorReplies, 409: apiErrorSchema },
        },
      },
      async (request) => {
        const delivery = await resendDelivery(ctx.db, { id: request.params.id });
        app.webhookWorker.kick();
        return delivery;
      },
    );
  });
};
