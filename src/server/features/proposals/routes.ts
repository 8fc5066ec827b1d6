// The proposal the customer accepts before the work starts: read it, accept it by name, download the sealed PDF.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { proposalAcceptInputSchema, proposalSchema } from "../../../shared/schemas/proposal";
import { sendDocument } from "../../documents/deliver";
import { limitCustomerWrite } from "../../http/customer-write-limits";
import { apiErrorSchema, errorReplies } from "../../http/openapi";
import { requireProjectAccess } from "../projects";
import { acceptProposal, readProposal } from "./proposal";
import { proposalPdf } from "./proposal-pdf";

const params = z.object({ id: z.string().max(64) });

export const proposalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    "/api/projects/:id/proposal",
    {
      schema: {
        tags: ["projects"],
        summary:
          "The project's proposal (package, price, payment schedule, delivery promise, iterations, testers, access, the parties, the project terms) and whether it is accepted; owner, Admin members and the company. 409 PROPOSAL_NOT_READY before the brief is confirmed, 409 LEGAL_DETAILS_MISSING while the company has not set up its legal details",
        params,
        response: { 200: proposalSchema, ...errorReplies, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const access = await requireProjectAccess(request, { projectId: request.params.id, need: "view" });
      return readProposal(ctx, access);
    },
  );

  app.post(
    "/api/projects/:id/proposal/accept",
    {
      // The acceptance's audit entry (proposal.accepted) is written by proposal.ts, in the acceptance's transaction.
      config: { audit: false },
      schema: {
        tags: ["projects"],
        summary:
          "Accept the proposal by typing one's name (owner or Admin member), for the version read: records who, when, from where and the proposal's SHA-256, and requests the advance. 409 PROPOSAL_CHANGED (a newer version), PROPOSAL_ALREADY_ACCEPTED, PROPOSAL_NOT_READY, LEGAL_DETAILS_MISSING",
        params,
        body: proposalAcceptInputSchema,
        response: { 201: proposalSchema, ...errorReplies, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const access = await requireProjectAccess(request, { projectId: request.params.id, need: "view" });
      await limitCustomerWrite(ctx.db, access.user, "proposal");
      const accepted = await acceptProposal(ctx, {
        access,
        input: request.body,
        client: { ip: request.ip, userAgent: request.headers["user-agent"] ?? null },
      });
      return reply.status(201).send(accepted);
    },
  );

  app.get(
    "/api/projects/:id/proposal/pdf",
    {
      schema: {
        tags: ["projects"],
        summary:
          "The accepted proposal as a PDF sealed by the portal (who accepted, when, from which address, the proposal's SHA-256); 404 before acceptance",
        params,
        produces: ["application/pdf"],
        response: { ...errorReplies },
      },
    },
    async (request, reply) => {
      const access = await requireProjectAccess(request, { projectId: request.params.id, need: "view" });
      return sendDocument(reply, await proposalPdf(ctx, access), { disposition: "attachment" });
    },
  );
};
