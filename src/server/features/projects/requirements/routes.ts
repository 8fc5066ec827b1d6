// Requirements, the brief and its PDF: /api/projects/{id}/requirements[...] and /api/projects/{id}/brief.pdf.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { generateBriefBodySchema, requirementsSchema, saveRequirementsBodySchema } from "../../../../shared/schemas/requirements";
import { consumeRateLimits } from "../../../auth/rate-limit";
import { sendDocument } from "../../../documents/deliver";
import { limitCustomerWrite } from "../../../http/customer-write-limits";
import { apiErrorSchema, errorReplies } from "../../../http/openapi";
import { requireProjectAccess } from "../access";
import { downloadBrief } from "./download-brief";
import { generateBrief } from "./generate-brief";
import { requirementsRead } from "./reads";
import { saveRequirements } from "./save-requirements";

/** Brief PDFs per user in 10 minutes, like the NDA's (a repeat is served from the render cache, but still counted). */
const PDF_LIMIT = { max: 60, windowSeconds: 10 * 60 };
const PDF_THROTTLED = "Too many document requests. Please try again in a few minutes.";

const params = z.object({ id: z.string().max(64) });
const replies = { ...errorReplies, 409: apiErrorSchema, 502: apiErrorSchema };

export const requirementsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    "/api/projects/:id/requirements",
    {
      schema: {
        tags: ["requirements"],
        summary: "The questionnaire answers and the brief (null before the first save)",
        params,
        response: { 200: requirementsSchema.nullable(), ...errorReplies },
      },
    },
    async (request) => {
      const { project, user } = await requireProjectAccess(request, { projectId: request.params.id, need: "view" });
      return requirementsRead.get(ctx, { projectId: project.id }, { owner: user.id });
    },
  );

  app.post(
    "/api/projects/:id/requirements",
    {
      config: { audit: { action: "requirements.saved" } },
      schema: {
        tags: ["requirements"],
        summary: "Save the questionnaire, or edit / confirm the brief (a confirmed brief is locked)",
        params,
        body: saveRequirementsBodySchema,
        response: { 200: requirementsSchema, ...replies },
      },
    },
    async (request) => {
      const access = await requireProjectAccess(request, { projectId: request.params.id, need: "edit" });
      await limitCustomerWrite(ctx.db, access.user, "requirements");
      return saveRequirements(ctx.db, { access, body: request.body });
    },
  );

  app.post(
    "/api/projects/:id/requirements/generate",
    {
      config: { audit: { action: "requirements.brief_generated" } },
      schema: {
        tags: ["requirements"],
        summary: "Write the brief from the saved answers (AI service when configured, else the built-in composer)",
        params,
        body: generateBriefBodySchema,
        response: { 200: requirementsSchema, ...replies },
      },
    },
    async (request) => {
      const access = await requireProjectAccess(request, { projectId: request.params.id, need: "edit" });
      return generateBrief(ctx, { access, choice: request.body?.generator, log: request.log });
    },
  );

  app.get(
    "/api/projects/:id/brief.pdf",
    { schema: { tags: ["requirements"], summary: "Download the brief as a PDF", params } },
    async (request, reply) => {
      const access = await requireProjectAccess(request, { projectId: request.params.id, need: "view" });
      await consumeRateLimits(ctx.db, [{ bucket: "brief-pdf-user-10m", key: access.user.id, ...PDF_LIMIT }], PDF_THROTTLED);
      return sendDocument(reply, await downloadBrief(ctx, access), { disposition: "attachment" });
    },
  );
};
