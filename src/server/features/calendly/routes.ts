// GET /api/calendly/test-connection and /api/calendly/upcoming-meetings (company only). Failures answer 200 with
// success false and a reason the admin console shows under 'Calendly Connection Failed'; never a 5xx.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { calendlyTestSchema, calendlyUpcomingSchema } from "../../../shared/schemas/calendly";
import { requireCompany } from "../../auth/guards";
import { errorReplies } from "../../http/openapi";
import { CalendlyError, createCalendlyClient } from "./calendly-client";

function failure(error: unknown): { configured: boolean; error: string; retryAfterSeconds?: number } {
  if (error instanceof CalendlyError) {
    return {
      configured: error.kind !== "not_configured",
      error: error.message,
      ...(error.retryAfterSeconds !== undefined ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
    };
  }
  throw error;
}

export const calendlyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { calendly } = app.ctx.config;
  const client = createCalendlyClient({ token: calendly.token, apiUrl: calendly.apiUrl });

  app.get(
    "/api/calendly/test-connection",
    {
      schema: {
        tags: ["calendly", "company"],
        summary: "Check the Calendly token: answers the Calendly user, or success false with the reason",
        response: { 200: calendlyTestSchema, ...errorReplies },
      },
    },
    async (request) => {
      await requireCompany(request);
      try {
        return { success: true, configured: true, user: await client.me() };
      } catch (error) {
        request.log.warn({ kind: error instanceof CalendlyError ? error.kind : "error" }, "Calendly connection test failed");
        return { success: false, ...failure(error) };
      }
    },
  );

  app.get(
    "/api/calendly/upcoming-meetings",
    {
      schema: {
        tags: ["calendly", "company"],
        summary: "The organization's upcoming Calendly meetings with their invitees, earliest first (cached 1 minute)",
        response: { 200: calendlyUpcomingSchema, ...errorReplies },
      },
    },
    async (request) => {
      await requireCompany(request);
      try {
        const { meetings, fetchedAt } = await client.upcomingMeetings();
        return { success: true, configured: true, meetings, fetchedAt: fetchedAt.toISOString() };
      } catch (error) {
        request.log.warn({ kind: error instanceof CalendlyError ? error.kind : "error" }, "Calendly upcoming meetings failed");
        return { success: false, meetings: [], ...failure(error) };
      }
    },
  );
};
