// The caller's own account: data export, deletion, notification choices; and the one-click unsubscribe links.
import type { Readable } from "node:stream";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ACCOUNT_MESSAGES, deleteAccountSchema, notificationPreferencesSchema } from "../../../shared/schemas/account";
import { displayNameBodySchema, displayNameReplySchema } from "../../../shared/schemas/display-name";
import { successReplySchema } from "../../../shared/schemas/replies";
import { timeZoneBodySchema, timeZoneReplySchema } from "../../../shared/schemas/time-zone";
import { requireCustomer, requireUser } from "../../auth/guards";
import { consumeRateLimits } from "../../auth/rate-limit";
import { clearSessionCookie } from "../../auth/sessions";
import { readPreferences, savePreferences } from "../../email/preferences";
import { contentDisposition } from "../../http/content-disposition";
import { limitCustomerWrite } from "../../http/customer-write-limits";
import { errorReplies } from "../../http/openapi";
import { deleteAccount, sendDeletionCode } from "./delete-account";
import { exportFilename, streamAccountExport } from "./export-data";
import { saveName } from "./save-name";
import { saveTimeZone } from "./save-time-zone";
import { unsubscribeRoutes } from "./unsubscribe-routes";

function sendZip(reply: FastifyReply, archive: Readable) {
  return reply
    .type("application/zip")
    .header("content-disposition", contentDisposition("attachment", exportFilename()))
    .header("x-content-type-options", "nosniff")
    .send(archive);
}

/** Building an export reads everything and renders the documents: 3 an hour per user is plenty. */
export const EXPORT_LIMIT = { max: 3, windowSeconds: 60 * 60 };

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    "/api/me/export",
    {
      schema: {
        tags: ["account"],
        summary: "Everything the portal holds about the caller, as a ZIP (JSON records and document files)",
        produces: ["application/zip"],
        response: errorReplies,
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      await consumeRateLimits(
        ctx.db,
        [{ bucket: "data-export-user-1h", key: user.id, ...EXPORT_LIMIT }],
        ACCOUNT_MESSAGES.exportThrottled,
      );
      return sendZip(reply, streamAccountExport(ctx, { user, log: request.log }));
    },
  );

  app.get(
    "/api/me/notification-preferences",
    {
      schema: {
        tags: ["account"],
        summary: "The caller's notification choices per kind (security emails are always sent)",
        response: { 200: notificationPreferencesSchema, ...errorReplies },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return readPreferences(ctx.db, user.id);
    },
  );

  app.put(
    "/api/me/time-zone",
    {
      config: { audit: { action: "account.time_zone" } },
      schema: {
        tags: ["account"],
        summary: "Sets the caller's time zone (an IANA name): the portal and its emails show times in it",
        body: timeZoneBodySchema,
        response: { 200: timeZoneReplySchema, ...errorReplies },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await limitCustomerWrite(ctx.db, user, "settings");
      return saveTimeZone(ctx.db, { userId: user.id, timeZone: request.body.timeZone });
    },
  );

  app.put(
    "/api/me/name",
    {
      config: { audit: { action: "account.name" } },
      schema: {
        tags: ["account"],
        summary: "Sets the caller's own name: the portal, its emails and the team lists call them by it",
        body: displayNameBodySchema,
        response: { 200: displayNameReplySchema, ...errorReplies },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await limitCustomerWrite(ctx.db, user, "settings");
      return saveName(ctx.db, { userId: user.id, name: request.body.name });
    },
  );

  app.put(
    "/api/me/notification-preferences",
    {
      config: { audit: { action: "account.email_choices" } },
      schema: {
        tags: ["account"],
        summary: "Sets the caller's notification choices: email, a daily digest, or off, per kind",
        body: notificationPreferencesSchema,
        response: { 200: notificationPreferencesSchema, ...errorReplies },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await limitCustomerWrite(ctx.db, user, "settings");
      await savePreferences(ctx.db, user.id, request.body);
      return readPreferences(ctx.db, user.id);
    },
  );

  app.post(
    "/api/me/deletion-code",
    {
      config: { audit: { action: "account.deletion_code_sent" } },
      schema: {
        tags: ["account"],
        summary: "Emails the caller a code that confirms deleting their account",
        response: { 200: successReplySchema, ...errorReplies },
      },
    },
    async (request) => {
      const user = await requireCustomer(request);
      return sendDeletionCode(ctx, { user, ip: request.ip });
    },
  );

  app.post(
    "/api/me/delete",
    {
      // delete-account.ts writes account.deleted itself, in the deletion's transaction.
      config: { audit: false },
      schema: {
        tags: ["account"],
        summary: "Deletes the caller's account once the emailed code is right; their sessions end at once",
        body: deleteAccountSchema,
        response: {
          200: successReplySchema.extend({
            deletedProjects: z.array(z.string()),
            keptProjects: z.array(z.string()),
            keptNda: z.boolean(),
          }),
          ...errorReplies,
        },
      },
    },
    async (request, reply) => {
      const user = await requireCustomer(request);
      const outcome = await deleteAccount(ctx, { user, input: { code: request.body.code, ip: request.ip } });
      clearSessionCookie(reply, ctx.config);
      return { success: true, message: ACCOUNT_MESSAGES.deleted, ...outcome };
    },
  );

  await app.register(unsubscribeRoutes);
};
