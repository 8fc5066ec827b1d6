import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { DEFAULT_NEW_PROJECT } from "../../../shared/constants/packages";
import { newProjectSchema, projectSchema } from "../../../shared/schemas/project";
import { requireCustomer } from "../../auth/guards";
import { errorReplies } from "../../http/openapi";
import { createProject } from "./create-project";
import { listOwnProjects } from "./list-projects";
import { toProjectDto } from "./project-dto";

export const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    "/api/projects",
    {
      schema: {
        tags: ["projects"],
        summary: "The caller's projects; the first is the current one",
        response: { 200: z.array(projectSchema), ...errorReplies },
      },
    },
    async (request) => {
      const user = await requireCustomer(request);
      return listOwnProjects(ctx.db, user.id);
    },
  );

  app.post(
    "/api/projects",
    {
      schema: {
        tags: ["projects"],
        summary: "Create a project (New Project)",
        body: newProjectSchema,
        response: { 201: projectSchema, ...errorReplies },
      },
    },
    async (request, reply) => {
      const user = await requireCustomer(request);
      const created = await createProject(ctx.db, {
        ownerId: user.id,
        packageType: request.body.packageType ?? DEFAULT_NEW_PROJECT.packageType,
        budgetRange: request.body.budgetRange ?? DEFAULT_NEW_PROJECT.budgetRange,
        timeline: request.body.timeline ?? DEFAULT_NEW_PROJECT.timeline,
      });
      return reply.status(201).send(toProjectDto(created, { authorizedUsersCount: 0, customerName: null, accessLevel: "owner" }));
    },
  );
};
