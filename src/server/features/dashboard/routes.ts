// The dashboard's own reads: GET /api/dashboard/activity (Recent Activity, the caller's timeline, newest first) and
// GET /api/projects/{id}/documents (Project Documents with their real sizes and dates).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { activityItemSchema } from "../../../shared/schemas/activity";
import { projectDocumentSchema } from "../../../shared/schemas/project-documents";
import { requireUser } from "../../auth/guards";
import { errorReplies } from "../../http/openapi";
import { requireProjectAccess } from "../projects";
import { listProjectDocuments } from "./list-project-documents";
import { activityRead, DEFAULT_ACTIVITY_LIMIT } from "./reads";

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    "/api/dashboard/activity",
    {
      schema: {
        tags: ["dashboard"],
        summary: "Recent activity on the caller's timeline, newest first",
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(50).default(DEFAULT_ACTIVITY_LIMIT) }),
        response: { 200: z.array(activityItemSchema), ...errorReplies },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const { limit } = request.query;
      return activityRead.get(ctx, { userId: user.id, limit });
    },
  );

  app.get(
    "/api/projects/:id/documents",
    {
      schema: {
        tags: ["dashboard"],
        summary: "The project's documents (signed NDA, brief, BRD, invoices) with their real sizes and dates",
        params: z.object({ id: z.string().max(64) }),
        response: { 200: z.array(projectDocumentSchema), ...errorReplies },
      },
    },
    async (request) => listProjectDocuments(ctx, await requireProjectAccess(request, request.params.id, "view")),
  );
};
