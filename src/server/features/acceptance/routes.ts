// The finish line: the customer's decision on the prototype and the acceptance certificate.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { acceptanceInputSchema, acceptanceSchema } from "../../../shared/schemas/acceptance";
import { sendDocument } from "../../documents/deliver";
import { forbidden } from "../../errors";
import { limitCustomerWrite } from "../../http/customer-write-limits";
import { apiErrorSchema, errorReplies } from "../../http/openapi";
import { requireProjectAccess } from "../projects/access";
import { acceptanceCertificate } from "./certificate";
import { decideAcceptance } from "./decide";
import { collectHandoverFiles, handoverZip, safeName } from "./handover";

const params = z.object({ id: z.string().max(64) });

export const acceptanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    "/api/projects/:id/acceptance",
    {
      schema: {
        tags: ["projects"],
        summary:
          "Approve the published prototype version (completes the project; once) or request changes with a comment (owner or Admin member)",
        params,
        body: acceptanceInputSchema,
        response: { 201: acceptanceSchema, ...errorReplies, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const access = await requireProjectAccess(request, request.params.id, "view");
      await limitCustomerWrite(ctx.db, access.user, "acceptance");
      const decided = await decideAcceptance(ctx, access, request.body, {
        ip: request.ip,
        userAgent: request.headers["user-agent"] ?? null,
      });
      return reply.status(201).send(decided);
    },
  );

  app.get(
    "/api/projects/:id/acceptance/certificate",
    {
      schema: {
        tags: ["projects"],
        summary: "The acceptance certificate (PDF sealed by the portal) once the prototype is approved; 409 before",
        params,
      },
    },
    async (request, reply) => {
      const access = await requireProjectAccess(request, request.params.id, "view");
      if (access.accessLevel === "user" || access.accessLevel === "view_only") {
        throw forbidden("The acceptance certificate is for the project owner, Admin members and the company.");
      }
      const document = await acceptanceCertificate(ctx, access);
      return sendDocument(reply, document, { disposition: "attachment" });
    },
  );

  app.get(
    "/api/projects/:id/handover",
    {
      schema: {
        tags: ["projects"],
        summary:
          "The hand-over package (ZIP, streamed) with index.md of SHA-256s, for the owner, Admin members and the company; 409 before completion",
        params,
      },
    },
    async (request, reply) => {
      const access = await requireProjectAccess(request, request.params.id, "view");
      if (access.accessLevel === "user" || access.accessLevel === "view_only") {
        throw forbidden("The hand-over package is for the project owner, Admin members and the company.");
      }
      const files = await collectHandoverFiles(ctx, access);
      const name = `${safeName(access.project.projectCode, "project")}-handover.zip`;
      return reply
        .header("content-type", "application/zip")
        .header("content-disposition", `attachment; filename="${name}"`)
        .header("cache-control", "no-store")
        .send(handoverZip(access.project.projectCode, files));
    },
  );
};
