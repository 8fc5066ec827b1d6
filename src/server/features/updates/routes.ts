// Progress updates: the company posts one (POST /api/company/projects/{id}/updates, JSON or multipart with up to four
// images) and drafts one from the project's activity; everyone who may view the project reads them, newest first
// (GET /api/projects/{id}/updates). Registered on its own: multipart bodies are accepted here alone, with these limits.
import { desc, eq } from "drizzle-orm";
import type { FastifyError } from "fastify";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { MAX_SCREENSHOT_BYTES } from "../../../shared/constants/files";
import { isUuid } from "../../../shared/domain/ids";
import {
  postUpdateSchema,
  projectUpdateSchema,
  UPDATE_IMAGES_MAX,
  UPDATE_MESSAGES,
  UPDATE_SUMMARY_MAX,
  updateDraftSchema,
  updatePageSchema,
  updatesQuerySchema,
} from "../../../shared/schemas/updates";
import { companyOnly, companyUser } from "../../auth/guards";
import type { Database } from "../../db/client";
import { projects, projectUpdates } from "../../db/schema";
import { AppError, badRequest, notFound, unsupportedMediaType } from "../../errors";
import type { AuditSnapshot } from "../../http/company-audit";
import { acceptMultipart, readMultipartFiles, type Upload } from "../../http/multipart";
import { apiErrorSchema, errorReplies } from "../../http/openapi";
import { parseFields } from "../feedback";
import { fileTooLarge } from "../files";
import { PROJECT_NOT_FOUND, requireProjectAccess } from "../projects";
import { draftUpdate } from "./draft-update";
import { listUpdates } from "./list-updates";
import { postUpdate } from "./post-update";

const params = z.object({ id: z.string().max(64) });
const BODY_DESCRIPTION =
  "JSON { summary, health, nextSteps? }, or multipart/form-data with the same fields and up to " +
  `${UPDATE_IMAGES_MAX} images as file parts named \`images\` (PNG, JPEG, WebP or GIF by content, 5 MB each).`;

/** The audit entry of a post: the project's last update time and that update's health. */
async function updateSnapshot(db: Database, p: Record<string, string>): Promise<AuditSnapshot | null> {
  if (!isUuid(p.id ?? "")) return null;
  const [project] = await db
    .select({ lastUpdateAt: projects.lastUpdateAt })
    .from(projects)
    .where(eq(projects.id, p.id ?? ""));
  if (!project) return null;
  const [latest] = await db
    .select({ health: projectUpdates.health })
    .from(projectUpdates)
    .where(eq(projectUpdates.projectId, p.id ?? ""))
    .orderBy(desc(projectUpdates.createdAt))
    .limit(1);
  return { projectId: p.id ?? null, fields: { lastUpdateAt: project.lastUpdateAt, updateHealth: latest?.health ?? null } };
}

async function readUpdateBody(request: Parameters<typeof readMultipartFiles>[0]) {
  if (request.isMultipart()) {
    const { fields, files } = await readMultipartFiles(request, {
      fileField: "images",
      maxFiles: UPDATE_IMAGES_MAX,
      tooMany: () => badRequest(UPDATE_MESSAGES.tooManyImages, { images: UPDATE_MESSAGES.tooManyImages }),
      tooLarge: () => fileTooLarge("update_image"),
      notMultipart: () => unsupportedMediaType(),
    });
    return { fields: fields as Record<string, unknown>, images: files };
  }
  const body = request.body;
  if (body === null || typeof body !== "object" || Array.isArray(body)) throw badRequest("Invalid request body");
  return { fields: body as Record<string, unknown>, images: [] as Upload[] };
}

export const updateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    "/api/projects/:id/updates",
    {
      schema: {
        tags: ["projects"],
        summary: "The project's progress updates (summary, health, next steps, images, author), newest first, paged",
        params,
        querystring: updatesQuerySchema,
        response: { 200: updatePageSchema, ...errorReplies },
      },
    },
    async (request) => {
      const access = await requireProjectAccess(request, { projectId: request.params.id, need: "view" });
      return listUpdates(ctx.db, { projectId: access.project.id, paging: request.query });
    },
  );

  await app.register(async (scope) => {
    const company = scope.withTypeProvider<ZodTypeProvider>();
    companyOnly(company);
    await acceptMultipart(scope, {
      fileSize: MAX_SCREENSHOT_BYTES,
      files: UPDATE_IMAGES_MAX + 1,
      fields: 3,
      fieldSize: UPDATE_SUMMARY_MAX * 4 + 1024,
    });
    // An image over the limit, however it was sent, is the image-too-large message on the images field.
    scope.setErrorHandler((error: FastifyError) => {
      if (!(error instanceof AppError) && error.statusCode === 413) throw fileTooLarge("update_image");
      throw error;
    });

    company.post(
      "/api/company/projects/:id/updates",
      {
        config: { audit: { action: "project.update_posted", snapshot: updateSnapshot } },
        schema: {
          tags: ["company"],
          summary:
            "Post a progress update (summary, health, optional next steps, up to 4 images): shown on the customer's dashboard, live, and emailed to the owner and members by their choices",
          description: BODY_DESCRIPTION,
          consumes: ["application/json", "multipart/form-data"],
          params,
          response: { 201: projectUpdateSchema, ...errorReplies, 413: apiErrorSchema, 415: apiErrorSchema },
        },
      },
      async (request, reply) => {
        if (!isUuid(request.params.id)) throw notFound(PROJECT_NOT_FOUND);
        const raw = await readUpdateBody(request);
        const body = parseFields(postUpdateSchema, raw.fields);
        const update = await postUpdate(ctx, {
          admin: companyUser(request),
          projectId: request.params.id,
          input: { body, images: raw.images },
        });
        return reply.status(201).send(update);
      },
    );

    company.get(
      "/api/company/projects/:id/updates/draft",
      {
        schema: {
          tags: ["company"],
          summary:
            "A progress update's draft summary from the project's activity since its last update (versions, feedback answered, messages); nothing is stored",
          params,
          response: { 200: updateDraftSchema, ...errorReplies },
        },
      },
      async (request) => {
        if (!isUuid(request.params.id)) throw notFound(PROJECT_NOT_FOUND);
        return draftUpdate(ctx.db, request.params.id);
      },
    );
  });
};
