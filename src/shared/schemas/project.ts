// The project as the API returns it, and the New Project request.
import { z } from "zod";
import { CURRENCIES, PACKAGE_TYPES } from "../constants/packages";
import { PAYMENT_PHASE_STATES, PAYMENT_PHASES } from "../domain/payments";
import { PROJECT_ACCESS_LEVELS } from "../domain/project-access";
import { PROJECT_STATUSES } from "../domain/project-status";
import { pageQueryFields, pageSchema } from "./paging";

const isoDate = z.string().nullable();

export const projectPriceSchema = z.object({
  amount: z.string(),
  currency: z.enum(CURRENCIES),
  source: z.enum(["plan", "custom"]),
});

export const PROPOSAL_STATES = ["not_ready", "open", "accepted"] as const;

/**
 * The proposal's state in every project answer (one round trip for the dashboard; schemas/proposal.ts has the
 * proposal itself): not ready until the brief is confirmed, then open until the current version is accepted.
 * acceptedAt/acceptedBy/acceptedVersion are the newest acceptance of any version (an earlier one stays on record when
 * the price changed after it).
 */
export const projectProposalSchema = z.object({
  version: z.number(),
  state: z.enum(PROPOSAL_STATES),
  acceptedAt: z.string().nullable(),
  acceptedBy: z.string().nullable(),
  acceptedVersion: z.number().nullable(),
});
export type ProjectProposal = z.infer<typeof projectProposalSchema>;

export const projectSchema = z.object({
  id: z.string(),
  userId: z.string(),
  projectCode: z.string(),
  projectName: z.string().nullable(),
  customerName: z.string().nullable(),
  status: z.enum(PROJECT_STATUSES),
  packageType: z.enum(PACKAGE_TYPES),
  /** The project's one price (domain/pricing.ts): its plan's, or the custom one the company quoted; null to a member below admin. */
  price: projectPriceSchema.nullable(),
  /** Each phase's share of the price by the payment schedule, and what makes it due (empty to a member below admin). */
  paymentSchedule: z.array(
    z.object({
      phase: z.enum(PAYMENT_PHASES),
      percent: z.number(),
      amount: z.string(),
      currency: z.enum(CURRENCIES),
      due: z.string(),
    }),
  ),
  userLimit: z.number(),
  authorizedUsersCount: z.number(),
  iterationsUsed: z.number(),
  maxIterations: z.number(),
  expectedCompletionDate: isoDate,
  /** Null before a prototype is up, and for the owner and members once their access has ended (hasPrototype stays). */
  prototypeUrl: z.string().nullable(),
  /** A prototype is up, whether or not its address is answered to this caller. */
  hasPrototype: z.boolean(),
  budgetRange: z.string().nullable(),
  timeline: z.string().nullable(),
  advancePaymentLink: z.string().nullable(),
  advancePaymentLinkDate: isoDate,
  advancePaymentAmount: z.string().nullable(),
  advancePaymentCurrency: z.enum(["USD", "INR"]),
  advancePaymentReceivedDate: isoDate,
  advancePaymentDate: isoDate,
  advancePaymentDateManual: isoDate,
  advanceInvoiceName: z.string().nullable(),
  advanceInvoiceUrl: z.string().nullable(),
  finalPaymentLink: z.string().nullable(),
  finalPaymentAmount: z.string().nullable(),
  finalInvoiceName: z.string().nullable(),
  finalInvoiceUrl: z.string().nullable(),
  finalPaymentDate: isoDate,
  finalPaymentDateManual: isoDate,
  balancePaymentLink: z.string().nullable(),
  balancePaymentLinkDate: isoDate,
  balancePaymentAmount: z.string().nullable(),
  balancePaymentCurrency: z.enum(["USD", "INR"]),
  balancePaymentReceivedDate: isoDate,
  /** A pre-money amount that did not parse (kept for the admin to fix; the phase has no amount until then). */
  advancePaymentAmountUnparsed: z.string().nullable(),
  balancePaymentAmountUnparsed: z.string().nullable(),
  finalPaymentAmountUnparsed: z.string().nullable(),
  /** Each phase's state (not issued, awaiting payment, paid via Stripe or by transfer, amount mismatch, refunded). */
  advancePaymentState: z.enum(PAYMENT_PHASE_STATES).nullable(),
  /** Stripe payments are on (both keys configured): the dashboard offers Pay Now through Checkout. */
  cardPaymentsEnabled: z.boolean(),
  balancePaymentState: z.enum(PAYMENT_PHASE_STATES).nullable(),
  brdDocumentUrl: z.string().nullable(),
  brdDocumentName: z.string().nullable(),
  brdUploadedAt: isoDate,
  deploymentDate: isoDate,
  customerAccessExpiryDate: isoDate,
  /** The delivery clock (domain/delivery-clock.ts): started, due (started + the package's hours), delivered. */
  deliveryStartedAt: isoDate,
  deliveryDueAt: isoDate,
  deliveredAt: isoDate,
  /** When the customer approved the prototype (the completion date); null before, or when the company closed it. */
  acceptedAt: isoDate,
  createdAt: z.string(),
  /** The project's requirements are saved with a problem statement (What's Next reads it). */
  requirementsSubmitted: z.boolean(),
  /** The caller's access to this project: owner, a member's level, or company. */
  accessLevel: z.enum(PROJECT_ACCESS_LEVELS),
  /**
   * The earliest meeting held or scheduled on the project (a completed request, or a scheduled one's time); the
   * journey's Kick-off Meeting is done once this time has passed. Null: none.
   */
  firstMeetingAt: isoDate,
  /** The proposal's state (null to a member below admin, like the payments). */
  proposal: projectProposalSchema.nullable(),
});
export type Project = z.infer<typeof projectSchema>;

/**
 * GET /api/projects: the caller's projects a page at a time (the first item of page 1 is the current project). 50 a
 * page holds every customer's whole list in one answer; a company admin's every project takes pages.
 */
export const PROJECTS_PAGE_SIZE = 50;
export const projectsQuerySchema = z.strictObject(pageQueryFields(PROJECTS_PAGE_SIZE));
export const projectPageSchema = pageSchema(projectSchema);
export type ProjectPage = z.infer<typeof projectPageSchema>;

/** Why a project (or its answers) cannot exist yet: the NDA comes before the idea; members work where invited. */
export const PROJECT_MESSAGES = {
  ndaRequired: "Complete your company profile and sign the NDA before you create a project or share its requirements.",
  memberCannotCreate:
    "You were invited to work in another company's project, so you cannot create projects. Ask the project's owner for anything new.",
} as const;

/** POST /api/projects: the client may name a package; the server decides status, code and limits. */
export const newProjectSchema = z.object({
  packageType: z.enum(PACKAGE_TYPES).optional(),
  budgetRange: z.string().max(50).optional(),
  timeline: z.string().max(50).optional(),
  userLimit: z.number().optional(),
  status: z.string().optional(),
});

/** The New Project dialog: the package to build it on (the rest follows from the package on the server). */
export const newProjectFormSchema = z.object({
  packageType: z.enum(PACKAGE_TYPES, { error: "Please choose the basic, advanced or premium package" }),
});
export type NewProjectForm = z.infer<typeof newProjectFormSchema>;
