// The admin console's calls: list queries, the project edit, stats, activity, charts, audit, inquiries.
import { z } from "zod";
import { CURRENCIES, PACKAGE_TYPES } from "../constants/packages";
import { ACCESS_EXPIRY_MESSAGES } from "../domain/access-expiry";
import { toMinorUnits } from "../domain/payments";
import { PRICE_MESSAGES, PRICE_REASON_MAX } from "../domain/pricing";
import { MEMBER_ACCESS_LEVELS } from "../domain/project-access";
import { PROJECT_STATUSES } from "../domain/project-status";
import { pageQueryFields, pageSchema } from "./paging";
import { NDA_STATUSES, profileSchema } from "./profile";
import { projectSchema } from "./project";
import { singleLineString, webAddressHref } from "./text-fields";

/** The admin console's toast and empty-state texts, written once. */
export const ADMIN_MESSAGES = {
  accessDenied: "Access Denied",
  loginAsAdmin: "Login as Admin",
  dataRefreshed: "Data Refreshed",
  statusCheckComplete: "Status Check Complete",
  testFailed: "Test Failed",
  statusUpdated: "Project status updated successfully",
  updateFailed: "Update Failed",
  projectUpdatedTitle: "Project Updated",
  projectUpdatedText: "All details saved. Customers will see the updated information immediately.",
  saveFailedTitle: "Save Failed",
  saveFailedText: "Failed to save project details",
  saveProjectDetails: "Save Project Details",
  saving: "Saving...",
  brdUploaded: "BRD document uploaded successfully",
  brdUploadFailed: "Failed to upload BRD document",
  brdDeleted: "BRD document deleted successfully",
  brdDeleteFailed: "Failed to delete BRD document",
  invalidFileTypeTitle: "Invalid file type",
  invalidFileTypeText: "Please upload a PDF or document file",
  noProjects: "No projects found matching your filters.",
  noUserActivity: "No user activity found",
  noFeedback: "No feedback found matching your filters.",
  noPendingNdas: "No pending NDA approvals",
  noApprovedNdas: "No approved NDAs found",
  noNdas: "No signed NDAs found",
  noRequirements: "No requirements found for this project.",
  userLimitRange: "User limit must be between 1 and 100",
  prototypeUrlHttps: "The prototype URL must start with https://",
  linkHttps: "Links must start with https://",
  amountInvalid: "Enter an amount such as 2500 or 2,500.00",
  dateInvalid: "Enter a valid date",
  reminderSent: "Reminder sent",
} as const;

export const PROJECT_SORTS = ["createdAt", "projectCode", "customerName", "status", "packageType", "deliveryDueAt"] as const;
export type ProjectSort = (typeof PROJECT_SORTS)[number];
export const ADMIN_PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_ADMIN_PAGE_SIZE = 25;

/** Filters for the project list and its CSV export; `all` (or absent) means no filter. */
export const projectListQuerySchema = z.strictObject({
  search: z.string().trim().max(100).optional().default(""),
  status: z
    .enum(["all", ...PROJECT_STATUSES])
    .optional()
    .default("all"),
  package: z
    .enum(["all", ...PACKAGE_TYPES])
    .optional()
    .default("all"),
  /** "overdue": the delivery clock ran out and no version is published yet. */
  due: z.enum(["all", "overdue"]).optional().default("all"),
  /** "due": in development or testing with no progress update in the last 24 hours, or none since development began. */
  update: z.enum(["all", "due"]).optional().default("all"),
  /** `awaiting_payment`: a phase issued (a link or an amount) and not yet received. */
  payment: z.enum(["all", "awaiting_payment"]).optional().default("all"),
  sort: z.enum(PROJECT_SORTS).optional().default("createdAt"),
  order: z.enum(["asc", "desc"]).optional().default("desc"),
  ...pageQueryFields(DEFAULT_ADMIN_PAGE_SIZE),
});
export type ProjectListQuery = z.output<typeof projectListQuerySchema>;

export const adminProjectSchema = projectSchema.extend({
  customerEmail: z.string().nullable(),
  /** The newest progress update's time and when the project last entered development (domain/progress-updates.ts). */
  lastUpdateAt: z.string().nullable(),
  developmentStartedAt: z.string().nullable(),
  /** Why the company quoted a custom price (null with the plan's price). */
  priceReason: z.string().nullable(),
});
export type AdminProject = z.infer<typeof adminProjectSchema>;

