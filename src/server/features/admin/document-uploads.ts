// Documents the admin uploads onto a project (the BRD and the two invoices): multipart, one file, at most 20 MB
// (stopped while streaming), typed by its magic bytes (PDF, DOC, DOCX), kept in the file store, served by
// GET /api/files/{id} to the project's people and the company.
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { FILE_MESSAGES, fileIdFromUrl, MAX_DOCUMENT_BYTES } from "../../../shared/constants/files";
import { isUuid } from "../../../shared/domain/ids";
import { adminProjectSchema, INVOICE_PHASES, type InvoicePhase } from "../../../shared/schemas/admin";
import { recordAudit } from "../../audit/record-audit";
import { companyOnly, companyUser } from "../../auth/guards";
import type { SessionUser } from "../../auth/sessions";
import type { AppContext } from "../../context";
import { projects } from "../../db/schema";
import { notFound, unsupportedMediaType } from "../../errors";
import { acceptMultipart, readOneFile } from "../../http/multipart";
import { apiErrorSchema, errorReplies } from "../../http/openapi";
import { recordActivity } from "../activity";
import { fileTooLarge, releaseProjectFile, storeProjectFile } from "../files";
import { PROJECT_NOT_FOUND } from "../projects";
import { removeBrd, setBrd } from "./brd";
import { findAdminProject } from "./list-admin-projects";

const uploadReplies = { 200: adminProjectSchema, ...errorReplies, 413: apiErrorSchema, 415: apiErrorSchema };
const NO_FILE = "Please choose a PDF or document file to upload";

async function projectOr404(ctx: AppContext, projectId: string) {
  if (!isUuid(projectId)) throw notFound(PROJECT_NOT_FOUND);
  const [row] = await ctx.db.select().from(projects).where(eq(projects.id, projectId)).limit(1);
  if (!row) throw notFound(PROJECT_NOT_FOUND);
  return row;
}

/** An upload's common steps: the company caller, the project (404), the one file read and kept in the store. */
async function storeUpload(ctx: AppContext, request: FastifyRequest<{ Params: { id: string } }>, kind: "brd" | "invoice") {
  const admin = companyUser(request);
  const before = await projectOr404(ctx, request.params.id);
  const upload = await readOneFile(request, {
    fileField: "file",
    missing: NO_FILE,
    tooLarge: () => fileTooLarge(kind),
    notMultipart: () => unsupportedMediaType(FILE_MESSAGES.notADocument),
  });
  const stored = await storeProjectFile(ctx, {
    projectId: before.id,
    kind,
    bytes: upload.bytes,
    filename: upload.filename,
    createdBy: admin.id,
  });
  return { admin, before, stored };
}

/** Releases a replaced or removed file when it was one of ours (a hand-registered https link is left alone). */
async function releaseIfStored(ctx: AppContext, projectId: string, kind: "brd" | "invoice", url: string | null) {
  const fileId = url ? fileIdFromUrl(url) : null;
  if (fileId) await releaseProjectFile(ctx, { projectId, kind, fileId });
}

const INVOICE_FIELDS = {
  advance: { url: "advanceInvoiceUrl", name: "advanceInvoiceName", title: "Advance payment invoice" },
  final: { url: "finalInvoiceUrl", name: "finalInvoiceName", title: "Balance payment invoice" },
} as const;

async function setInvoice(
  ctx: AppContext,
  admin: SessionUser,
  input: { projectId: string; phase: InvoicePhase; url: string | null; name: string | null },
) {
  const before = await projectOr404(ctx, input.projectId);
  const fields = INVOICE_FIELDS[input.phase];
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(projects)
      .set({ [fields.url]: input.url, [fields.name]: input.name, updatedAt: new Date() })
      .where(eq(projects.id, input.projectId));
    await recordAudit(tx, {
      projectId: input.projectId,
      actor: { id: admin.id, email: admin.email },
      action: input.url ? "invoice.upload" : "invoice.delete",
      changes: [{ field: fields.name, before: before[fields.name], after: input.name }],
    });
    if (input.url) {
      await recordActivity(tx, {
        userId: before.userId,
        projectId: input.projectId,
        actorId: admin.id,
        type: "invoice.uploaded",
        title: `${fields.title} available`,
        description: `${before.projectCode}: download it from Payment Information.`,
        notify: true,
      });
    }
  });
  await releaseIfStored(ctx, input.projectId, "invoice", before[fields.url]);
}

