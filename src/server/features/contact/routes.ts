import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { contactRequestSchema } from "../../../shared/schemas/contact";
import { errorReplies } from "../../http/openapi";
import { submitContactInquiry } from "./submit-contact-inquiry";

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    "/api/contact",
    {
      config: { audit: { action: "inquiry.created" } },
      schema: {
        tags: ["contact"],
        summary: "Send the 'Send Us a Message' card or the Contact page's project inquiry",
        description:
          "Short form: name, email, mobile, country, remarks. Long form: name, email, company, phone, projectType, budget, " +
          "timeline, message. Stored, then emailed to the company inbox with a confirmation to the sender.",
        body: contactRequestSchema,
        response: { 200: z.object({ success: z.literal(true), message: z.string() }), ...errorReplies },
      },
    },
    async (request) => {
      const outcome = await submitContactInquiry(ctx, { request: request.body, ip: request.ip });
      if (outcome.stored) request.log.info({ ip: request.ip }, "contact inquiry received");
      else if (outcome.duplicate) request.log.info({ ip: request.ip }, "contact inquiry sent twice: kept the first");
      else request.log.warn({ ip: request.ip }, "contact honeypot filled: dropped");
      return { success: true as const, message: "Message sent successfully!" };
    },
  );
};
