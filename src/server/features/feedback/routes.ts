// Feedback: /api/projects/{id}/feedback (list, create, edit, close a round) and /api/company/feedback.
// Registered on its own: multipart bodies and the 7 MB JSON limit apply to these routes only.
import type { FastifyError } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { MAX_SCREENSHOT_BYTES } from "../../../shared/constants/files";
import { feedbackIdParam, projectIdParam } from "../../../shared/domain/ids";
import {
  closeFeedbackRoundResultSchema,
  companyFeedbackPageSchema,
  companyFeedbackQuerySchema,
  createFeedbackSchema,
  feedbackItemSchema,
  feedbackPageSchema,
  projectFeedbackQuerySchema,
  prototypeFrameCheckSchema,
  reopenFeedbackSchema,
  resolveFeedbackSchema,
  updateFeedbackSchema,
} from "../../../shared/schemas/feedback";
import { requireCompany } from "../../auth/guards";
import { consumeRateLimits } from "../../auth/rate-limit";
import { AppError, forbidden } from "../../errors";
import { auditSnapshots } from "../../http/company-audit";
import { limitCustomerWrite } from "../../http/customer-write-limits";
import { acceptMultipart } from "../../http/multipart";
import { apiErrorSchema, errorReplies } from "../../http/openapi";
import { fileTooLarge } from "../files";
import { requireProjectAccess, requirePrototypeOpen } from "../projects";
import { createFrameCheckCache, FRAME_CHECK_LIMIT } from "./check-prototype-frame";
import { closeFeedbackRound } from "./close-feedback-round";
import { createFeedback } from "./create-feedback";
import { listCompanyFeedback } from "./list-feedback";
import { FEEDBACK_JSON_LIMIT, parseFields, readFeedbackBody, screenshotChangeOf } from "./read-feedback-body";
import { feedbackListRead } from "./reads";
import { resolveFeedback, verifyFeedback } from "./resolve-feedback";
import { updateFeedback } from "./update-feedback";

const params = z.object({ id: z.string().max(64) });
const uploadReplies = { 409: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema };
const BODY_DESCRIPTION =
  "JSON (screenshotUrl: the image as a data URL, 7 MB body at most, the image itself 5 MB) or " +
  "multipart/form-data with the same fields, the image as the file part `screenshot` and `context` as JSON text.";