export type { Page } from "./paging";

export const adminProjectPageSchema = pageSchema(adminProjectSchema);
export type AdminProjectPage = z.infer<typeof adminProjectPageSchema>;

// --- Stats ------------------------------------------------------------------------------------

export const adminStatsSchema = z.object({
  totalProjects: z.number(),
  activeCustomers: z.number(),
  inProgress: z.number(),
  completed: z.number(),
  loginOnlyUsers: z.number(),
  incompleteProfiles: z.number(),
  /** Projects past their delivery due time with no version published (read live, not cached: time moves it). */
  overdue: z.number(),
  /** Projects in development or testing due a progress update (domain/progress-updates.ts; read live, like overdue). */
  updateDue: z.number(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

// --- The project edit (PATCH /api/company/projects/{id}) -----------------------------------------------------

const nullableText = (max: number) => singleLineString().trim().max(max).nullable();
const httpsLink = (message: string) =>
  z
    .string()
    .max(2048)
    .refine((value) => webAddressHref(value)?.startsWith("https:") ?? false, message)
    .transform((value) => webAddressHref(value) ?? value)
    .nullable();
/** A date (YYYY-MM-DD) or an ISO date-time; answered as an ISO date-time. */
const dateField = z
  .string()
  .trim()
  .refine((value) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) && !Number.isNaN(Date.parse(value)), {
    message: ADMIN_MESSAGES.dateInvalid,
  })
  .nullable();
/** Plain amounts only ('2500', '2,500.00'): the customer's card formats them for the currency. */
const amountField = z
  .string()
  .trim()
  .refine((value) => /^(\d{1,3}(,\d{3})+|\d{1,12})(\.\d{1,2})?$/.test(value), ADMIN_MESSAGES.amountInvalid)
  .transform((value) => {
    // Money with both decimals ("2500" → "2500.00"), as the database keeps it, so an unchanged amount is no change.
    const [whole = "0", fraction = ""] = value.replace(/,/g, "").split(".");
    return `${whole.replace(/^0+(?=\d)/, "")}.${fraction.padEnd(2, "0")}`;
  })
  .nullable();
const currency = z.enum(CURRENCIES);

/** A project's price as the company sets it: a custom amount, or `amount: null` for its plan's price in the currency. */
const priceEditSchema = z.strictObject({
  amount: amountField.refine((amount) => amount === null || (toMinorUnits(amount) ?? 0) > 0, PRICE_MESSAGES.amountPositive),
  currency,
});
const priceReasonField = z.string().trim().max(PRICE_REASON_MAX, PRICE_MESSAGES.reasonTooLong);

/** The console's price form: the amount left empty is the plan's price; a custom amount needs its reason. */
export const projectPriceFormSchema = z
  .object({
    price: z.object({
      amount: z
        .string()
        .trim()
        .transform((amount) => amount || null)
        .pipe(priceEditSchema.shape.amount),
      currency,
    }),
    priceReason: priceReasonField,
  })
  .refine((form) => form.price.amount === null || form.priceReason !== "", {
    path: ["priceReason"],
    message: PRICE_MESSAGES.reasonRequired,
  });
export type ProjectPriceFormInput = z.input<typeof projectPriceFormSchema>;
export type ProjectPriceForm = z.output<typeof projectPriceFormSchema>;

/** Every field the admin may change; anything else (code, owner, counts, expiry, BRD) is refused by name. */
export const projectEditSchema = z.strictObject({
  projectName: nullableText(200),
  status: z.enum(PROJECT_STATUSES),
  packageType: z.enum(PACKAGE_TYPES),
  /** The project's price: a custom amount (with `priceReason`), or `amount: null` for its plan's price in the currency. */
  price: priceEditSchema,
  userLimit: z
    .number({ error: ADMIN_MESSAGES.userLimitRange })
    .int(ADMIN_MESSAGES.userLimitRange)
    .min(1, ADMIN_MESSAGES.userLimitRange)
    .max(100, ADMIN_MESSAGES.userLimitRange),
  iterationsUsed: z.number().int().min(0).max(100),
  maxIterations: z.number().int().min(0).max(100),
  expectedCompletionDate: dateField,
  prototypeUrl: httpsLink(ADMIN_MESSAGES.prototypeUrlHttps),
  budgetRange: nullableText(50),
  timeline: nullableText(50),
  advancePaymentLink: httpsLink(ADMIN_MESSAGES.linkHttps),
  advancePaymentLinkDate: dateField,
  advancePaymentAmount: amountField,
  advancePaymentCurrency: currency,
  advancePaymentReceivedDate: dateField,
  advancePaymentDate: dateField,
  advancePaymentDateManual: dateField,
  advanceInvoiceName: nullableText(200),
  advanceInvoiceUrl: httpsLink(ADMIN_MESSAGES.linkHttps),
  finalPaymentLink: httpsLink(ADMIN_MESSAGES.linkHttps),
  finalPaymentAmount: amountField,
  finalInvoiceName: nullableText(200),
  finalInvoiceUrl: httpsLink(ADMIN_MESSAGES.linkHttps),
  finalPaymentDate: dateField,
  finalPaymentDateManual: dateField,
  balancePaymentLink: httpsLink(ADMIN_MESSAGES.linkHttps),
  balancePaymentLinkDate: dateField,
  balancePaymentAmount: amountField,
  balancePaymentCurrency: currency,
  balancePaymentReceivedDate: dateField,
  deploymentDate: dateField,
});
export const CLOSE_REASON_MAX = 1000;
export const CLOSE_MESSAGES = {
  reasonRequired:
    "A project completes when the customer approves the prototype. To close it without their approval, give a reason the customer will read.",
  reasonTooLong: `Please keep the reason under ${CLOSE_REASON_MAX} characters`,
} as const;
/** The console's edit; `closeReason` goes with `status: "completed"` when the customer has not approved. */
export const projectPatchSchema = projectEditSchema.partial().extend({
  closeReason: z.string().trim().max(CLOSE_REASON_MAX, CLOSE_MESSAGES.reasonTooLong).optional(),
  /** Why the custom price: required with a custom amount (domain/pricing.ts). */
  priceReason: priceReasonField.optional(),
});
export type ProjectPatch = z.output<typeof projectPatchSchema>;
export type ProjectPatchInput = z.input<typeof projectPatchSchema>;
export const EDITABLE_PROJECT_FIELDS = Object.keys(projectEditSchema.shape) as Array<keyof ProjectPatch>;
export const DATE_FIELDS = EDITABLE_PROJECT_FIELDS.filter((key) => /Date(Manual)?$/.test(key));

// --- Automatic status rules --------------------------------------------------------------------------------

export const statusChangeSchema = z.object({
  projectId: z.string(),
  projectCode: z.string(),
  from: z.enum(PROJECT_STATUSES),
  to: z.enum(PROJECT_STATUSES),
  reason: z.string(),
});
export const statusRunSchema = z.object({ checked: z.number(), changes: z.array(statusChangeSchema) });
export type StatusRun = z.infer<typeof statusRunSchema>;

// --- User activity -----------------------------------------------------------------------------------------

/**
 * has_project: owns a project; member: owns none but was invited to someone's project (not a lead); has_profile and
 * login: leads who have not started a project.
 */
export const ACTIVITY_STATUSES = ["has_project", "member", "has_profile", "login"] as const;
export const ACTIVITY_LABELS: Record<(typeof ACTIVITY_STATUSES)[number], string> = {
  has_project: "Active Project",
  member: "Project Member",
  has_profile: "Profile Only",
  login: "Login Only",
};
export const userActivityQuerySchema = z.strictObject({
  activityStatus: z
    .enum(["all", ...ACTIVITY_STATUSES])
    .optional()
    .default("all"),
  search: z.string().trim().max(100).optional().default(""),
  ...pageQueryFields(DEFAULT_ADMIN_PAGE_SIZE),
});
export const userActivitySchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  company: z.string().nullable(),
  createdAt: z.string(),
  activityStatus: z.enum(ACTIVITY_STATUSES),
  hasProject: z.boolean(),
  hasProfile: z.boolean(),
  profileCompleted: z.boolean(),
  projectCode: z.string().nullable(),
  projectId: z.string().nullable(),
  /** The projects this user was invited to (the first few), with their level: a member is not a lead. */
  memberships: z.array(z.object({ projectId: z.string(), projectCode: z.string(), accessLevel: z.enum(MEMBER_ACCESS_LEVELS) })),
});
export type UserActivity = z.infer<typeof userActivitySchema>;
export const userActivityPageSchema = pageSchema(userActivitySchema);

