// The admin console's API (`/api/company/*`, `/api/admin/*`, `/api/customer-profile/*`): company only —
// 401 for visitors and 403 for customers before anything else runs; answers are never cached (security.ts).
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { isoDay } from "../../../shared/domain/dates";
import { isUuid } from "../../../shared/domain/ids";
import { isPaymentField } from "../../../shared/domain/staff-roles";
import {
  accessExtensionSchema,
  adminProjectPageSchema,
  adminProjectSchema,
  adminStatsSchema,
  auditEntrySchema,
  brdRegisterSchema,
  chartDataSchema,
  customerNdaSchema,
  customerProfileSchema,
  DEFAULT_ADMIN_PAGE_SIZE,
  INQUIRY_STATUSES,
  inquiryPageSchema,
  inquiryQuerySchema,
  inquirySchema,
  projectListQuerySchema,
  projectPatchSchema,
  serviceLevelReportSchema,
  statusRunSchema,
  userActivityPageSchema,
  userActivityQuerySchema,
} from "../../../shared/schemas/admin";
import { serviceLevelCountsSchema } from "../../../shared/schemas/communications";
import { pageQueryFields, pageSchema } from "../../../shared/schemas/paging";
import { successReplySchema } from "../../../shared/schemas/replies";
import { assertStaffCan, companyOnly, companyUser } from "../../auth/guards";
import { notFound } from "../../errors";
import { auditSnapshots } from "../../http/company-audit";
import { contentDisposition } from "../../http/content-disposition";
import { apiErrorSchema, errorReplies } from "../../http/openapi";
import { countOverdueThreads } from "../communications";
import { readAdvancePercent } from "../legal";
import { countOverdueMeetingRequests } from "../meeting-requests";
import { extendAccess, PROJECT_NOT_FOUND, withPaymentSchedule } from "../projects";
import { listAudit } from "./audit-log";
import { setBrd } from "./brd";
import { getChartData } from "./charts";
import { getCustomerNda, getCustomerProfile } from "./customer-profile";
import { documentUploadRoutes } from "./document-uploads";
import { clockCountsHold } from "./get-admin-stats";
import { listInquiries, setInquiryStatus } from "./inquiries";
import { findAdminProject } from "./list-admin-projects";
import { exportProjectsCsv } from "./projects-csv";
import { adminClockCountsRead, adminProjectsRead, adminStatsRead, adminUserActivityRead } from "./reads";
import { runStatusRules } from "./run-status-rules";
import { getServiceLevelReport } from "./service-level-report";
import { updateProject } from "./update-project";
import { sendProfileReminder } from "./user-activity";

