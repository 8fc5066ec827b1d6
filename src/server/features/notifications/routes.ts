// The top bar's notification bell: the paged list with the unread count, mark one or all read.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { isUuid } from "../../../shared/domain/ids";
import { markReadReplySchema, notificationPageSchema, notificationsQuerySchema } from "../../../shared/schemas/activity";
import { requireUser } from "../../auth/guards";
import { notFound } from "../../errors";
import { errorReplies } from "../../http/openapi";
import { markNotificationsRead } from "./notifications";
import { notificationsRead } from "./reads";

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    "/api/notifications",
    {
      schema: {
        tags: ["notifications"],
        summary: "The caller's notifications, newest first, paged, with the unread count",
        querystring: notificationsQuerySchema,
        response: { 200: notificationPageSchema, ...errorReplies },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const { page, pageSize } = request.query;
      return notificationsRead.get(ctx, { userId: user.id, role: user.role, page, pageSize });
    },
  );

  app.post(
    "/api/notifications/read-all",
    {
      // A read marker: the caller's own state, not a change to audit.
      config: { audit: false },
      schema: {
        tags: ["notifications"],
        summary: "Mark every notification read",
        response: { 200: markReadReplySchema, ...errorReplies },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return { success: true, updated: await markNotificationsRead(ctx.db, { user }) };
    },
  );

  app.post(
    "/api/notifications/:id/read",
    {
      // A read marker: the caller's own state, not a change to audit.
      config: { audit: false },
      schema: {
        tags: ["notifications"],
        summary: "Mark one notification read",
        params: z.object({ id: z.string().max(64) }),
        response: { 200: markReadReplySchema, ...errorReplies },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      if (!isUuid(request.params.id)) throw notFound("Notification not found");
      return { success: true, updated: await markNotificationsRead(ctx.db, { user, id: request.params.id }) };
    },
  );
};
