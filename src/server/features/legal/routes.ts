// The company's legal details: GET/PUT /api/company/settings/legal (the console's Billing tab). Company only — 401
// for visitors, 403 for customers; the save is audited field by field (legal_settings.update).
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { companyLegalFormSchema, companyLegalReplySchema } from "../../../shared/schemas/legal";
import { companyOnly, companyUser, staffCan } from "../../auth/guards";
import { errorReplies } from "../../http/openapi";
import { companyLegalDto, readCompanyLegal } from "./company-legal";
import { legalAuditFields, saveCompanyLegal } from "./save-company-legal";

export const legalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  await app.register(async (scope) => {
    const company = scope.withTypeProvider<ZodTypeProvider>();
    companyOnly(company);

    company.get(
      "/api/company/settings/legal",
      {
        schema: {
          tags: ["company", "legal"],
          summary:
            "The company's legal details (legal name, address, tax registration, invoice prefix, governing law, signatory, advance %); configured false until they are set",
          response: { 200: companyLegalReplySchema, ...errorReplies },
        },
      },
      async () => {
        const row = await readCompanyLegal(ctx.db);
        return { configured: row !== null, legal: row ? companyLegalDto(row) : null };
      },
    );

    company.put(
      "/api/company/settings/legal",
      {
        onRequest: staffCan("payments"),
        config: {
          audit: {
            action: "legal_settings.update",
            snapshot: async (db) => ({ projectId: null, fields: await legalAuditFields(db) }),
          },
        },
        schema: {
          tags: ["company", "legal"],
          summary:
            "Set the company's legal details (the whole form; 400 with each field's message, nothing stored); owners and admins (managers 403)",
          body: companyLegalFormSchema,
          response: { 200: companyLegalReplySchema, ...errorReplies },
        },
      },
      async (request) => {
        const row = await saveCompanyLegal(ctx.db, { input: request.body, userId: companyUser(request).id });
        return { configured: true, legal: companyLegalDto(row) };
      },
    );
  });
};
