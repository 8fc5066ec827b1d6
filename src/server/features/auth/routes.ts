import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  currentUserSchema,
  requestCodeReplySchema,
  requestCodeSchema,
  verifyCodeReplySchema,
  verifyCodeSchema,
} from "../../../shared/schemas/auth";
import { successReplySchema } from "../../../shared/schemas/replies";
import { toCurrentUser } from "../../auth/current-user";
import { requireUser } from "../../auth/guards";
import {
  clearSessionCookie,
  createSession,
  deleteSession,
  isOwnLogoutLink,
  sessionToken,
  setLogoutCompanionCookie,
  setSessionCookie,
} from "../../auth/sessions";
import {
  bindRequester,
  clearRequesterBinding,
  knownBrowserFor,
  rememberKnownBrowser,
  requesterBinding,
} from "../../auth/sign-in-cookies";
import { AppError } from "../../errors";
import { errorReplies } from "../../http/openapi";
import { sendSignInCode } from "./send-sign-in-code";
import { verifySignInCode } from "./verify-sign-in-code";

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    "/api/auth/request-code",
    {
      schema: {
        tags: ["auth"],
        summary: "Email a one-time sign-in code",
        body: requestCodeSchema,
        response: { 200: requestCodeReplySchema, ...errorReplies },
      },
    },
    async (request, reply) => {
      const email = request.body.email.toLowerCase();
      const knownBrowser = knownBrowserFor(request, ctx.config, email);
      const binding = bindRequester(request, reply, ctx.config);
      const result = await sendSignInCode(ctx, { ...request.body, requester: { ip: request.ip, binding, knownBrowser } });
      request.log.info(
        { email, ip: request.ip, knownBrowser: knownBrowser !== null, outcome: "code-requested" },
        "sign-in code requested",
      );
      return result;
    },
  );

  app.post(
    "/api/auth/verify-code",
    {
      schema: {
        tags: ["auth"],
        summary: "Verify a sign-in code and start a session",
        body: verifyCodeSchema,
        response: { 200: verifyCodeReplySchema, ...errorReplies },
      },
    },
    async (request, reply) => {
      const email = request.body.email.toLowerCase();
      try {
        const binding = requesterBinding(request, ctx.config);
        const { user, isDemoAccount } = await verifySignInCode(ctx, { ...request.body, ip: request.ip, binding });
        await deleteSession(ctx.db, sessionToken(request, ctx.config), ctx.caches.sessions);
        const session = await createSession(ctx.db, user, { ip: request.ip, userAgent: request.headers["user-agent"] });
        setSessionCookie(reply, ctx.config, session.token, session.maxAgeSeconds);
        setLogoutCompanionCookie(reply, ctx.config, session.maxAgeSeconds);
        clearRequesterBinding(reply, ctx.config);
        if (!isDemoAccount) rememberKnownBrowser(reply, ctx.config, user.email);
        request.log.info({ email, ip: request.ip, outcome: "signed-in", role: user.role }, "sign-in attempt");
        return { success: true, message: "Login successful", isDemoAccount, user: toCurrentUser(user) };
      } catch (error) {
        request.log.info(
          { email, ip: request.ip, outcome: "refused", reason: (error as { code?: string }).code },
          "sign-in attempt",
        );
        throw error;
      }
    },
  );

  app.get(
    "/api/auth/user",
    {
      schema: {
        tags: ["auth"],
        summary: "The signed-in user (401 when signed out)",
        response: { 200: currentUserSchema, ...errorReplies },
      },
    },
    async (request) => toCurrentUser(await requireUser(request)),
  );

  app.post(
    "/api/auth/logout",
    { schema: { tags: ["auth"], summary: "End the session", response: { 200: successReplySchema, ...errorReplies } } },
    async (request, reply) => {
      await deleteSession(ctx.db, sessionToken(request, ctx.config), ctx.caches.sessions);
      clearSessionCookie(reply, ctx.config);
      return { success: true, message: "Logged out" };
    },
  );

  app.get("/api/logout", { schema: { tags: ["auth"], summary: "End the session and go to /" } }, async (request, reply) => {
    if (!isOwnLogoutLink(request, ctx.config)) {
      throw new AppError("CROSS_ORIGIN", "Sign out from the portal's own Sign Out link.");
    }
    await deleteSession(ctx.db, sessionToken(request, ctx.config), ctx.caches.sessions);
    clearSessionCookie(reply, ctx.config);
    return reply.redirect("/", 302);
  });

  app.get("/api/login", { schema: { tags: ["auth"], summary: "Go to the sign-in screen" } }, async (_request, reply) =>
    reply.redirect("/auth", 302),
  );
};
