// Projects: GET/POST /api/projects, DELETE /api/projects/{id} (an empty project, by its owner), plus the per-project routes of requirements, the brief and the team.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { DEFAULT_NEW_PROJECT } from "../../../shared/constants/packages";
import { newProjectSchema, projectPageSchema, projectSchema, projectsQuerySchema } from "../../../shared/schemas/project";
import { successReplySchema } from "../../../shared/schemas/replies";
import { requireCustomer, requireUser } from "../../auth/guards";
import { forbidden } from "../../errors";
import { apiErrorSchema, errorReplies } from "../../http/openapi";
import { readAdvancePercent } from "../legal";
import { requireProjectAccess } from "./access";
import { createCustomerProject } from "./create-customer-project";
import { deleteEmptyProject } from "./delete-project";
import { withCardPayments, withoutEndedPrototypes, withPaymentSchedule } from "./project-dto";
import { cachedProjectPageFor } from "./reads";
import { requirementsRoutes } from "./requirements/routes";
import { teamRoutes } from "./team/routes";

export const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    "/api/projects",
    {
      schema: {
        tags: ["projects"],
        summary:
          "The caller's own projects, then those they are a member of, paged; the first of page 1 is the current one (a company admin: every project, newest first)",
        querystring: projectsQuerySchema,
        response: { 200: projectPageSchema, ...errorReplies },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const [page, advancePercent] = await Promise.all([
        cachedProjectPageFor(ctx, { user, paging: request.query }),
        readAdvancePercent(ctx.db),
      ]);
      const items = withPaymentSchedule(withoutEndedPrototypes(page.items), advancePercent);
      return { ...page, items: withCardPayments(items, ctx.config.stripe !== null) };
    },
  );

  app.post(
    "/api/projects",
    {
      config: { audit: { action: "project.created" } },
      schema: {
        tags: ["projects"],
        summary: "Create a project (New Project); the server sets the code, the status and the user limit",
        body: newProjectSchema,
        response: { 201: projectSchema, ...errorReplies },
      },
    },
    async (request, reply) => {
      const user = await requireCustomer(request);
      // Read before the write: once the project is created, nothing may fail and answer an error for a saved project.
      const advancePercent = await readAdvancePercent(ctx.db);
      const created = await createCustomerProject(ctx.db, {
        owner: user,
        input: {
          packageType: request.body.packageType ?? DEFAULT_NEW_PROJECT.packageType,
          budgetRange: request.body.budgetRange ?? DEFAULT_NEW_PROJECT.budgetRange,
          timeline: request.body.timeline ?? DEFAULT_NEW_PROJECT.timeline,
        },
      });
      const [withSchedule] = withPaymentSchedule([created], advancePercent);
      return reply.status(201).send({ ...(withSchedule ?? created), cardPaymentsEnabled: ctx.config.stripe !== null });
    },
  );

  app.delete(
    "/api/projects/:id",
    {
      // Only the owner may delete (a company admin gets 403), so no company change is ever audited here; the use
      // case records the deletion on the owner's timeline.
      config: { audit: false },
      schema: {
        tags: ["projects"],
        summary: "Delete an empty project (no answers, payments, documents, members, feedback, messages or meetings); owner only",
        params: z.object({ id: z.string().max(64) }),
        response: { 200: successReplySchema, ...errorReplies, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const access = await requireProjectAccess(request, { projectId: request.params.id, need: "view" });
      if (access.accessLevel !== "owner") throw forbidden("Only the project's owner can delete it.");
      await deleteEmptyProject(ctx.db, access);
      return { success: true, message: `${access.project.projectCode} was deleted.` };
    },
  );

  await app.register(requirementsRoutes);
  await app.register(teamRoutes);
};