export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const frameChecks = createFrameCheckCache();
  await acceptMultipart(app, { fileSize: MAX_SCREENSHOT_BYTES, fields: 12, fieldSize: 64 * 1024 });
  // Too large, whether as JSON or as an upload, is the image-too-large message (FEEDBACK_MESSAGES.imageTooLarge); the app's handler shapes the answer.
  app.setErrorHandler((error: FastifyError) => {
    if (!(error instanceof AppError) && error.statusCode === 413) throw fileTooLarge("feedback_screenshot");
    throw error;
  });

  app.get(
    "/api/projects/:id/feedback",
    {
      schema: {
        tags: ["feedback"],
        summary: "The project's feedback, newest first, filtered by status, paged",
        params,
        querystring: projectFeedbackQuerySchema,
        response: { 200: feedbackPageSchema, ...errorReplies },
      },
    },
    async (request) => {
      const { project, user, accessLevel } = await requireProjectAccess(request, { projectId: request.params.id, need: "view" });
      return feedbackListRead.get(ctx, { projectId: project.id, userId: user.id, accessLevel, query: request.query });
    },
  );

  app.post(
    "/api/projects/:id/feedback",
    {
      config: { audit: { action: "feedback.created" } },
      bodyLimit: FEEDBACK_JSON_LIMIT,
      schema: {
        tags: ["feedback"],
        summary: "Submit feedback (owner, admin and user members, the company; view-only members may not)",
        description: BODY_DESCRIPTION,
        consumes: ["application/json", "multipart/form-data"],
        params,
        response: { 201: feedbackItemSchema, ...errorReplies, ...uploadReplies },
      },
    },
    async (request, reply) => {
      const access = await requireProjectAccess(request, { projectId: request.params.id, need: "feedback" });
      const raw = await readFeedbackBody(request);
      const body = parseFields(createFeedbackSchema, raw.fields);
      const screenshot = screenshotChangeOf({ screenshotUrl: body.screenshotUrl, upload: raw.upload, currentFileId: null });
      await limitCustomerWrite(ctx.db, access.user, "feedback");
      const created = await createFeedback(ctx, {
        access,
        input: { body, screenshot, userAgent: request.headers["user-agent"] },
      });
      return reply.status(201).send(created);
    },
  );

  app.patch(
    "/api/projects/:id/feedback/:feedbackId",
    {
      config: { audit: { action: "feedback.updated", snapshot: auditSnapshots.feedback } },
      bodyLimit: FEEDBACK_JSON_LIMIT,
      schema: {
        tags: ["feedback"],
        summary:
          "Edit feedback: customers until an admin has edited it; the company also sets status and adminComment (adminUpdatedAt is the server's)",
        description: BODY_DESCRIPTION,
        consumes: ["application/json", "multipart/form-data"],
        params: z.object({ id: projectIdParam, feedbackId: feedbackIdParam }),
        response: { 200: feedbackItemSchema, ...errorReplies, ...uploadReplies },
      },
    },
    async (request) => {
      const access = await requireProjectAccess(request, { projectId: request.params.id, need: "feedback" });
      const raw = await readFeedbackBody(request);
      const body = parseFields(updateFeedbackSchema, raw.fields);
      await limitCustomerWrite(ctx.db, access.user, "feedbackEdits");
      return updateFeedback(ctx, {
        access,
        feedbackId: request.params.feedbackId,
        input: {
          body,
          screenshot: (current) =>
            screenshotChangeOf({ screenshotUrl: body.screenshotUrl, upload: raw.upload, currentFileId: current }),
        },
      });
    },
  );

  const itemParams = z.object({ id: projectIdParam, feedbackId: feedbackIdParam });

  app.post(
    "/api/company/projects/:id/feedback/:feedbackId/resolution",
    {
      config: { audit: { action: "feedback.resolved", snapshot: auditSnapshots.feedback } },
      schema: {
        tags: ["feedback", "company"],
        summary:
          "Mark an item fixed in a published version of this project, or won't fix with a reason (company); the reporter and the owner are told",
        params: itemParams,
        body: resolveFeedbackSchema,
        response: { 200: feedbackItemSchema, ...errorReplies },
      },
    },
    async (request) => {
      const user = await requireCompany(request);
      return resolveFeedback(ctx, {
        user,
        projectId: request.params.id,
        feedbackId: request.params.feedbackId,
        input: request.body,
      });
    },
  );

  app.post(
    "/api/projects/:id/feedback/:feedbackId/confirm",
    {
      config: { audit: { action: "feedback.confirmed" } },
      schema: {
        tags: ["feedback"],
        summary: "Confirm an item's fix (the reporter, the owner or an admin member); 409 unless it is marked fixed",
        params: itemParams,
        response: { 200: feedbackItemSchema, ...errorReplies, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const access = await requireProjectAccess(request, { projectId: request.params.id, need: "view" });
      await limitCustomerWrite(ctx.db, access.user, "feedbackEdits");
      return verifyFeedback(ctx, { access, feedbackId: request.params.feedbackId, verdict: { kind: "confirmed" } });
    },
  );

  app.post(
    "/api/projects/:id/feedback/:feedbackId/reopen",
    {
      config: { audit: { action: "feedback.reopened" } },
      schema: {
        tags: ["feedback"],
        summary:
          "Reopen a fixed, won't-fix or done item with a reason (the reporter, the owner or an admin member): it returns to pending in the current round",
        params: itemParams,
        body: reopenFeedbackSchema,
        response: { 200: feedbackItemSchema, ...errorReplies, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const access = await requireProjectAccess(request, { projectId: request.params.id, need: "view" });
      await limitCustomerWrite(ctx.db, access.user, "feedbackEdits");
      return verifyFeedback(ctx, {
        access,
        feedbackId: request.params.feedbackId,
        verdict: { kind: "reopened", reason: request.body.reason },
      });
    },
  );

  app.post(
    "/api/projects/:id/feedback/rounds/close",
    {
      config: { audit: { action: "feedback.round_closed", snapshot: auditSnapshots.projectRound } },
      schema: {
        tags: ["feedback"],
        summary: "Close the open feedback round (company): its done items stay in it, pending ones move on, iterationsUsed + 1",
        params,
        response: { 200: closeFeedbackRoundResultSchema, ...errorReplies, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const access = await requireProjectAccess(request, { projectId: request.params.id, need: "view" });
      if (access.accessLevel !== "company") throw forbidden("Company access required");
      return closeFeedbackRound(ctx.db, access);
    },
  );

  app.get(
    "/api/projects/:id/prototype/frame-check",
    {
      schema: {
        tags: ["feedback"],
        summary:
          "Whether the project's prototype answers and lets the portal show it in a frame (its X-Frame-Options / frame-ancestors); `fresh=true` (Try Again) asks its site again; 403 ACCESS_EXPIRED after the access expiry date",
        params,
        querystring: z.strictObject({ fresh: z.enum(["true", "false"]).optional() }),
        response: {
          200: prototypeFrameCheckSchema,
          ...errorReplies,
        },
      },
    },
    async (request) => {
      const access = await requireProjectAccess(request, { projectId: request.params.id, need: "view" });
      requirePrototypeOpen(access);
      await consumeRateLimits(
        ctx.db,
        [{ bucket: "frame-check", key: access.user.id, ...FRAME_CHECK_LIMIT }],
        "Too many prototype checks. Please try again in a few minutes.",
      );
      return frameChecks.get(access.project, ctx.config.appOrigin, ctx.config.prototypeFrameOrigins, {
        fresh: request.query.fresh === "true",
      });
    },
  );

  app.get(
    "/api/company/feedback",
    {
      schema: {
        tags: ["feedback", "company"],
        summary: "All feedback for the admin console, newest first; filters project, status, type; paged",
        querystring: companyFeedbackQuerySchema,
        response: { 200: companyFeedbackPageSchema, ...errorReplies },
      },
    },
    async (request) => {
      const user = await requireCompany(request);
      return listCompanyFeedback(ctx.db, { userId: user.id, query: request.query });
    },
  );
};
