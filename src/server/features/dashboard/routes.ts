// The dashboard's own reads: GET /api/dashboard/activity (Recent Activity, the caller's timeline, newest first) and
// GET /api/projects/{id}/documents (Project Documents with their real sizes and dates).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { activityPageSchema, activityQuerySchema } from "../../../shared/schemas/activity";
import { projectDocumentSchema } from "../../../shared/schemas/project-documents";
import { requireUser } from "../../auth/guards";
import { errorReplies } from "../../http/openapi";
import { requireProjectAccess } from "../projects";
import { listProjectDocuments } from "./list-project-documents";
import { activityRead } from "./reads";

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    "/api/dashboard/activity",
    {
      schema: {
        tags: ["dashboard"],
        summary: "Activity on the caller's timeline, newest first, paged (Recent Activity shows the first page)",
        querystring: activityQuerySchema,
        response: { 200: activityPageSchema, ...errorReplies },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const { page, pageSize } = request.query;
      return activityRead.get(ctx, { userId: user.id, page, pageSize });
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
    async (request) =>
      listProjectDocuments(ctx, await requireProjectAccess(request, { projectId: request.params.id, need: "view" })),
  );
};
