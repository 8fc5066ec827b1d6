// The database schema for every feature. Migrations in /drizzle are generated from this file by drizzle-kit.
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { CODE_PURPOSES } from "../../shared/constants/auth";
import { FILE_KINDS } from "../../shared/constants/files";
import type { CommunicationId, FeedbackId, MeetingRequestId } from "../../shared/domain/ids";
import { PAYMENT_ISSUES, PAYMENT_RECORD_KINDS } from "../../shared/domain/payments";
import { MEMBER_ACCESS_LEVELS } from "../../shared/domain/project-access";
import { STAFF_ROLES } from "../../shared/domain/staff-roles";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true });
/** Money in major units with at most 2 decimals ("2500.00"); read back as a string, never a float. */
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    name: text("name"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    role: text("role", { enum: ["customer", "company"] })
      .notNull()
      .default("customer"),
    createdAt: createdAt(),
    lastSignInAt: ts("last_sign_in_at"),
    /** Sign-ins by code so far: 1 during the first session (the dashboard says "Welcome", not "Welcome back"). */
    signInCount: integer("sign_in_count").notNull().default(0),
    /** Set when the owner deleted the account and a record had to stay (see retention_note): the row is anonymised. */
    deletedAt: ts("deleted_at"),
    /** The user's IANA time zone ("America/New_York"), set from the browser and editable on /profile; null = unknown. */
    timeZone: text("time_zone"),
    /**
     * A staff member's role, set when an owner invites them in the console's Team tab (issue 44); null for customers
     * and for the ADMIN_EMAILS addresses, which are owners by the configuration (the break-glass list).
     */
    staffRole: text("staff_role", { enum: STAFF_ROLES }),
    /** When an owner deactivated this staff member: their sessions ended then and their sign-in is refused. */
    deactivatedAt: ts("deactivated_at"),
    /** The owner who invited this staff member. */
    invitedBy: uuid("invited_by").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`),
    index("users_role_created_idx").on(t.role, t.createdAt),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 (hex) of the random token in the cookie; the token itself is never stored. */
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: ts("last_seen_at").notNull().defaultNow(),
    expiresAt: ts("expires_at").notNull(),
    idleSeconds: integer("idle_seconds").notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const oneTimeCodes = pgTable(
  "one_time_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    purpose: text("purpose", { enum: CODE_PURPOSES }).notNull(),
    /** Lower-cased address the code was sent to. */
    email: text("email").notNull(),
    /** What the code is for beyond the email, e.g. the profile id of an NDA; '' when nothing. */
    subject: text("subject").notNull().default(""),
    codeHash: text("code_hash").notNull(),
    /**
     * SHA-256 of the pre-sign-in cookie of the browser that asked for a sign-in code ('' for NDA codes, which need a
     * session): only that browser may try the code, and a request from elsewhere never voids it.
     */
    binding: text("binding").notNull().default(""),
    /** The name typed with a sign-in request: a new account takes it at its first verification. */
    name: text("name"),
    expiresAt: ts("expires_at").notNull(),
    wrongTries: integer("wrong_tries").notNull().default(0),
    consumedAt: ts("consumed_at"),
    voidedAt: ts("voided_at"),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [index("one_time_codes_lookup_idx").on(t.purpose, t.email, t.subject, t.binding, t.createdAt)],
);

/** One row per counted event; windows are counted with a range query (limits hold across processes). */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    bucket: text("bucket").notNull(),
    key: text("key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("rate_limit_hits_lookup_idx").on(t.bucket, t.key, t.createdAt)],
);

/**
 * The first answer to a state-changing request sent with an `Idempotency-Key` header, kept 24 hours per key, caller
 * and route: a repeat (a double click, a retried request) gets this answer instead of acting twice. A row without a
 * status is a request still being handled.
 */
export const idempotentRequests = pgTable(
  "idempotent_requests",
  {
    userKey: text("user_key").notNull(),
    route: text("route").notNull(),
    key: text("key").notNull(),
    /** A hash of the JSON body, so the same key with another body is refused; null for multipart bodies. */
    fingerprint: text("fingerprint"),
    statusCode: integer("status_code"),
    contentType: text("content_type"),
    body: text("body"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userKey, t.route, t.key] }), index("idempotent_requests_created_idx").on(t.createdAt)],
);

export const outgoingEmails = pgTable(
  "outgoing_emails",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    /** "withdrawn": not sent because its recipient could no longer see the project at send time. */
    status: text("status", { enum: ["pending", "sending", "sent", "failed", "withdrawn"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ts("next_attempt_at").notNull().defaultNow(),
    lockedUntil: ts("locked_until"),
    lastError: text("last_error"),
    /** Reply-To address (the signed reply+token address of a thread) when inbound replies are on. */
    replyTo: text("reply_to"),
    /** A calendar invitation sent as the message's text/calendar part (nodemailer icalEvent). */
    icalEvent: jsonb("ical_event").$type<{ method: "REQUEST" | "CANCEL"; filename: string; content: string }>(),
    /** The one-click unsubscribe URL (List-Unsubscribe) of a notification email; null for security emails. */
    listUnsubscribe: text("list_unsubscribe"),
    /**
     * A deferred message that a later change replaces (the project status email, one per settled change): the
     * pending row of a key whose next_attempt_at is still ahead is withdrawn and written again
     * (docs/decisions/0022-settled-status-emails.md).
     */
    collapseKey: text("collapse_key"),
    /** What the first change of the collapsed run changed from (a status): no email when the run ends there. */
    collapseFrom: text("collapse_from"),
    /**
     * The project the email is about: the worker sends it only if the recipient may still see that project
     * (email/recipient-access.ts); deleting the project drops its unsent emails.
     */
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    sentAt: ts("sent_at"),
  },
  (t) => [
    index("outgoing_emails_due_idx").on(t.status, t.nextAttemptAt),
    index("outgoing_emails_created_idx").on(t.createdAt),
    index("outgoing_emails_collapse_idx").on(t.collapseKey).where(sql`${t.collapseKey} is not null and ${t.status} = 'pending'`),
  ],
);

export const contactInquiries = pgTable(
  "contact_inquiries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    form: text("form", { enum: ["short", "long"] }).notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    mobile: text("mobile"),
    country: text("country"),
    remarks: text("remarks"),
    company: text("company"),
    phone: text("phone"),
    projectType: text("project_type"),
    budget: text("budget"),
    timeline: text("timeline"),
    message: text("message"),
    ip: text("ip"),
    /** Admin triage: new until someone from the company marks it answered. */
    status: text("status", { enum: ["new", "answered"] })
      .notNull()
      .default("new"),
    answeredAt: ts("answered_at"),
    answeredBy: uuid("answered_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    /** SHA-256 of the normalised submission: the same message sent twice within minutes is stored once. */
    fingerprint: text("fingerprint"),
  },
  (t) => [
    index("contact_inquiries_created_idx").on(t.createdAt),
    index("contact_inquiries_fingerprint_idx").on(t.fingerprint, t.createdAt),
    index("contact_inquiries_status_idx").on(t.status, t.createdAt),
  ],
);

export const profiles = pgTable(
  "profiles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fullName: text("full_name"),
    /** The name folded for search: no accents, lower case (search_fold, drizzle/0023); the admin search reads it. */
    fullNameSearch: text("full_name_search").generatedAlwaysAs(sql`search_fold(full_name)`),
    company: text("company"),
    jobTitle: text("job_title"),
    phone: text("phone"),
    companySize: text("company_size"),
    industry: text("industry"),
    companyAddress: text("company_address"),
    companyWebsite: text("company_website"),
    primaryContact: text("primary_contact"),
    packageType: text("package_type", { enum: ["basic", "advanced", "premium"] }),
    budgetRange: text("budget_range"),
    timeline: text("timeline"),
    profileCompleted: boolean("profile_completed").notNull().default(false),
    ndaSigned: boolean("nda_signed").notNull().default(false),
    ndaSignedAt: ts("nda_signed_at"),
    ndaStatus: text("nda_status", { enum: ["pending", "customer_verified", "approved"] }),
    ndaApprovedAt: ts("nda_approved_at"),
    requirementsSubmitted: boolean("requirements_submitted").notNull().default(false),
    /** Who the invoices are made out to (shared/schemas/legal.ts): the legal entity, its address, country, region (an
     * Indian state decides CGST + SGST or IGST) and optional tax ID; null: the company name and address above. */
    billingName: text("billing_name"),
    billingAddress: text("billing_address"),
    billingCountry: text("billing_country"),
    billingRegion: text("billing_region"),
    billingTaxId: text("billing_tax_id"),
    /** Why this row outlived its owner's account deletion (the signed NDA kept for the law); null otherwise. */
    retentionNote: text("retention_note"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("profiles_user_idx").on(t.userId),
    // The NDA tab: by status, and its approved history latest approval first.
    index("profiles_nda_status_approved_idx").on(t.ndaStatus, t.ndaApprovedAt),
    // The console's "incomplete profiles" card counts this small index, not the table.
    index("profiles_incomplete_idx").on(t.userId).where(sql`not ${t.profileCompleted}`),
    // Admin search by customer name (contains, accents and case folded): trigram index, pg_trgm.
    index("profiles_full_name_search_trgm_idx").using("gin", t.fullNameSearch.op("gin_trgm_ops")),
  ],
);

/** The signed NDA: what was signed (text hash), the signature image and the signer's details. */
export const ndaSignatures = pgTable("nda_signatures", {
  profileId: uuid("profile_id")
    .primaryKey()
    .references(() => profiles.id, { onDelete: "cascade" }),
  signerName: text("signer_name").notNull(),
  signerEmail: text("signer_email").notNull(),
  companyName: text("company_name").notNull(),
  agreementText: text("agreement_text").notNull(),
  agreementSha256: text("agreement_sha256").notNull(),
  signaturePng: text("signature_png").notNull(),
  signatureMethod: text("signature_method", { enum: ["drawn", "typed"] }).notNull(),
  signedAt: ts("signed_at").notNull(),
  approvedBy: text("approved_by"),
  approvedAt: ts("approved_at"),
});

/** Audit trail of NDA steps: code sent, code verified, signed, company approved. */
export const ndaAuditEvents = pgTable(
  "nda_audit_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: uuid("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    step: text("step").notNull(),
    email: text("email").notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (t) => [index("nda_audit_events_profile_idx").on(t.profileId, t.createdAt)],
);

/** Every document the portal issues, by the SHA-256 of its bytes, so /verify can recognise it. */
export const issuedDocuments = pgTable(
  "issued_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    sha256: text("sha256").notNull(),
    profileId: uuid("profile_id").references(() => profiles.id, { onDelete: "set null" }),
    projectId: uuid("project_id"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("issued_documents_sha_idx").on(t.sha256)],
);

export const projectCodeCounters = pgTable("project_code_counters", {
  year: integer("year").primaryKey(),
  lastValue: integer("last_value").notNull().default(0),
});

export const projects = pgTable(
  "projects",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    projectCode: text("project_code").notNull(),
    projectName: text("project_name"),
    /** The name folded for search (search_fold, drizzle/0023), like profiles.full_name_search. */
    projectNameSearch: text("project_name_search").generatedAlwaysAs(sql`search_fold(project_name)`),
    status: text("status", { enum: ["profile", "requirements", "development", "testing", "completed"] })
      .notNull()
      .default("requirements"),
    packageType: text("package_type", { enum: ["basic", "advanced", "premium"] })
      .notNull()
      .default("basic"),
    userLimit: integer("user_limit").notNull().default(5),
    /** The currency the project is priced in (domain/pricing.ts). */
    priceCurrency: text("price_currency", { enum: ["USD", "INR"] })
      .notNull()
      .default("USD"),
    /** The price the company quoted for this project instead of its plan's; null: the plan's price. */
    customPrice: money("custom_price"),
    /** Why the custom price (required with one; the audit log keeps each change). */
    customPriceReason: text("custom_price_reason"),
    /** The proposal the customer is asked to accept (project_proposal_acceptances): 1, then one more per price change. */
    proposalVersion: integer("proposal_version").notNull().default(1),
    iterationsUsed: integer("iterations_used").notNull().default(0),
    maxIterations: integer("max_iterations").notNull().default(3),
    expectedCompletionDate: ts("expected_completion_date"),
    prototypeUrl: text("prototype_url"),
    budgetRange: text("budget_range"),
    timeline: text("timeline"),
    advancePaymentLink: text("advance_payment_link"),
    advancePaymentLinkDate: ts("advance_payment_link_date"),
    advancePaymentAmount: money("advance_amount"),
    /** A pre-money amount that did not parse: kept for the admin to see and fix; null otherwise. */
    advancePaymentAmountUnparsed: text("advance_amount_unparsed"),
    advancePaymentCurrency: text("advance_payment_currency", { enum: ["USD", "INR"] })
      .notNull()
      .default("USD"),
    advancePaymentReceivedDate: ts("advance_payment_received_date"),
    advancePaymentDate: ts("advance_payment_date"),
    advancePaymentDateManual: ts("advance_payment_date_manual"),
    advanceInvoiceName: text("advance_invoice_name"),
    advanceInvoiceUrl: text("advance_invoice_url"),
    finalPaymentLink: text("final_payment_link"),
    finalPaymentAmount: money("final_amount"),
    /** A pre-money amount that did not parse: kept for the admin to see and fix; null otherwise. */
    finalPaymentAmountUnparsed: text("final_amount_unparsed"),
    finalInvoiceName: text("final_invoice_name"),
    finalInvoiceUrl: text("final_invoice_url"),
    finalPaymentDate: ts("final_payment_date"),
    finalPaymentDateManual: ts("final_payment_date_manual"),
    balancePaymentLink: text("balance_payment_link"),
    balancePaymentLinkDate: ts("balance_payment_link_date"),
    balancePaymentAmount: money("balance_amount"),
    /** A pre-money amount that did not parse: kept for the admin to see and fix; null otherwise. */
    balancePaymentAmountUnparsed: text("balance_amount_unparsed"),
    balancePaymentCurrency: text("balance_payment_currency", { enum: ["USD", "INR"] })
      .notNull()
      .default("USD"),
    balancePaymentReceivedDate: ts("balance_payment_received_date"),
    /** How a received phase was paid: by Stripe (webhook) or by transfer (the admin's typed date); null = unpaid. */
    advancePaidVia: text("advance_paid_via", { enum: ["stripe", "transfer"] }),
    balancePaidVia: text("balance_paid_via", { enum: ["stripe", "transfer"] }),
    /** What the admin must look at for a phase: a payment of the wrong amount, a second payment, or a refund; null = nothing. */
    advancePaymentIssue: text("advance_payment_issue", { enum: PAYMENT_ISSUES }),
    balancePaymentIssue: text("balance_payment_issue", { enum: PAYMENT_ISSUES }),
    /** Payment reminders sent for the phase (at most three) and when the last one went. */
    advanceRemindersSent: integer("advance_reminders_sent").notNull().default(0),
    advanceLastReminderAt: ts("advance_last_reminder_at"),
    balanceRemindersSent: integer("balance_reminders_sent").notNull().default(0),
    balanceLastReminderAt: ts("balance_last_reminder_at"),
    brdDocumentUrl: text("brd_document_url"),
    brdDocumentName: text("brd_document_name"),
    brdUploadedAt: ts("brd_uploaded_at"),
    deploymentDate: ts("deployment_date"),
    customerAccessExpiryDate: ts("customer_access_expiry_date"),
    /** When the owner or an admin-level member approved a prototype version (project_acceptances): the project completes. */
    acceptedAt: ts("accepted_at"),
    statusSetManuallyAt: ts("status_set_manually_at"),
    /** The delivery clock (shared/domain/delivery-clock.ts): started once the brief is confirmed and the advance is in. */
    deliveryStartedAt: ts("delivery_started_at"),
    /** deliveryStartedAt + the package's promised hours. */
    deliveryDueAt: ts("delivery_due_at"),
    /** When the first prototype version was published: the clock stops. */
    deliveredAt: ts("delivered_at"),
    /** When the company was emailed that the delivery is due soon (once per project). */
    deliveryReminderSentAt: ts("delivery_reminder_sent_at"),
    /** When the project last moved into development: a progress update is due from then on (shared/domain/progress-updates.ts). */
    developmentStartedAt: ts("development_started_at"),
    /** The newest progress update's time (project_updates); written with it, so the list's "Update due" reads one row. */
    lastUpdateAt: ts("last_update_at"),
    /** Why this project outlived its owner's account deletion (payments and invoices kept for the law); null otherwise. */
    retentionNote: text("retention_note"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("projects_code_idx").on(t.projectCode),
    index("projects_user_idx").on(t.userId, t.createdAt),
    index("projects_status_idx").on(t.status),
    index("projects_package_idx").on(t.packageType),
    // Admin console: filter + newest-first paging in the list's exact order (created, then id), so a page's rows and a
    // deep page's position come from the index alone; contains-search on code and name (pg_trgm).
    index("projects_created_id_idx").on(t.createdAt, t.id),
    index("projects_status_created_id_idx").on(t.status, t.createdAt, t.id),
    index("projects_package_created_id_idx").on(t.packageType, t.createdAt, t.id),
    // A customer-name search with a status filter: the matching owners' projects in that status, from the index alone.
    index("projects_user_status_idx").on(t.userId, t.status),
    // The console's Overdue filter and stat: running delivery clocks by due time.
    index("projects_delivery_due_idx").on(t.deliveryDueAt).where(sql`${t.deliveredAt} is null`),
    // The console's Update due stat and filter (features/updates/update-due.ts), one partial index per half of the rule:
    // due whatever the time, and updated since development began (by the update's time, which the clock ages).
    index("projects_update_due_always_idx")
      .on(t.status)
      .where(
        sql`${t.status} in ('development', 'testing') and (${t.lastUpdateAt} is null or ${t.lastUpdateAt} < ${t.developmentStartedAt})`,
      ),
    index("projects_updated_since_start_idx")
      .on(t.lastUpdateAt)
      .where(
        sql`${t.status} in ('development', 'testing') and ${t.lastUpdateAt} is not null and (${t.developmentStartedAt} is null or ${t.lastUpdateAt} >= ${t.developmentStartedAt})`,
      ),
    index("projects_code_trgm_idx").using("gin", t.projectCode.op("gin_trgm_ops")),
    index("projects_name_search_trgm_idx").using("gin", t.projectNameSearch.op("gin_trgm_ops")),
  ],
);

/**
 * Project counts kept by triggers on projects (drizzle/0008_perf_admin_counts.sql): the console's totals and its list's
 * filtered totals read a few rows here instead of counting 50,000 projects.
 */
export const projectCounts = pgTable(
  "project_counts",
  {
    status: text("status").notNull(),
    packageType: text("package_type").notNull(),
    n: integer("n").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.status, t.packageType] })],
);

/** Per owner, how many of their projects are not completed (the console's "active customers"), kept by the same triggers. */
export const ownerOpenProjects = pgTable("owner_open_projects", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  n: integer("n").notNull().default(0),
});

export const projectMembers = pgTable(
  "project_members",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    /** Lower-cased; the member is matched to a user by email when they sign in. */
    email: text("email").notNull(),
    accessLevel: text("access_level", { enum: MEMBER_ACCESS_LEVELS }).notNull(),
    addedBy: uuid("added_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("project_members_project_email_idx").on(t.projectId, t.email),
    index("project_members_email_idx").on(t.email),
  ],
);

export const requirements = pgTable("requirements", {
  projectId: uuid("project_id")
    .primaryKey()
    .references(() => projects.id, { onDelete: "cascade" }),
  projectName: text("project_name"),
  techStack: text("tech_stack"),
  problemStatement: text("problem_statement"),
  targetUsers: text("target_users"),
  currentSolution: text("current_solution"),
  coreFunctionality: text("core_functionality"),
  idealWorkflow: text("ideal_workflow"),
  successCriteria: text("success_criteria"),
  additionalRequirements: text("additional_requirements"),
  approved: boolean("approved").notNull().default(false),
  requirementsStatus: text("requirements_status"),
  generatedBrief: text("generated_brief"),
  briefGeneratedBy: text("brief_generated_by"),
  briefConfirmed: boolean("brief_confirmed").notNull().default(false),
  briefConfirmedAt: ts("brief_confirmed_at"),
  briefStatus: text("brief_status"),
  approvalStatus: text("approval_status"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Every meaningful change; Recent Activity, the admin views and the notification bell read these. */
export const activityEvents = pgTable(
  "activity_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Whose timeline the event belongs to (the customer); null for company-wide events. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "cascade" }),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    type: text("type").notNull(),
    title: text("title").notNull(),
    description: text("description"),
    /** The thread, feedback item or meeting request the event is about: the bell opens it (shared/item-links.ts). */
    subjectId: uuid("subject_id"),
    /** True when the event should appear in the recipient's notification bell. */
    notify: boolean("notify").notNull().default(false),
    readAt: ts("read_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("activity_events_user_idx").on(t.userId, t.createdAt),
    index("activity_events_project_idx").on(t.projectId, t.createdAt),
  ],
);

export const feedback = pgTable(
  "feedback",
  {
    id: uuid("id").$type<FeedbackId>().primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    feedbackType: text("feedback_type", { enum: ["error", "enhancement"] }).notNull(),
    status: text("status", { enum: ["pending", "done"] })
      .notNull()
      .default("pending"),
    issueFaced: text("issue_faced").notNull(),
    changeDescription: text("change_description").notNull(),
    /** The screenshot's content id in the file store (served at /api/files/{id}); named screenshotUrl in the API. */
    screenshotFileId: text("screenshot_file_id"),
    adminComment: text("admin_comment"),
    adminUpdatedAt: ts("admin_updated_at"),
    adminUpdatedBy: uuid("admin_updated_by").references(() => users.id, { onDelete: "set null" }),
    /** The feedback round (iteration) the item belongs to: the project's iterationsUsed + 1 while it is open. */
    round: integer("round").notNull().default(1),
    /** The prototype version (its number) that was in the viewer when the item was reported; null before the first. */
    versionNumber: integer("version_number"),
    /** What the tester's browser reported: prototype page, browser, OS, viewport, time, recent console errors. */
    context: jsonb("context").$type<Record<string, unknown>>(),
    /** How the company closed the item: fixed in a published version, or won't fix (reason in the history). */
    resolution: text("resolution", { enum: ["fixed", "wont_fix"] }),
    /** The published version (its number) the fix shipped in, while the resolution is "fixed". */
    fixedInVersion: integer("fixed_in_version"),
    /** When the customer confirmed the fix (cleared when the item is reopened). */
    confirmedAt: ts("confirmed_at"),
    /** The item's events after it was reported, in order (shared/schemas/feedback.ts feedbackHistoryEventSchema). */
    history: jsonb("history").$type<Record<string, unknown>[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("feedback_project_idx").on(t.projectId, t.createdAt),
    index("feedback_status_idx").on(t.status, t.createdAt),
    index("feedback_created_idx").on(t.createdAt),
    index("feedback_project_round_idx").on(t.projectId, t.round),
  ],
);

/** A published prototype version: the first is the delivery, each later one ends a feedback round. */
export const projectVersions = pgTable(
  "project_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    /** 1, 2, 3... per project. */
    number: integer("number").notNull(),
    url: text("url").notNull(),
    /** Markdown: what changed, which feedback it fixes. */
    releaseNotes: text("release_notes").notNull(),
    publishedBy: uuid("published_by").references(() => users.id, { onDelete: "set null" }),
    publishedAt: ts("published_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("project_versions_number_idx").on(t.projectId, t.number)],
);

/** The company's progress updates on a project (issue 28, part 2): what changed, the health, what comes next, images. */
export const projectUpdates = pgTable(
  "project_updates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    /** Markdown, at most 5,000 characters. */
    summary: text("summary").notNull(),
    health: text("health", { enum: ["on_track", "at_risk", "blocked"] }).notNull(),
    /** Markdown, at most 2,000 characters; null when none. */
    nextSteps: text("next_steps"),
    /** Up to 4 content ids in the file store (file_attachments kind "update_image"), in the order posted. */
    imageIds: jsonb("image_ids").$type<string[]>().notNull().default([]),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().default(sql`clock_timestamp()`),
  },
  (t) => [index("project_updates_project_idx").on(t.projectId, t.createdAt)],
);

/**
 * The customer's decisions on the prototype: one approval at most per project (it completes the project), any number
 * of change requests. Each keeps who, when, from where, the version and the hashes of what was accepted.
 */
export const projectAcceptances = pgTable(
  "project_acceptances",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    decision: text("decision", { enum: ["approve", "request_changes"] }).notNull(),
    comment: text("comment"),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    /** Kept as they were at the decision (a later rename or deleted account does not change the record). */
    userName: text("user_name").notNull(),
    userEmail: text("user_email").notNull(),
    accessLevel: text("access_level").notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    versionNumber: integer("version_number").notNull(),
    versionUrl: text("version_url").notNull(),
    releaseNotes: text("release_notes").notNull(),
    /** SHA-256 (hex) of the BRD file and of the confirmed brief's text at the decision; null when there was none. */
    brdSha256: text("brd_sha256"),
    briefSha256: text("brief_sha256"),
    decidedAt: ts("decided_at").notNull().defaultNow(),
  },
  (t) => [
    index("project_acceptances_project_idx").on(t.projectId, t.decidedAt),
    uniqueIndex("project_acceptances_one_approval_idx").on(t.projectId).where(sql`${t.decision} = 'approve'`),
  ],
);

export const communications = pgTable(
  "communications",
  {
    id: uuid("id").$type<CommunicationId>().primaryKey().defaultRandom(),
    /** The project whose thread this is; null for a general support thread (see customerId). */
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "cascade" }),
    /**
     * A general support thread's customer (a thread with the company before, or beside, any project): only they and
     * the company read it, and it goes with their account. Exactly one of projectId and customerId is set.
     */
    customerId: uuid("customer_id").references(() => users.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    fromCompany: boolean("from_company").notNull().default(false),
    type: text("type", { enum: ["message", "meeting"] }).notNull(),
    subject: text("subject").notNull(),
    content: text("content").notNull(),
    meetingUrl: text("meeting_url"),
    scheduledFor: ts("scheduled_for"),
    /** The meeting request this meeting came from (an admin's scheduling answer); one meeting per request. */
    meetingRequestId: uuid("meeting_request_id")
      .$type<MeetingRequestId>()
      .references((): AnyPgColumn => meetingRequests.id, { onDelete: "set null" }),
    /** Newest message in the thread (the communication or its latest reply): threads are listed by it. */
    lastActivityAt: ts("last_activity_at").notNull().defaultNow(),
    replyCount: integer("reply_count").notNull().default(0),
    /** Newest message from the customer's side: the admins' shared unread marker compares their read time with it. */
    lastCustomerActivityAt: ts("last_customer_activity_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("communications_project_idx").on(t.projectId, t.createdAt),
    index("communications_project_activity_idx").on(t.projectId, t.lastActivityAt),
    index("communications_activity_idx").on(t.lastActivityAt),
    index("communications_customer_activity_idx").on(t.customerId, t.lastActivityAt).where(sql`${t.customerId} is not null`),
    uniqueIndex("communications_meeting_request_idx").on(t.meetingRequestId),
    check("communications_one_owner", sql`num_nonnulls(${t.projectId}, ${t.customerId}) = 1`),
  ],
);

export const meetingRequests = pgTable(
  "meeting_requests",
  {
    id: uuid("id").$type<MeetingRequestId>().primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    requestedBy: uuid("requested_by").references(() => users.id, { onDelete: "set null" }),
    requestedByRole: text("requested_by_role").notNull().default("customer"),
    subject: text("subject").notNull(),
    description: text("description"),
    preferredDates: text("preferred_dates"),
    urgency: text("urgency", { enum: ["low", "medium", "high"] })
      .notNull()
      .default("medium"),
    status: text("status", { enum: ["pending", "scheduled", "completed", "cancelled"] })
      .notNull()
      .default("pending"),
    scheduledAt: ts("scheduled_at"),
    meetingLink: text("meeting_link"),
    adminNotes: text("admin_notes"),
    /** The calendar invitation's SEQUENCE: bumped each time a sent invitation changes or is cancelled. */
    icsSequence: integer("ics_sequence").notNull().default(0),
    /** When an invitation (METHOD:REQUEST) was last sent; null = none yet, so a cancel needs no METHOD:CANCEL. */
    invitationSentAt: ts("invitation_sent_at"),
    /** When the company first answered the request (it left "pending"): the service level's measure. */
    respondedAt: ts("responded_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("meeting_requests_project_idx").on(t.projectId, t.createdAt),
    index("meeting_requests_status_idx").on(t.status, t.createdAt),
    index("meeting_requests_urgency_idx").on(t.urgency, t.createdAt),
    index("meeting_requests_created_idx").on(t.createdAt),
  ],
);

/** Replies in a communication thread, from the portal or from an emailed reply. */
export const communicationReplies = pgTable(
  "communication_replies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    communicationId: uuid("communication_id")
      .$type<CommunicationId>()
      .notNull()
      .references(() => communications.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    /** Who wrote it, kept even without an account (a reply by email from an invited member who never signed in). */
    authorEmail: text("author_email").notNull(),
    fromCompany: boolean("from_company").notNull().default(false),
    content: text("content").notNull(),
    source: text("source", { enum: ["portal", "email"] })
      .notNull()
      .default("portal"),
    /** The Message-ID of an emailed reply: the same message delivered twice is added once per thread. */
    emailMessageId: text("email_message_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("communication_replies_thread_idx").on(t.communicationId, t.createdAt),
    uniqueIndex("communication_replies_message_id_idx")
      .on(t.communicationId, t.emailMessageId)
      .where(sql`${t.emailMessageId} is not null`),
  ],
);

/** How far each user has read each thread: unread = activity by someone else after last_read_at. */
export const communicationReads = pgTable(
  "communication_reads",
  {
    communicationId: uuid("communication_id")
      .$type<CommunicationId>()
      .notNull()
      .references(() => communications.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lastReadAt: ts("last_read_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.communicationId, t.userId] })],
);

/** Every change an admin makes to a project: who, what, and each field's value before and after. */
export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "cascade" }),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    changes: jsonb("changes").$type<Array<{ field: string; before: unknown; after: unknown }>>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    index("admin_audit_log_project_idx").on(t.projectId, t.createdAt),
    index("admin_audit_log_created_idx").on(t.createdAt),
  ],
);

/** One row per scheduled tick of a job: the process that inserts it runs the tick, so it runs once across processes. */
export const scheduledJobRuns = pgTable(
  "scheduled_job_runs",
  {
    job: text("job").notNull(),
    tickAt: ts("tick_at").notNull(),
    claimedBy: text("claimed_by").notNull(),
    startedAt: ts("started_at").notNull().defaultNow(),
    finishedAt: ts("finished_at"),
    result: jsonb("result").$type<Record<string, unknown>>(),
    error: text("error"),
  },
  (t) => [primaryKey({ columns: [t.job, t.tickAt] })],
);

/**
 * The access-expiry reminders sent (features/projects/access-expiry/reminders.ts): one row per project, expiry date
 * and step (30 or 7 days before). The primary key is the claim, so a reminder goes once even across processes, and an
 * extended date (a new expires_at) has its own reminders.
 */
export const accessExpiryReminders = pgTable(
  "access_expiry_reminders",
  {
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    expiresAt: ts("expires_at").notNull(),
    daysBefore: integer("days_before").notNull(),
    sentAt: ts("sent_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.expiresAt, t.daysBefore] })],
);

/** PostgreSQL bytea; node-postgres and PGlite both hand back bytes, normalised to a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (value) => value,
  fromDriver: (value) => Buffer.from(value),
});

/** File bytes when the file store keeps them in the database (its default backend); the id is their SHA-256 (hex). */
export const fileBlobs = pgTable("file_blobs", {
  id: text("id").primaryKey(),
  contentType: text("content_type").notNull(),
  size: integer("size").notNull(),
  data: bytea("data").notNull(),
  createdAt: createdAt(),
});

/** Which project each stored file belongs to, and as what: GET /api/files/{id} is allowed through these rows. */
export const fileAttachments = pgTable(
  "file_attachments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The SHA-256 (hex) content id in the file store. */
    fileId: text("file_id").notNull(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: FILE_KINDS }).notNull(),
    /** The name it is downloaded as (never used to store it). */
    filename: text("filename").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("file_attachments_file_idx").on(t.fileId), index("file_attachments_project_idx").on(t.projectId, t.kind)],
);

/** A user's choice per notification kind; no row means "email". Security emails have no kind and are always sent. */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    mode: text("mode", { enum: ["email", "digest", "off"] }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/** Notifications held for a user's daily digest; the digest run deletes the ones it sends. */
export const notificationDigestItems = pgTable(
  "notification_digest_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    subject: text("subject").notNull(),
    summary: text("summary").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("notification_digest_items_user_idx").on(t.userId, t.createdAt)],
);

/** The Checkout Sessions the portal created: a webhook is believed only for a session listed here for its project. */
export const stripeCheckoutSessions = pgTable(
  "stripe_checkout_sessions",
  {
    /** Stripe's session id (cs_...). */
    id: text("id").primaryKey(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    phase: text("phase", { enum: ["advance", "balance"] }).notNull(),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    currency: text("currency", { enum: ["USD", "INR"] }).notNull(),
    url: text("url").notNull(),
    status: text("status", { enum: ["open", "complete", "expired", "failed"] })
      .notNull()
      .default("open"),
    expiresAt: ts("expires_at").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("stripe_checkout_sessions_project_idx").on(t.projectId, t.phase, t.status)],
);

/** Every payment fact: Stripe's (paid, paid again, mismatch, failed, expired, refunded) and the admin's typed transfers. */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    phase: text("phase", { enum: ["advance", "balance"] }).notNull(),
    provider: text("provider", { enum: ["stripe", "transfer"] }).notNull(),
    kind: text("kind", { enum: PAYMENT_RECORD_KINDS }).notNull(),
    amountMinor: bigint("amount_minor", { mode: "number" }),
    currency: text("currency"),
    stripeEventId: text("stripe_event_id"),
    stripeSessionId: text("stripe_session_id"),
    stripePaymentIntentId: text("stripe_payment_intent_id"),
    occurredAt: ts("occurred_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("payments_project_idx").on(t.projectId, t.phase, t.occurredAt),
    uniqueIndex("payments_stripe_event_idx").on(t.stripeEventId),
  ],
);

/** Stripe events by id, stored before they are acted on; processed_at set in the same transaction as the effects. */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
  /** What handling concluded (applied, ignored: why); null until handled. */
  outcome: text("outcome"),
  receivedAt: ts("received_at").notNull().defaultNow(),
  processedAt: ts("processed_at"),
});

/**
 * The company's legal details, one row (id 1): the seller on invoices and proposals, the Provider in the NDA and the
 * terms pages, the invoice numbering and the payment schedule (shared/schemas/legal.ts). No row: not set up yet.
 */
export const companyLegalSettings = pgTable(
  "company_legal_settings",
  {
    id: integer("id").primaryKey().default(1),
    legalName: text("legal_name").notNull(),
    address: text("address").notNull(),
    country: text("country").notNull(),
    region: text("region"),
    taxId: text("tax_id"),
    taxLabel: text("tax_label"),
    /** The tax rate in basis points (1800 = 18 %); 0 when not registered. Prices include it (decision 0038). */
    taxRateBasisPoints: integer("tax_rate_basis_points").notNull().default(0),
    invoicePrefix: text("invoice_prefix").notNull(),
    governingLaw: text("governing_law").notNull(),
    signatoryName: text("signatory_name").notNull(),
    signatoryTitle: text("signatory_title").notNull(),
    contactEmail: text("contact_email").notNull(),
    /** The advance's share of the price, in percent; the balance is the rest. */
    advancePercent: integer("advance_percent").notNull().default(50),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("company_legal_settings_one_row", sql`${t.id} = 1`),
    check("company_legal_settings_advance_percent", sql`${t.advancePercent} between 0 and 100`),
    check("company_legal_settings_tax_rate", sql`${t.taxRateBasisPoints} between 0 and 10000`),
  ],
);

/** A proposal accepted by name: who, when, from where, what exactly (its text's SHA-256) and the sealed PDF's hash. */
export const proposalAcceptances = pgTable(
  "proposal_acceptances",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The name typed to accept, and the account's email, as they were (a later rename does not change the record). */
    acceptedName: text("accepted_name").notNull(),
    userEmail: text("user_email").notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    /** The proposal as accepted (package, price, schedule, terms): what the sealed PDF is drawn from. */
    proposal: jsonb("proposal").$type<Record<string, unknown>>().notNull(),
    proposalSha256: text("proposal_sha256").notNull(),
    acceptedAt: ts("accepted_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("proposal_acceptances_version_idx").on(t.projectId, t.version)],
);

/** The last invoice sequence number of each year: taken in the issuing transaction, so a failed issue leaves no gap. */
export const invoiceCounters = pgTable("invoice_counters", {
  year: integer("year").primaryKey(),
  lastValue: integer("last_value").notNull().default(0),
});

/**
 * An invoice per requested payment phase, numbered PREFIX-YEAR-NNNN with no gaps and never reused; what it states
 * (seller, buyer, lines, taxes, totals) is kept as issued, so it reads the same whatever changes later. Paid: its
 * receipt can be downloaded. Void: the phase's amount changed before payment, and a new invoice replaces it.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    number: text("number").notNull(),
    year: integer("year").notNull(),
    sequence: integer("sequence").notNull(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "restrict" }),
    phase: text("phase", { enum: ["advance", "balance"] }).notNull(),
    status: text("status", { enum: ["issued", "paid", "void"] })
      .notNull()
      .default("issued"),
    currency: text("currency", { enum: ["USD", "INR"] }).notNull(),
    totalMinor: bigint("total_minor", { mode: "number" }).notNull(),
    /** Seller, buyer, lines, tax lines, taxable value, paid to date and balance as issued (shared/domain/invoices.ts). */
    content: jsonb("content").$type<Record<string, unknown>>().notNull(),
    issuedAt: ts("issued_at").notNull().defaultNow(),
    paidAt: ts("paid_at"),
    voidedAt: ts("voided_at"),
  },
  (t) => [
    uniqueIndex("invoices_number_idx").on(t.number),
    uniqueIndex("invoices_year_sequence_idx").on(t.year, t.sequence),
    index("invoices_project_idx").on(t.projectId, t.issuedAt),
    // One live invoice per phase; a voided one stays beside its replacement.
    uniqueIndex("invoices_live_phase_idx").on(t.projectId, t.phase).where(sql`${t.status} <> 'void'`),
    // The console's list, newest first.
    index("invoices_issued_idx").on(t.issuedAt, t.id),
  ],
);

/**
 * An outgoing webhook endpoint (issue 46 §1): where the company's other tools hear of events. `standard` endpoints get
 * the signed JSON body (Standard Webhooks); `slack` ones a short Block Kit message and no secret. The signing secret
 * is kept encrypted with a key derived from SECRET_KEY (features/webhooks/secret-box.ts): it must be usable to sign,
 * so it cannot be only hashed, and it is answered once, on create and on rotate.
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: ["standard", "slack"] }).notNull(),
    url: text("url").notNull(),
    description: text("description").notNull().default(""),
    eventTypes: text("event_types").array().notNull(),
    /** "v1.<iv>.<tag>.<ciphertext>" (AES-256-GCM, base64url); null for Slack endpoints. */
    secretCiphertext: text("secret_ciphertext"),
    pausedAt: ts("paused_at"),
    /** Why it is paused: by a person, or automatically after failing for a day. */
    pausedReason: text("paused_reason"),
    /** Since when every delivery to it has failed (the first failed attempt after the last success); null when healthy. */
    failingSince: ts("failing_since"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("webhook_endpoints_created_idx").on(t.createdAt, t.id)],
);

/**
 * One event for one endpoint: its id is the `webhook-id` header, the same on every retry and resend (receivers
 * de-duplicate by it). Pending rows are the queue (a claim sets locked_until); delivered and failed ones are the log.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventType: text("event_type").notNull(),
    /** The event's body ({type, timestamp, data}) exactly as signed and sent. */
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: text("status", { enum: ["pending", "delivered", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ts("next_attempt_at").notNull().defaultNow(),
    /** A worker holds the row until then while it sends; a crashed worker's claim runs out. */
    lockedUntil: ts("locked_until"),
    /** When the current run of retries began (creation, or the last resend): retries stop about a day after it. */
    retryStartedAt: ts("retry_started_at").notNull().defaultNow(),
    lastAttemptAt: ts("last_attempt_at"),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    /** The first 1 KB of the last answer. */
    lastResponseExcerpt: text("last_response_excerpt"),
    createdAt: createdAt(),
    deliveredAt: ts("delivered_at"),
  },
  (t) => [
    index("webhook_deliveries_due_idx").on(t.status, t.nextAttemptAt),
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt),
  ],
);

/** Each attempt to deliver: when, the answer's status (null: no answer), the error, and the first 1 KB of the answer. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    deliveryId: uuid("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    attemptedAt: ts("attempted_at").notNull(),
    durationMs: integer("duration_ms").notNull(),
    statusCode: integer("status_code"),
    error: text("error"),
    responseExcerpt: text("response_excerpt"),
  },
  (t) => [index("webhook_attempts_delivery_idx").on(t.deliveryId, t.attemptedAt)],
);