export const documentUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  await acceptMultipart(app, { fileSize: MAX_DOCUMENT_BYTES });

  await app.register(async (scope) => {
    const company = scope.withTypeProvider<ZodTypeProvider>();
    companyOnly(company);

    company.post(
      "/api/company/projects/:id/brd",
      {
        // Its use case writes field-level audit entries itself.
        config: { audit: false },
        schema: {
          tags: ["company"],
          summary: "Upload the BRD (multipart field 'file': PDF, DOC or DOCX by its bytes, at most 20 MB)",
          consumes: ["multipart/form-data"],
          params: z.object({ id: z.string().max(64) }),
          response: uploadReplies,
        },
      },
      async (request) => {
        const { admin, before, stored } = await storeUpload(ctx, request, "brd");
        const updated = await setBrd(ctx.db, {
          admin,
          projectId: before.id,
          document: { url: stored.url, name: stored.filename },
        });
        if (before.brdDocumentUrl !== stored.url) await releaseIfStored(ctx, before.id, "brd", before.brdDocumentUrl);
        return updated;
      },
    );

    company.delete(
      "/api/company/projects/:id/brd",
      {
        // Its use case writes field-level audit entries itself.
        config: { audit: false },
        schema: {
          tags: ["company"],
          summary: "Remove the project's BRD (an uploaded file is deleted from the store when nothing else uses it)",
          params: z.object({ id: z.string().max(64) }),
          response: { 200: z.object({ success: z.boolean(), message: z.string() }), ...errorReplies },
        },
      },
      async (request) => {
        const { previousUrl } = await removeBrd(ctx.db, { admin: companyUser(request), projectId: request.params.id });
        await releaseIfStored(ctx, request.params.id, "brd", previousUrl);
        return { success: true, message: "BRD document deleted successfully" };
      },
    );

    company.post(
      "/api/company/projects/:id/invoices/:phase",
      {
        // Its use case writes field-level audit entries itself.
        config: { audit: false },
        schema: {
          tags: ["company"],
          summary: "Upload the advance or final invoice (multipart field 'file': PDF, DOC or DOCX, at most 20 MB)",
          consumes: ["multipart/form-data"],
          params: z.object({ id: z.string().max(64), phase: z.enum(INVOICE_PHASES) }),
          response: uploadReplies,
        },
      },
      async (request) => {
        const { admin, before, stored } = await storeUpload(ctx, request, "invoice");
        await setInvoice(ctx, admin, {
          projectId: before.id,
          phase: request.params.phase,
          url: stored.url,
          name: stored.filename,
        });
        return (await findAdminProject(ctx.db, before.id)) as z.infer<typeof adminProjectSchema>;
      },
    );

    company.delete(
      "/api/company/projects/:id/invoices/:phase",
      {
        // Its use case writes field-level audit entries itself.
        config: { audit: false },
        schema: {
          tags: ["company"],
          summary: "Remove the advance or final invoice",
          params: z.object({ id: z.string().max(64), phase: z.enum(INVOICE_PHASES) }),
          response: { 200: adminProjectSchema, ...errorReplies },
        },
      },
      async (request) => {
        const admin = companyUser(request);
        await setInvoice(ctx, admin, { projectId: request.params.id, phase: request.params.phase, url: null, name: null });
        return (await findAdminProject(ctx.db, request.params.id)) as z.infer<typeof adminProjectSchema>;
      },
    );
  });
};
