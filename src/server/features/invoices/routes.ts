// The invoices' routes: a project's invoices and each one's PDF (the owner, admin-level members and the company; a
// member below admin is refused, as for receipts), and the console's list of every invoice.

import { and, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { isUuid } from "../../../shared/domain/ids";
import { companyInvoicePageSchema, companyInvoiceQuerySchema, projectInvoicesSchema } from "../../../shared/schemas/invoices";
import { companyOnly, requireUser } from "../../auth/guards";
import { invoices } from "../../db/schema";
import { sendDocument } from "../../documents/deliver";
import { forbidden, notFound } from "../../errors";
import { errorReplies } from "../../http/openapi";
import { type ProjectAccess, requireProjectAccess } from "../projects";
import { invoiceDocument } from "./documents";
import { listCompanyInvoices, listProjectInvoices } from "./list";

export const INVOICE_MESSAGES = {
  notAllowed: "Only the project's owner, a team admin or the Blueprint team can see its invoices.",
  notFound: "Invoice not found",
} as const;

/** The owner, admin-level members and the company: who pays and who bills. */
function requireBillingAccess(access: ProjectAccess): void {
  if (!["owner", "admin", "company"].includes(access.accessLevel)) throw forbidden(INVOICE_MESSAGES.notAllowed);
}

const projectParams = z.object({ id: z.string().max(64) });
const invoiceParams = projectParams.extend({ invoiceId: z.string().max(64) });

export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  // Signed in first: a visitor is told 401 whatever the path says, before its parameters are read.
  const signedIn = async (request: Parameters<typeof requireUser>[0]) => {
    await requireUser(request);
  };

  app.get(
    "/api/projects/:id/invoices",
    {
      onRequest: signedIn,
      schema: {
        tags: ["invoices"],
        summary:
          "The project's invoices, newest first (a bounded list): number, phase, status, amounts (tax included), and links to each PDF and, once paid, its receipt (owner, admin-level members, the company)",
        params: projectParams,
        response: { 200: projectInvoicesSchema, ...errorReplies },
      },
    },
    async (request) => {
      const access = await requireProjectAccess(request, { projectId: request.params.id, need: "view" });
      requireBillingAccess(access);
      return listProjectInvoices(ctx.db, access.project.id);
    },
  );

  app.get(
    "/api/projects/:id/invoices/:invoiceId/pdf",
    {
      onRequest: signedIn,
      schema: {
        tags: ["invoices"],
        summary:
          "One invoice as a PDF sealed by the portal; a void one is stamped VOID (owner, admin-level members, the company)",
        params: invoiceParams,
        produces: ["application/pdf"],
      },
    },
    async (request, reply) => {
      const access = await requireProjectAccess(request, { projectId: request.params.id, need: "view" });
      requireBillingAccess(access);
      const { invoiceId } = request.params;
      const [invoice] = isUuid(invoiceId)
        ? await ctx.db
            .select()
            .from(invoices)
            .where(and(eq(invoices.id, invoiceId), eq(invoices.projectId, access.project.id)))
            .limit(1)
        : [];
      if (!invoice) throw notFound(INVOICE_MESSAGES.notFound);
      const document = await invoiceDocument(ctx, { invoice, kind: "invoice", renderer: access.user.id });
      if (!document) throw notFound(INVOICE_MESSAGES.notFound);
      return sendDocument(reply, document, { disposition: "attachment" });
    },
  );

  await app.register(async (scope) => {
    const company = scope.withTypeProvider<ZodTypeProvider>();
    companyOnly(company);
    company.get(
      "/api/company/invoices",
      {
        schema: {
          tags: ["invoices", "company"],
          summary: "Every invoice, newest first: filter by status and year, paged",
          querystring: companyInvoiceQuerySchema,
          response: { 200: companyInvoicePageSchema, ...errorReplies },
        },
      },
      async (request) => listCompanyInvoices(ctx.db, request.query),
    );
  });
};
