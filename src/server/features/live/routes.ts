// GET /api/events: the live-updates stream (Server-Sent Events) of a signed-in tab; see live/hub.ts.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser } from "../../auth/guards";
import { sessionToken } from "../../auth/sessions";
import { errorReplies } from "../../http/openapi";

export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/events",
    {
      schema: {
        tags: ["live"],
        summary: "Server-Sent Events: 'change' events name what changed (communication, meeting-request, notification)",
        response: { ...errorReplies },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      app.live.open(request, reply, user, sessionToken(request, app.ctx.config) ?? "");
      return reply;
    },
  );
};
