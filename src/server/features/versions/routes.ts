// Prototype versions: the company publishes (POST /api/company/projects/{id}/versions); everyone who may view the
// project reads the history (GET /api/projects/{id}/versions), newest first.

import { eq, max } from "drizzle-orm";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { prototypeClosedTo } from "../../../shared/domain/access-expiry";
import { isUuid } from "../../../shared/domain/ids";
import {
  projectVersionSchema,
  publishVersionSchema,
  versionPageSchema,
  versionsQuerySchema,
} from "../../../shared/schemas/versions";
import { companyOnly, companyUser } from "../../auth/guards";
import type { Database } from "../../db/client";
import { projects, projectVersions } from "../../db/schema";
import { notFound } from "../../errors";
import type { AuditSnapshot } from "../../http/company-audit";
import { apiErrorSchema, errorReplies } from "../../http/openapi";
import { PROJECT_NOT_FOUND, requireProjectAccess, startDeliveryClockByHand } from "../projects";
import { listVersions, publishVersion } from "./publish-version";

const params = z.object({ id: z.string().max(64) });
const deliveryClockSchema = z.object({
  deliveryStartedAt: z.string().nullable(),
  deliveryDueAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});

async function clockSnapshot(db: Database, p: Record<string, string>): Promise<AuditSnapshot | null> {
  if (!isUuid(p.id ?? "")) return null;
  const [row] = await db
    .select({ deliveryStartedAt: projects.deliveryStartedAt, deliveryDueAt: projects.deliveryDueAt })
    .from(projects)
    .where(eq(projects.id, p.id ?? ""));
  return row ? { projectId: p.id ?? null, fields: row } : null;
}

/** The audit entry of a publish: the latest version, the viewer's URL, the round count, the status, the clock. */
async function versionSnapshot(db: Database, p: Record<string, string>): Promise<AuditSnapshot | null> {
  if (!isUuid(p.id ?? "")) return null;
  const [row] = await db
    .select({
      latestVersion: max(projectVersions.number),
      prototypeUrl: projects.prototypeUrl,
      iterationsUsed: projects.iterationsUsed,
      status: projects.status,
      deliveredAt: projects.deliveredAt,
    })
    .from(projects)
    .leftJoin(projectVersions, eq(projectVersions.projectId, projects.id))
    .where(eq(projects.id, p.id ?? ""))
    .groupBy(projects.id);
  return row ? { projectId: p.id ?? null, fields: row } : null;
}

export const versionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    "/api/projects/:id/versions",
    {
      schema: {
        tags: ["feedback"],
        summary: "The project's published prototype versions with their release notes, newest first, paged",
        params,
        querystring: versionsQuerySchema,
        response: { 200: versionPageSchema, ...errorReplies },
      },
    },
    async (request) => {
      const access = await requireProjectAccess(request, { projectId: request.params.id, need: "view" });
      const page = await listVersions(ctx.db, { projectId: access.project.id, paging: request.query });
      if (!prototypeClosedTo({ ...access.project, accessLevel: access.accessLevel }, new Date())) return page;
      return { ...page, items: page.items.map((version) => ({ ...version, url: null })) };
    },
  );

  await app.register(async (scope) => {
    const company = scope.withTypeProvider<ZodTypeProvider>();
    companyOnly(company);
    company.post(
      "/api/company/projects/:id/versions",
      {
        config: { audit: { action: "project.version_published", snapshot: versionSnapshot } },
        schema: {
          tags: ["company"],
          summary:
            "Publish a prototype version (https URL, release notes): the first is the delivery, each later one ends the feedback round; 409 past the iteration limit",
          params,
          body: publishVersionSchema,
          response: { 201: projectVersionSchema, ...errorReplies, 409: apiErrorSchema },
        },
      },
      async (request, reply) => {
        if (!isUuid(request.params.id)) throw notFound(PROJECT_NOT_FOUND);
        const version = await publishVersion(ctx, {
          admin: companyUser(request),
          projectId: request.params.id,
          input: request.body,
        });
        return reply.status(201).send(version);
      },
    );

    company.post(
      "/api/company/projects/:id/delivery-clock/start",
      {
        config: { audit: { action: "project.delivery_clock_started", snapshot: clockSnapshot } },
        schema: {
          tags: ["company"],
          summary: "Start the delivery clock by hand (it otherwise starts once the brief is confirmed and the advance received)",
          params,
          response: { 200: deliveryClockSchema, ...errorReplies, 409: apiErrorSchema },
        },
      },
      async (request) => {
        if (!isUuid(request.params.id)) throw notFound(PROJECT_NOT_FOUND);
        return startDeliveryClockByHand(ctx.db, { projectId: request.params.id });
      },
    );
  });
};
