// Payments: the customer's checkout for a phase, and Stripe's webhook (raw body, its own size limit).
import type { FastifyPluginAsync } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { PAYMENT_PHASES } from "../../../shared/domain/payments";
import { requireUser } from "../../auth/guards";
import { sendDocument } from "../../documents/deliver";
import { limitCustomerWrite } from "../../http/customer-write-limits";
import { apiErrorSchema, errorReplies } from "../../http/openapi";
import { requireProjectAccess } from "../projects";
import { startCheckout } from "./checkout";
import { paymentReceipt } from "./receipt";
import { receiveStripeWebhook, WEBHOOK_BODY_LIMIT } from "./webhook";

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    "/api/projects/:id/payments/:phase/checkout",
    {
      // Company users get 403 (only the owner or a team admin pays), so nothing of theirs is audited here.
      config: { audit: false },
      schema: {
        tags: ["payments"],
        summary: "Start a Stripe Checkout for a payment phase (owner or admin-level member); answers the page to pay on",
        params: z.object({ id: z.string().max(64), phase: z.enum(PAYMENT_PHASES) }),
        response: { 200: z.object({ url: z.string() }), ...errorReplies, 409: apiErrorSchema, 502: apiErrorSchema },
      },
    },
    async (request) => {
      const access = await requireProjectAccess(request, { projectId: request.params.id, need: "view" });
      await limitCustomerWrite(ctx.db, access.user, "checkout");
      return startCheckout(ctx, { access, phase: request.params.phase, log: request.log });
    },
  );

  app.get(
    "/api/projects/:id/payments/:phase/receipt",
    {
      // Signed in first: a visitor is told 401 whatever the path says, before its parameters are read.
      onRequest: async (request) => {
        await requireUser(request);
      },
      schema: {
        tags: ["payments"],
        summary: "A paid phase's receipt: a PDF sealed by the portal (owner, admin-level members, the company)",
        params: z.object({ id: z.string().max(64), phase: z.enum(PAYMENT_PHASES) }),
        produces: ["application/pdf"],
      },
    },
    async (request, reply) => {
      const access = await requireProjectAccess(request, { projectId: request.params.id, need: "view" });
      const receipt = await paymentReceipt(ctx, { access, phase: request.params.phase });
      return sendDocument(reply, receipt, { disposition: "attachment" });
    },
  );

  await app.register(stripeWebhookRoute);
};

/** Its own plugin: JSON (or anything) arrives as the raw bytes Stripe signed, at most 1 MB. */
const stripeWebhookRoute: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
  app.post(
    "/api/webhooks/stripe",
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      config: { audit: false },
      schema: {
        tags: ["payments"],
        summary: "Stripe's webhook (checkout sessions, refunds), verified by its Stripe-Signature",
        response: { 200: z.object({ received: z.literal(true), outcome: z.string() }), ...errorReplies, 413: apiErrorSchema },
      },
    },
    async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers["stripe-signature"];
      return receiveStripeWebhook(ctx, {
        log: request.log,
        body,
        signature: typeof signature === "string" ? signature : undefined,
      });
    },
  );
};
