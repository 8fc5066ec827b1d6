// Projects: GET/POST /api/projects, plus the per-project routes of requirements, the brief and the team.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { DEFAULT_NEW_PROJECT } from "../../../shared/constants/packages";
import { newProjectSchema, projectSchema } from "../../../shared/schemas/project";
import { requireCustomer, requireUser } from "../../auth/guards";
import { errorReplies } from "../../http/openapi";
import { createCustomerProject } from "./create-customer-project";
import { cachedProjectListFor } from "./list-projects";
import { requirementsRoutes } from "./requirements/routes";
import { teamRoutes } from "./team/routes";

export const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    "/api/projects",
    {
      schema: {
        tags: ["projects"],
        summary: "The caller's own projects, then those they are a member of; the first is the current one",
        response: { 200: z.array(projectSchema), ...errorReplies },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return cachedProjectListFor(ctx, user);
    },
  );

  app.post(
    "/api/projects",
    {
      schema: {
        tags: ["projects"],
        summary: "Create a project (New Project); the server sets the code, the status and the user limit",
        body: newProjectSchema,
        response: { 201: projectSchema, ...errorReplies },
      },
    },
    async (request, reply) => {
      const user = await requireCustomer(request);
      const created = await createCustomerProject(ctx.db, user, {
        packageType: request.body.packageType ?? DEFAULT_NEW_PROJECT.packageType,
        budgetRange: request.body.budgetRange ?? DEFAULT_NEW_PROJECT.budgetRange,
        timeline: request.body.timeline ?? DEFAULT_NEW_PROJECT.timeline,
      });
      return reply.status(201).send(created);
    },
  );

  await app.register(requirementsRoutes);
  await app.register(teamRoutes);
};
