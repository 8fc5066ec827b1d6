// The finish line: the customer's decision on the prototype and the acceptance certificate.

import type { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { HANDOVER_DOWNLOADS, HANDOVER_MESSAGES } from "../../../shared/domain/handover";
import { acceptanceInputSchema, acceptanceSchema } from "../../../shared/schemas/acceptance";
import { handoverSummarySchema } from "../../../shared/schemas/handover";
import { consumeRateLimits } from "../../auth/rate-limit";
import { sendDocument } from "../../documents/deliver";
import { forbidden } from "../../errors";
import { contentDisposition } from "../../http/content-disposition";
import { limitCustomerWrite } from "../../http/customer-write-limits";
import { apiErrorSchema, errorReplies } from "../../http/openapi";
import { requireProjectAccess } from "../projects";
import { acceptanceCertificate } from "./certificate";
import { decideAcceptance } from "./decide";
import { createHandoverSlots, handoverFilename, handoverSummary, planHandover, streamHandover } from "./handover";

const params = z.object({ id: z.string().max(64) });

/** A ZIP streamed as it is made (the route's reply schema lists only its errors). */
function sendZip(reply: FastifyReply, filename: string, zip: Readable) {
  return reply
    .type("application/zip")
    .header("content-disposition", contentDisposition("attachment", filename))
    .header("cache-control", "no-store")
    .send(zip);
}

/** The hand-over package is the owner's, an Admin member's and the company's. */
async function requireHandoverAccess(request: FastifyRequest, projectId: string) {
  const access = await requireProjectAccess(request, { projectId, need: "view" });
  if (access.accessLevel === "user" || access.accessLevel === "view_only") throw forbidden(HANDOVER_MESSAGES.forMembersOnly);
  return access;
}

export const acceptanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const handoverSlots = createHandoverSlots();

  app.post(
    "/api/projects/:id/acceptance",
    {
      // The decision's audit entry (project.decided) is written by decide.ts, in the decision's transaction.
      config: { audit: false },
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
      const access = await requireProjectAccess(request, { projectId: request.params.id, need: "view" });
      await limitCustomerWrite(ctx.db, access.user, "acceptance");
      const decided = await decideAcceptance(ctx, {
        access,
        input: request.body,
        client: {
          ip: request.ip,
          userAgent: request.headers["user-agent"] ?? null,
        },
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
      const access = await requireProjectAccess(request, { projectId: request.params.id, need: "view" });
      if (access.accessLevel === "user" || access.accessLevel === "view_only") {
        throw forbidden("The acceptance certificate is for the project owner, Admin members and the company.");
      }
      const document = await acceptanceCertificate(ctx, access);
      return sendDocument(reply, document, { disposition: "attachment" });
    },
  );

  app.get(
    "/api/projects/:id/handover/summary",
    {
      schema: {
        tags: ["projects"],
        summary:
          "What the hand-over package holds (files, bytes, the most one download may hold), asked before downloading; 409 before completion or over the cap",
        params,
        response: { 200: handoverSummarySchema, ...errorReplies, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const access = await requireHandoverAccess(request, request.params.id);
      return handoverSummary(await planHandover(ctx, access));
    },
  );

  app.get(
    "/api/projects/:id/handover",
    {
      schema: {
        tags: ["projects"],
        summary:
          "The hand-over package (ZIP, streamed file by file) with index.md of SHA-256s, for the owner, Admin members and the company; 409 before completion, over the size cap or while the caller's previous package is still downloading; 429 past the caller's allowance",
        params,
        produces: ["application/zip"],
        response: { ...errorReplies, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const access = await requireHandoverAccess(request, request.params.id);
      const release = handoverSlots.claim(access.user.id);
      try {
        const plan = await planHandover(ctx, access);
        await consumeRateLimits(
          ctx.db,
          [{ bucket: "handover-user-1h", key: access.user.id, ...HANDOVER_DOWNLOADS }],
          HANDOVER_MESSAGES.throttled,
        );
        // Finished or abandoned, the response closes: the user's slot is free again.
        reply.raw.once("close", release);
        return sendZip(reply, handoverFilename(plan.projectCode), streamHandover(plan, request.log));
      } catch (error) {
        release();
        throw error;
      }
    },
  );
};
