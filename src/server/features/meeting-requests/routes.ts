// Meeting requests: a project's list and new requests, the stats over the caller's projects, and the company admins'
// filtered list and response.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { meetingRequestIdParam } from "../../../shared/domain/ids";
import {
  companyMeetingRequestPageSchema,
  companyMeetingRequestsQuerySchema,
  meetingRequestPageSchema,
  meetingRequestSchema,
  meetingRequestStatsQuerySchema,
  meetingRequestStatsSchema,
  meetingRequestsQuerySchema,
  meetingResponseSchema,
  newMeetingRequestSchema,
} from "../../../shared/schemas/meeting-requests";
import { requireCompany, requireUser } from "../../auth/guards";
import { auditSnapshots } from "../../http/company-audit";
import { limitCustomerWrite } from "../../http/customer-write-limits";
import { errorReplies } from "../../http/openapi";
import { projectListRead, requireProjectAccess } from "../projects";
import { createMeetingRequest } from "./create-meeting-request";
import { listCompanyMeetingRequests, meetingRequestStats } from "./list-meeting-requests";
import { meetingRequestsRead, meetingStatsRead, projectMeetingStatsRead } from "./reads";
import { respondToMeetingRequest } from "./respond-to-meeting-request";

const params = z.object({ id: z.string().max(64) });

export const meetingRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    "/api/projects/:id/meeting-requests",
    {
      schema: {
        tags: ["meeting requests"],
        summary: "The project's meeting requests, newest first, paged (the page polls it every 30 s)",
        params,
        querystring: meetingRequestsQuerySchema,
        response: { 200: meetingRequestPageSchema, ...errorReplies },
      },
    },
    async (request) => {
      const { project, user } = await requireProjectAccess(request, { projectId: request.params.id, need: "view" });
      return meetingRequestsRead.get(ctx, { projectId: project.id, ...request.query }, { owner: user.id });
    },
  );

  app.post(
    "/api/projects/:id/meeting-requests",
    {
      config: { audit: { action: "meeting_request.created" } },
      schema: {
        tags: ["meeting requests"],
        summary: "Request a meeting; the company is emailed and notified",
        params,
        body: newMeetingRequestSchema,
        response: { 201: meetingRequestSchema, ...errorReplies },
      },
    },
    async (request, reply) => {
      const access = await requireProjectAccess(request, { projectId: request.params.id, need: "post" });
      await limitCustomerWrite(ctx.db, access.user, "meetingRequests");
      return reply.status(201).send(await createMeetingRequest(ctx, { access, input: request.body }));
    },
  );

  app.get(
    "/api/meeting-requests/stats",
    {
      schema: {
        tags: ["meeting requests"],
        summary:
          "Counts for one project (projectId: the one the page shows), or without it over the caller's projects: total, scheduled, pending, completed",
        querystring: meetingRequestStatsQuerySchema,
        response: { 200: meetingRequestStatsSchema, ...errorReplies },
      },
    },
    async (request) => {
      const { projectId } = request.query;
      if (projectId !== undefined) {
        const { project, user } = await requireProjectAccess(request, { projectId, need: "view" });
        return projectMeetingStatsRead.get(ctx, { projectId: project.id }, { owner: user.id });
      }
      const user = await requireUser(request);
      if (user.role === "company") return meetingRequestStats(ctx.db, "all");
      const projectIds = (await projectListRead.get(ctx, { userId: user.id, email: user.email })).map((project) => project.id);
      return meetingStatsRead.get(ctx, { userId: user.id, email: user.email, projectIds });
    },
  );

  app.get(
    "/api/company/meeting-requests",
    {
      schema: {
        tags: ["meeting requests", "company"],
        summary: "Every meeting request for the company admins, newest first; filters status and urgency; paged",
        querystring: companyMeetingRequestsQuerySchema,
        response: { 200: companyMeetingRequestPageSchema, ...errorReplies },
      },
    },
    async (request) => {
      await requireCompany(request);
      return listCompanyMeetingRequests(ctx.db, { query: request.query });
    },
  );

  app.patch(
    "/api/company/meeting-requests/:id",
    {
      config: { audit: { action: "meeting_request.responded", snapshot: auditSnapshots.meetingRequest } },
      schema: {
        tags: ["meeting requests", "company"],
        summary: "Respond: status, meeting link, scheduled time, notes; the requester is emailed (with an .ics invitation)",
        params: z.object({ id: meetingRequestIdParam }),
        body: meetingResponseSchema,
        response: { 200: meetingRequestSchema, ...errorReplies },
      },
    },
    async (request) => {
      const admin = await requireCompany(request);
      return respondToMeetingRequest(ctx, { admin, requestId: request.params.id, input: request.body });
    },
  );
};