const idParam = z.object({ id: z.string().max(64) });
const userIdParam = z.object({ userId: z.string().max(64) });
const pageQuery = z.strictObject(pageQueryFields(DEFAULT_ADMIN_PAGE_SIZE));
const conflictReplies = { ...errorReplies, 409: errorReplies[400] };

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  await app.register(documentUploadRoutes);

  await app.register(async (scope) => {
    const company = scope.withTypeProvider<ZodTypeProvider>();
    companyOnly(company);

    company.get(
      "/api/company/stats",
      {
        schema: {
          tags: ["company"],
          summary: "The six stat cards, in one query",
          response: { 200: adminStatsSchema, ...errorReplies },
        },
      },
      async () => {
        const [stats, { overdue, updateDue }] = await Promise.all([
          adminStatsRead.get(ctx, {}),
          adminClockCountsRead.get(ctx, {}, { fresh: (counts) => clockCountsHold(counts) }),
        ]);
        return { ...stats, overdue, updateDue };
      },
    );

    company.get(
      "/api/company/service-levels/report",
      {
        schema: {
          tags: ["company"],
          summary:
            "Answered within promise, last 30 days, per kind (new projects 2 h, support 4 h, inquiries 24 h, meeting requests 24 h / high 4 h), in one query",
          response: { 200: serviceLevelReportSchema, ...errorReplies },
        },
      },
      async () => getServiceLevelReport(ctx.db),
    );

    company.get(
      "/api/company/service-levels",
      {
        schema: {
          tags: ["communications", "meeting requests", "company"],
          summary: "How many customer threads and meeting requests are past their service level now",
          response: { 200: serviceLevelCountsSchema, ...errorReplies },
        },
      },
      async () => {
        const now = new Date();
        const [overdueThreads, overdueMeetingRequests] = await Promise.all([
          countOverdueThreads(ctx.db, now),
          countOverdueMeetingRequests(ctx.db, now),
        ]);
        return { overdueThreads, overdueMeetingRequests };
      },
    );

    company.get(
      "/api/company/projects",
      {
        schema: {
          tags: ["company"],
          summary: "Every project: search (code, customer, name, created date), status and package filters, sorting, paging",
          querystring: projectListQuerySchema,
          response: { 200: adminProjectPageSchema, ...errorReplies },
        },
      },
      async (request) => {
        const [page, advancePercent] = await Promise.all([adminProjectsRead.get(ctx, request.query), readAdvancePercent(ctx.db)]);
        return { ...page, items: withPaymentSchedule(page.items, advancePercent) };
      },
    );

    company.get(
      "/api/company/projects.csv",
      {
        schema: {
          tags: ["company"],
          summary: "The filtered project list as CSV (same filters as the list, no paging)",
          querystring: projectListQuerySchema.omit({ page: true, pageSize: true }),
        },
      },
      async (request, reply) => {
        const csv = await exportProjectsCsv(ctx.db, { ...request.query, page: 1, pageSize: 1 });
        const stamp = isoDay(new Date());
        return reply
          .header("content-type", "text/csv; charset=utf-8")
          .header("content-disposition", contentDisposition("attachment", `blueprint-projects-${stamp}.csv`))
          .header("x-content-type-options", "nosniff")
          .send(csv);
      },
    );

    company.get(
      "/api/company/projects/:id",
      {
        schema: {
          tags: ["company"],
          summary: "One project as the console shows it (its price and why, when custom; the payment schedule)",
          params: idParam,
          response: { 200: adminProjectSchema, ...errorReplies },
        },
      },
      async (request) => {
        const project = isUuid(request.params.id) ? await findAdminProject(ctx.db, request.params.id) : null;
        if (!project) throw notFound(PROJECT_NOT_FOUND);
        const [withSchedule] = withPaymentSchedule([project], await readAdvancePercent(ctx.db));
        return withSchedule ?? project;
      },
    );

    company.patch(
      "/api/company/projects/:id",
      {
        // Its use case writes field-level audit entries itself.
        config: { audit: false },
        schema: {
          tags: ["company"],
          summary: "Edit a project: status alone, or the details form's changed fields (unknown or read-only fields refused)",
          params: idParam,
          body: projectPatchSchema,
          response: { 200: adminProjectSchema, ...errorReplies },
        },
      },
      async (request) => {
        // Prices and payment fields are payments settings: not for managers (shared/domain/staff-roles.ts).
        if (Object.keys(request.body).some(isPaymentField)) assertStaffCan(request, companyUser(request), "payments");
        // Read before the write: once the change is saved, nothing may fail and answer an error for it.
        const advancePercent = await readAdvancePercent(ctx.db);
        const updated = await updateProject(ctx, {
          admin: companyUser(request),
          projectId: request.params.id,
          patch: request.body,
          log: request.log,
        });
        const [withSchedule] = withPaymentSchedule([updated], advancePercent);
        return withSchedule ?? updated;
      },
    );

    company.post(
      "/api/company/projects/:id/access-expiry",
      {
        // Its use case writes the audit entry (project.access_extended) itself.
        config: { audit: false },
        schema: {
          tags: ["company"],
          summary:
            "Extend the customer's access expiry date (a date in the future; 400 for one that has passed); audited, the owner is told by email",
          params: idParam,
          body: accessExtensionSchema,
          response: {
            200: z.object({ customerAccessExpiryDate: z.string() }),
            ...errorReplies,
            409: apiErrorSchema,
          },
        },
      },
      async (request) => extendAccess(ctx, { admin: companyUser(request), projectId: request.params.id, input: request.body }),
    );

    company.get(
      "/api/company/projects/:id/audit",
      {
        schema: {
          tags: ["company"],
          summary: "Who changed what on this project, newest first",
          params: idParam,
          querystring: pageQuery,
          response: { 200: pageSchema(auditEntrySchema), ...errorReplies },
        },
      },
      async (request) => listAudit(ctx.db, { projectId: request.params.id, ...request.query }),
    );

    company.get(
      "/api/company/audit",
      {
        schema: {
          tags: ["company"],
          summary: "Every admin change on every project, newest first",
          querystring: pageQuery,
          response: { 200: pageSchema(auditEntrySchema), ...errorReplies },
        },
      },
      async (request) => listAudit(ctx.db, request.query),
    );

    company.post(
      "/api/company/projects/:id/brd-upload",
      {
        // Its use case writes field-level audit entries itself.
        config: { audit: false },
        schema: {
          tags: ["company"],
          summary: "Register a BRD by URL (an https link or a portal path)",
          params: idParam,
          body: brdRegisterSchema,
          response: { 200: adminProjectSchema, ...errorReplies },
        },
      },
      async (request) =>
        setBrd(ctx.db, {
          admin: companyUser(request),
          projectId: request.params.id,
          document: {
            url: request.body.documentUrl,
            name: request.body.documentName,
          },
        }),
    );

    company.get(
      "/api/company/user-activity",
      {
        schema: {
          tags: ["company"],
          summary: "Every customer with their activity: project, profile only, or sign-in only",
          querystring: userActivityQuerySchema,
          response: { 200: userActivityPageSchema, ...errorReplies },
        },
      },
      async (request) => adminUserActivityRead.get(ctx, request.query),
    );

    company.post(
      "/api/company/users/:userId/profile-reminder",
      {
        config: { audit: { action: "profile.reminder_sent" } },
        schema: {
          tags: ["company"],
          summary: "Email a customer a reminder to complete their profile (once a day at most)",
          params: userIdParam,
          response: { 200: successReplySchema, ...conflictReplies },
        },
      },
      async (request) => sendProfileReminder(ctx, { admin: companyUser(request), userId: request.params.userId }),
    );

    company.get(
      "/api/customer-profile/:userId",
      {
        schema: {
          tags: ["company"],
          summary: "A customer's company profile",
          params: userIdParam,
          response: { 200: customerProfileSchema, ...errorReplies },
        },
      },
      async (request) => getCustomerProfile(ctx.db, request.params.userId),
    );

    company.get(
      "/api/customer-profile/:userId/nda",
      {
        schema: {
          tags: ["company"],
          summary: "A customer's NDA: status, signer, approval and audit trail",
          params: userIdParam,
          response: { 200: customerNdaSchema, ...errorReplies },
        },
      },
      async (request) => getCustomerNda(ctx.db, request.params.userId),
    );

    company.get(
      "/api/admin/test-status-updates",
      {
        schema: {
          tags: ["company"],
          summary: "What the automatic status rules would change now, and why; changes nothing",
          response: { 200: statusRunSchema, ...errorReplies },
        },
      },
      async () => runStatusRules(ctx.db, { preview: true }),
    );

    company.post(
      "/api/admin/test-status-updates",
      {
        // Its use case writes field-level audit entries itself.
        config: { audit: false },
        schema: {
          tags: ["company"],
          summary: "Apply the automatic status rules now; answers what changed and why",
          response: { 200: statusRunSchema, ...errorReplies },
        },
      },
      async (request) => {
        const admin = companyUser(request);
        return runStatusRules(ctx.db, { actor: { id: admin.id, email: admin.email } });
      },
    );

    company.get(
      "/api/company/charts",
      {
        schema: {
          tags: ["company"],
          summary: "Projects by status, new projects per month, revenue received per month by currency",
          response: { 200: chartDataSchema, ...errorReplies },
        },
      },
      async () => getChartData(ctx.db),
    );

    company.get(
      "/api/company/inquiries",
      {
        schema: {
          tags: ["company"],
          summary: "Contact-form inquiries, newest first",
          querystring: inquiryQuerySchema,
          response: { 200: inquiryPageSchema, ...errorReplies },
        },
      },
      async (request) => listInquiries(ctx.db, request.query),
    );

    company.patch(
      "/api/company/inquiries/:id",
      {
        config: { audit: { action: "inquiry.status", snapshot: auditSnapshots.inquiry } },
        schema: {
          tags: ["company"],
          summary: "Mark an inquiry answered (or new again)",
          params: idParam,
          body: z.strictObject({ status: z.enum(INQUIRY_STATUSES) }),
          response: { 200: inquirySchema, ...errorReplies },
        },
      },
      async (request) =>
        setInquiryStatus(ctx.db, { admin: companyUser(request), id: request.params.id, status: request.body.status }),
    );
  });
};
