// Communications: a project's threads (GET/POST /api/projects/{id}/communications), replies and read markers, and the
// company admins' view of every project's threads (GET /api/company/communications). In place of a project id, the
// word "general" names the caller's general support threads with the company (any customer's, for the company), so a
// customer can write before any project exists; thread-scope.ts says who reaches what.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { communicationIdParam } from "../../../shared/domain/ids";
import {
  COMMUNICATION_MESSAGES,
  communicationPageSchema,
  communicationReplyPageSchema,
  communicationSchema,
  communicationsQuerySchema,
  companyCommunicationPageSchema,
  companyCommunicationSchema,
  companyCommunicationsQuerySchema,
  GENERAL_THREADS,
  newCommunicationSchema,
  newReplySchema,
  threadRepliesQuerySchema,
} from "../../../shared/schemas/communications";
import { requireCompany } from "../../auth/guards";
import { notFound } from "../../errors";
import { limitCustomerWrite } from "../../http/customer-write-limits";
import { errorReplies } from "../../http/openapi";
import { findCompanyThread, findThread, listCompanyCommunications, listThreadReplies, listThreads } from "./list-communications";
import { markThreadRead } from "./mark-thread-read";
import { displayName, postCommunication } from "./post-communication";
import { postReply } from "./post-reply";
import { communicationsRead } from "./reads";
import { placeOf, requireThreadScope } from "./thread-scope";

const scopeId = z.string().max(64).describe(`A project's id, or "${GENERAL_THREADS}" for general support threads`);
const params = z.object({ id: scopeId });
const threadParams = z.object({ id: scopeId, communicationId: communicationIdParam });
/** `id` may be a project's id or GENERAL_THREADS (http/path-ids.ts). */
const pathIds = { id: "threadScope" } as const;

export const communicationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    "/api/projects/:id/communications",
    {
      config: { pathIds },
      schema: {
        tags: ["communications"],
        summary:
          "The project's (or the caller's general support) communications as threads with their newest replies, paged: newest activity first, or (show=meetings) the meetings with a time, earliest first",
        params,
        querystring: communicationsQuerySchema,
        response: { 200: communicationPageSchema, ...errorReplies },
      },
    },
    async (request) => {
      const scope = await requireThreadScope(request, { scope: request.params.id, need: "view" });
      const { user } = scope;
      const viewer = { id: user.id, email: user.email, role: user.role };
      if (scope.kind === "general") return listThreads(ctx.db, { viewer, place: placeOf(scope), query: request.query });
      return communicationsRead.get(ctx, { viewer, projectId: scope.project.id, ...request.query });
    },
  );

  app.post(
    "/api/projects/:id/communications",
    {
      config: { audit: { action: "communication.sent" }, pathIds },
      schema: {
        tags: ["communications"],
        summary:
          "Send a message or propose a meeting (in general support: a customer starts a thread with the company); the other side is emailed and notified",
        params,
        body: newCommunicationSchema,
        response: { 201: communicationSchema, ...errorReplies },
      },
    },
    async (request, reply) => {
      const scope = await requireThreadScope(request, { scope: request.params.id, need: "post" });
      await limitCustomerWrite(ctx.db, scope.user, "messages");
      return reply.status(201).send(await postCommunication(ctx, { scope, input: request.body }));
    },
  );

  app.post(
    "/api/projects/:id/communications/:communicationId/replies",
    {
      // A company reply is audited by postReply itself, whatever the channel (portal or email).
      config: { audit: false, pathIds },
      schema: {
        tags: ["communications"],
        summary: "Reply in a thread; the other side is emailed and notified",
        params: threadParams,
        body: newReplySchema,
        response: { 201: communicationSchema, ...errorReplies },
      },
    },
    async (request, reply) => {
      const scope = await requireThreadScope(request, { scope: request.params.id, need: "post" });
      const { user } = scope;
      await limitCustomerWrite(ctx.db, user, "messages");
      await postReply(ctx, {
        place: placeOf(scope),
        threadId: request.params.communicationId,
        author: { userId: user.id, email: user.email, name: displayName(user), fromCompany: user.role === "company" },
        content: request.body.content,
        source: "portal",
      });
      const thread = await findThread(ctx.db, { viewer: user, threadId: request.params.communicationId });
      if (!thread) throw notFound(COMMUNICATION_MESSAGES.notFound);
      return reply.status(201).send(thread);
    },
  );

  app.get(
    "/api/projects/:id/communications/:communicationId/replies",
    {
      config: { notFoundMessage: COMMUNICATION_MESSAGES.notFound, pathIds },
      schema: {
        tags: ["communications"],
        summary: "A thread's replies, latest first, a page at a time (a thread view carries only its newest)",
        params: threadParams,
        querystring: threadRepliesQuerySchema,
        response: { 200: communicationReplyPageSchema, ...errorReplies },
      },
    },
    async (request) => {
      const scope = await requireThreadScope(request, { scope: request.params.id, need: "view" });
      const page = await listThreadReplies(ctx.db, {
        viewer: scope.user,
        place: placeOf(scope),
        threadId: request.params.communicationId,
        paging: request.query,
      });
      if (!page) throw notFound(COMMUNICATION_MESSAGES.notFound);
      return page;
    },
  );

  app.post(
    "/api/projects/:id/communications/:communicationId/read",
    {
      // A read marker: the caller's own state, not a change to audit.
      config: { audit: false, pathIds },
      schema: {
        tags: ["communications"],
        summary: "Mark a thread read for the caller (clears its unread marker)",
        params: threadParams,
        response: { 200: z.object({ success: z.boolean() }), ...errorReplies },
      },
    },
    async (request) => {
      const scope = await requireThreadScope(request, { scope: request.params.id, need: "view" });
      await markThreadRead(ctx.db, { user: scope.user, place: placeOf(scope), threadId: request.params.communicationId });
      return { success: true };
    },
  );

  app.get(
    "/api/company/communications",
    {
      schema: {
        tags: ["communications", "company"],
        summary:
          "Every project's and every general support thread for the company admins, newest activity first (filters: projectId, or general; show all, unread for the company, waiting for us, overdue), paged",
        querystring: companyCommunicationsQuerySchema,
        response: { 200: companyCommunicationPageSchema, ...errorReplies },
      },
    },
    async (request) => {
      const user = await requireCompany(request);
      return listCompanyCommunications(ctx.db, { viewer: user, query: request.query });
    },
  );

  // Company reads are not cached (COMPANY_NO_CACHE on the client, no cachedRead here): the inbox must be current.
  app.get(
    "/api/company/communications/:communicationId",
    {
      config: { notFoundMessage: COMMUNICATION_MESSAGES.notFound },
      schema: {
        tags: ["communications", "company"],
        summary: "One thread as the company inbox shows it (opened from a link)",
        params: z.object({ communicationId: communicationIdParam }),
        response: { 200: companyCommunicationSchema, ...errorReplies },
      },
    },
    async (request) => {
      const user = await requireCompany(request);
      const thread = await findCompanyThread(ctx.db, { viewer: user, threadId: request.params.communicationId });
      if (!thread) throw notFound(COMMUNICATION_MESSAGES.notFound);
      return thread;
    },
  );
};
