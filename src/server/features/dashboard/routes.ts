// GET /api/dashboard/activity: the dashboard's Recent Activity, the customer's own timeline, newest first.
import { desc, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { activityItemSchema } from "../../../shared/schemas/activity";
import { requireUser } from "../../auth/guards";
import { activityEvents } from "../../db/schema";
import { errorReplies } from "../../http/openapi";

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    "/api/dashboard/activity",
    {
      schema: {
        tags: ["dashboard"],
        summary: "Recent activity on the caller's timeline, newest first",
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(50).default(8) }),
        response: { 200: z.array(activityItemSchema), ...errorReplies },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const rows = await ctx.db
        .select()
        .from(activityEvents)
        .where(eq(activityEvents.userId, user.id))
        .orderBy(desc(activityEvents.createdAt))
        .limit(request.query.limit);
      return rows.map((row) => ({
        id: row.id,
        type: row.type,
        title: row.title,
        description: row.description,
        createdAt: row.createdAt.toISOString(),
      }));
    },
  );
};
