// The project team: /api/projects/{id}/users (polled every 5 s by User Management).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { successReplySchema } from "../../../../shared/schemas/replies";
import { addProjectUserSchema, projectUserSchema, TEAM_MESSAGES } from "../../../../shared/schemas/team";
import { auditSnapshots } from "../../../http/company-audit";
import { apiErrorSchema, errorReplies } from "../../../http/openapi";
import { requireProjectAccess } from "../access";
import { requireInvitationsOpen } from "../access-expiry/gates";
import { addMember } from "./add-member";
import { leaveProject } from "./leave-project";
import { listMembers } from "./list-members";
import { removeMember } from "./remove-member";

const params = z.object({ id: z.string().max(64) });

export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    "/api/projects/:id/users",
    {
      schema: {
        tags: ["team"],
        summary: "The project's authorized users",
        params,
        response: { 200: z.array(projectUserSchema), ...errorReplies },
      },
    },
    async (request) => {
      const access = await requireProjectAccess(request, { projectId: request.params.id, need: "view" });
      return listMembers(ctx.db, access.project.id);
    },
  );

  app.post(
    "/api/projects/:id/users",
    {
      config: { audit: { action: "member.added", snapshot: auditSnapshots.projectMembers } },
      schema: {
        tags: ["team"],
        summary:
          "Add a user (from testing onward: 409 TEAM_NOT_OPEN before; 403 ACCESS_EXPIRED after the access expiry date; 409 when no seat is left); the user is emailed an invitation",
        params,
        body: addProjectUserSchema,
        response: { 201: projectUserSchema, ...errorReplies, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const access = await requireProjectAccess(request, { projectId: request.params.id, need: "edit" });
      requireInvitationsOpen(access);
      return reply.status(201).send(await addMember(ctx, { access, input: request.body }));
    },
  );

  app.delete(
    "/api/projects/:id/users/:userId",
    {
      config: {
        audit: { action: "member.removed", snapshot: auditSnapshots.projectMembers },
        notFoundMessage: TEAM_MESSAGES.notFound,
      },
      schema: {
        tags: ["team"],
        summary: "Remove a user; their access ends at once",
        params: z.object({ id: z.string().max(64), userId: z.string().max(64) }),
        response: { 200: successReplySchema, ...errorReplies },
      },
    },
    async (request) => {
      const access = await requireProjectAccess(request, { projectId: request.params.id, need: "edit" });
      return removeMember(ctx.db, { access, memberId: request.params.userId });
    },
  );

  app.delete(
    "/api/projects/:id/membership",
    {
      config: { audit: { action: "member.left" } },
      schema: {
        tags: ["team"],
        summary: "The caller leaves a project they were invited to; their access ends at once",
        params,
        response: { 200: successReplySchema, ...errorReplies, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const access = await requireProjectAccess(request, { projectId: request.params.id, need: "view" });
      return leaveProject(ctx.db, access);
    },
  );
};
