// Profile and NDA routes: thin handlers over the use cases in this folder.

import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  approveNdaSchema,
  companyNdaPageSchema,
  companyNdaQuerySchema,
  legacySendOtpSchema,
  legacyVerifyCustomerOtpSchema,
  NDA_MESSAGES,
  ndaActionReplySchema,
  sendCompanyOtpSchema,
  sendNdaOtpSchema,
  verifyCompanyOtpSchema,
  verifyCustomerOtpSchema,
} from "../../../shared/schemas/nda";
import { ndaSignedReplySchema, profileSchema, saveProfileSchema } from "../../../shared/schemas/profile";
import { companyOnly, companyUser, requireCustomer, requireUser, staffCan } from "../../auth/guards";
import { consumeRateLimits } from "../../auth/rate-limit";
import { sendDocument } from "../../documents/deliver";
import { notFound } from "../../errors";
import { limitCustomerWrite } from "../../http/customer-write-limits";
import { apiErrorSchema, errorReplies } from "../../http/openapi";
import { readNdaProvider } from "../legal";
import { approveNda, listCompanyNdas, sendCompanyNdaCode } from "./company-nda";
import { findOwnProfile, findVisibleProfile } from "./find-profile";
import type { ClientInfo } from "./nda-audit";
import { issueDraftNda, issueSignedNda } from "./nda-documents";
import { profileRead } from "./reads";
import { saveProfile } from "./save-profile";
import { sendCustomerNdaCode } from "./send-nda-code";
import { signNda } from "./sign-nda";

const clientOf = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: request.headers["user-agent"] ?? null,
});

const pdfReplies = { ...errorReplies };

/** Each PDF costs ~100 ms of CPU: 60 per user in 10 minutes is plenty for reading and downloading. */
const PDF_LIMIT = { max: 60, windowSeconds: 10 * 60 };