// --- Charts, audit, inquiries ---------------------------------------------------------------------------------

export const chartDataSchema = z.object({
  byStatus: z.array(z.object({ status: z.enum(PROJECT_STATUSES), count: z.number() })),
  newPerMonth: z.array(z.object({ month: z.string(), count: z.number() })),
  revenuePerMonth: z.array(z.object({ month: z.string(), USD: z.number(), INR: z.number() })),
});
export type ChartData = z.infer<typeof chartDataSchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  projectId: z.string().nullable(),
  actorEmail: z.string(),
  action: z.string(),
  changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const INQUIRY_STATUSES = ["new", "answered"] as const;
export const inquirySchema = z.object({
  id: z.string(),
  form: z.enum(["short", "long"]),
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  phone: z.string().nullable(),
  projectType: z.string().nullable(),
  budget: z.string().nullable(),
  timeline: z.string().nullable(),
  message: z.string().nullable(),
  status: z.enum(INQUIRY_STATUSES),
  answeredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Inquiry = z.infer<typeof inquirySchema>;
export const inquiryPageSchema = pageSchema(inquirySchema);
export const inquiryQuerySchema = z.strictObject({
  status: z
    .enum(["all", ...INQUIRY_STATUSES])
    .optional()
    .default("all"),
  ...pageQueryFields(DEFAULT_ADMIN_PAGE_SIZE),
});

export const INVOICE_PHASES = ["advance", "final"] as const;
export type InvoicePhase = (typeof INVOICE_PHASES)[number];

// --- BRD ----------------------------------------------------------------------------------------------------

/** A BRD registered by URL (instead of an upload): an https link or a portal path. */
export const brdRegisterSchema = z.strictObject({
  documentUrl: z
    .string()
    .trim()
    .min(1)
    .max(2048)
    .refine((value) => {
      if (value.startsWith("/") && !value.startsWith("//")) return true;
      try {
        return new URL(value).protocol === "https:";
      } catch {
        return false;
      }
    }, "The document URL must be an https link or a portal path"),
  documentName: z.string().trim().min(1).max(200),
});

// --- A customer read by the admin (GET /api/customer-profile/{userId} and .../nda) ------------------------------

export const customerProfileSchema = profileSchema.extend({ email: z.string() });
export type CustomerProfile = z.infer<typeof customerProfileSchema>;

export const customerNdaSchema = z.object({
  profileId: z.string(),
  ndaStatus: z.enum(NDA_STATUSES).nullable(),
  ndaSigned: z.boolean(),
  ndaSignedAt: z.string().nullable(),
  ndaApprovedAt: z.string().nullable(),
  signerName: z.string().nullable(),
  signerEmail: z.string().nullable(),
  signatureMethod: z.string().nullable(),
  approvedBy: z.string().nullable(),
  downloadUrl: z.string().nullable(),
  auditTrail: z.array(z.object({ step: z.string(), email: z.string(), createdAt: z.string() })),
});
export type CustomerNda = z.infer<typeof customerNdaSchema>;

// --- Access expiry ------------------------------------------------------------------------------------------------

/**
 * The company extends a project's access: the new expiry instant (ISO; the console sends the end of the chosen day in
 * the admin's zone). A date that has passed is refused by the server (ACCESS_EXPIRY_MESSAGES.extensionPast).
 */
export const accessExtensionSchema = z.strictObject({
  customerAccessExpiryDate: z
    .string({ error: ACCESS_EXPIRY_MESSAGES.extensionInvalid })
    .trim()
    .refine((value) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) && !Number.isNaN(Date.parse(value)), {
      message: ACCESS_EXPIRY_MESSAGES.extensionInvalid,
    }),
});
export type AccessExtensionInput = z.infer<typeof accessExtensionSchema>;

// --- Service levels -----------------------------------------------------------------------------------------

/**
 * GET /api/company/service-levels/report: per kind (shared/domain/service-levels.ts), how many of the last 30 days'
 * items have come due (their window has passed, or they were answered) and how many of those were answered in time.
 */
export const serviceLevelReportSchema = z.object({
  days: z.number(),
  kinds: z.array(
    z.object({
      kind: z.enum(["newProject", "support", "inquiry", "meeting"]),
      label: z.string(),
      promise: z.string(),
      total: z.number(),
      withinPromise: z.number(),
    }),
  ),
});
export type ServiceLevelReport = z.infer<typeof serviceLevelReportSchema>;