export const onboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const throttlePdf = (userId: string) =>
    consumeRateLimits(
      ctx.db,
      [{ bucket: "nda-pdf-user-10m", key: userId, ...PDF_LIMIT }],
      "Too many document requests. Please try again in a few minutes.",
    );
  const ownProfileOr404 = async (userId: string) => {
    const profile = await findOwnProfile(ctx.db, userId);
    if (!profile) throw notFound(NDA_MESSAGES.notSigned);
    return profile;
  };

  // --- Profile -------------------------------------------------------------------------------------------

  app.get(
    "/api/profile",
    {
      schema: {
        tags: ["profile"],
        summary: "The caller's company profile, or null when there is none yet",
        response: { 200: profileSchema.nullable(), ...errorReplies },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const [profile, ndaProvider] = await Promise.all([profileRead.get(ctx, { userId: user.id }), readNdaProvider(ctx.db)]);
      return profile && { ...profile, ndaProvider };
    },
  );

  // --- Customer-only routes: 401 for visitors and 403 for admins, before the body is even validated -----------

  await app.register(async (scope) => {
    const customer = scope.withTypeProvider<ZodTypeProvider>();
    customer.addHook("onRequest", async (request) => {
      await requireCustomer(request);
    });

    customer.post(
      "/api/profile",
      {
        config: { audit: { action: "profile.saved" } },
        schema: {
          tags: ["profile"],
          summary: "Save the company profile (NDA fields in the body are ignored; the first project is created)",
          body: saveProfileSchema,
          response: { 200: profileSchema, ...errorReplies },
        },
      },
      async (request) => {
        const user = await requireCustomer(request);
        await limitCustomerWrite(ctx.db, user, "profile");
        const { profile } = await saveProfile(ctx, { user, input: request.body });
        return { ...profile, ndaProvider: await readNdaProvider(ctx.db) };
      },
    );

    customer.post(
      "/api/nda/send-otp",
      {
        config: { audit: { action: "nda.code_sent" } },
        schema: {
          tags: ["nda"],
          summary: "Email the customer a signing code and tell the company a signature is in progress",
          body: sendNdaOtpSchema,
          response: { 200: ndaActionReplySchema, ...errorReplies },
        },
      },
      async (request) => {
        const user = await requireCustomer(request);
        return sendCustomerNdaCode(ctx, {
          user,
          input: { email: request.body.customerEmail, emailField: "customerEmail" },
          client: clientOf(request),
        });
      },
    );

    customer.post(
      "/api/send-otp",
      {
        config: { audit: { action: "nda.code_sent" } },
        schema: {
          tags: ["nda"],
          summary: "Older variant of /api/nda/send-otp",
          body: legacySendOtpSchema,
          response: { 200: ndaActionReplySchema, ...errorReplies },
        },
      },
      async (request) => {
        const user = await requireCustomer(request);
        return sendCustomerNdaCode(ctx, {
          user,
          input: { email: request.body.email, emailField: "email" },
          client: clientOf(request),
        });
      },
    );

    customer.post(
      "/api/nda/verify-customer-otp",
      {
        config: { audit: { action: "nda.signed" } },
        schema: {
          tags: ["nda"],
          summary: "Verify the customer's code and record the signature",
          body: verifyCustomerOtpSchema,
          response: { 200: ndaSignedReplySchema, ...errorReplies, 409: apiErrorSchema, 413: apiErrorSchema },
        },
      },
      async (request) => {
        const user = await requireCustomer(request);
        const { customerEmail, customerOtp, signature, signatureMethod } = request.body;
        return signNda(ctx, {
          user,
          input: { email: customerEmail, emailField: "customerEmail", code: customerOtp, signature, signatureMethod },
          client: clientOf(request),
        });
      },
    );

    customer.post(
      "/api/verify-customer-otp",
      {
        config: { audit: { action: "nda.signed" } },
        schema: {
          tags: ["nda"],
          summary: "Older variant of /api/nda/verify-customer-otp",
          body: legacyVerifyCustomerOtpSchema,
          response: { 200: ndaSignedReplySchema, ...errorReplies, 409: apiErrorSchema, 413: apiErrorSchema },
        },
      },
      async (request) => {
        const user = await requireCustomer(request);
        const { email, customerOtp, signature, signatureMethod } = request.body;
        return signNda(ctx, {
          user,
          input: { email, emailField: "email", code: customerOtp, signature, signatureMethod },
          client: clientOf(request),
        });
      },
    );

    customer.get(
      "/api/nda/generate/draft",
      { schema: { tags: ["nda"], summary: "The unsigned NDA as a PDF, for reading", response: pdfReplies } },
      async (request, reply) => {
        const user = await requireCustomer(request);
        await throttlePdf(user.id);
        const profile = await findOwnProfile(ctx.db, user.id);
        return sendDocument(reply, await issueDraftNda(ctx, { profile, userId: user.id }), { disposition: "inline" });
      },
    );

    customer.get(
      "/api/nda/generate/signed",
      { schema: { tags: ["nda"], summary: "The caller's signed NDA as a PDF, to open", response: pdfReplies } },
      async (request, reply) => {
        const user = await requireCustomer(request);
        await throttlePdf(user.id);
        return sendDocument(reply, await issueSignedNda(ctx, { profile: await ownProfileOr404(user.id), requesterId: user.id }), {
          disposition: "inline",
        });
      },
    );

    customer.get(
      "/api/nda/download/signed",
      { schema: { tags: ["nda"], summary: "The caller's signed NDA as a PDF download", response: pdfReplies } },
      async (request, reply) => {
        const user = await requireCustomer(request);
        await throttlePdf(user.id);
        return sendDocument(reply, await issueSignedNda(ctx, { profile: await ownProfileOr404(user.id), requesterId: user.id }), {
          disposition: "attachment",
        });
      },
    );
  });

  // --- NDA documents by id ---------------------------------------------------------------------------------

  app.get(
    "/api/nda/download/:profileId",
    {
      schema: {
        tags: ["nda"],
        summary: "A signed NDA by profile id, for its owner or a company admin (named from the customer's full name)",
        params: z.object({ profileId: z.string().max(64) }),
        response: pdfReplies,
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const profile = await findVisibleProfile(ctx.db, { user, profileId: request.params.profileId });
      await throttlePdf(user.id);
      return sendDocument(reply, await issueSignedNda(ctx, { profile, requesterId: user.id }), { disposition: "attachment" });
    },
  );

  // --- NDA, company side: 401 for visitors and 403 for customers, before the body is even validated -----------

  await app.register(async (scope) => {
    const company = scope.withTypeProvider<ZodTypeProvider>();
    companyOnly(company);

    company.get(
      "/api/company/pending-ndas",
      {
        schema: {
          tags: ["company"],
          summary:
            "Signed NDAs by status (pending by default, approved as a history, or all), paged: pending oldest signature first, then approved latest first",
          querystring: companyNdaQuerySchema,
          response: { 200: companyNdaPageSchema, ...errorReplies },
        },
      },
      async (request) => {
        return listCompanyNdas(ctx, request.query);
      },
    );

    company.post(
      "/api/nda/send-company-otp",
      {
        onRequest: staffCan("nda"),
        config: { audit: { action: "nda.approval_code_sent" } },
        schema: {
          tags: ["company"],
          summary: "Email an approval code to the calling admin",
          body: sendCompanyOtpSchema,
          response: { 200: ndaActionReplySchema, ...errorReplies, 409: apiErrorSchema },
        },
      },
      async (request) => {
        const admin = companyUser(request);
        return sendCompanyNdaCode(ctx, { admin, profileId: request.body.profileId, client: clientOf(request) });
      },
    );

    company.post(
      "/api/company/nda/approve",
      {
        onRequest: staffCan("nda"),
        config: { audit: { action: "nda.approved" } },
        schema: {
          tags: ["company"],
          summary: "Approve a signed NDA with the admin's code",
          body: approveNdaSchema,
          response: { 200: ndaActionReplySchema, ...errorReplies, 409: apiErrorSchema },
        },
      },
      async (request) => {
        const admin = companyUser(request);
        return approveNda(ctx, {
          admin,
          input: { profileId: request.body.profileId, code: request.body.otp },
          client: clientOf(request),
        });
      },
    );

    company.post(
      "/api/nda/verify-company-otp",
      {
        onRequest: staffCan("nda"),
        config: { audit: { action: "nda.approved" } },
        schema: {
          tags: ["company"],
          summary: "Older variant of /api/company/nda/approve",
          body: verifyCompanyOtpSchema,
          response: { 200: ndaActionReplySchema, ...errorReplies, 409: apiErrorSchema },
        },
      },
      async (request) => {
        const admin = companyUser(request);
        return approveNda(ctx, {
          admin,
          input: { profileId: request.body.profileId, code: request.body.companyOtp },
          client: clientOf(request),
        });
      },
    );
  });
};
