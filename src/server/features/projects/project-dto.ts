// Turns project rows into the API shape (dates as ISO strings, with the member count and the caller's access).
// An invited member below admin level is not told the owner's payments: those fields are empty in their answer;
// an admin-level member sees them (they may pay).
import { prototypeClosedTo } from "../../../shared/domain/access-expiry";
import { memberLevelOf } from "../../../shared/domain/next-action";
import { PAYMENT_PHASES, paymentPhaseState } from "../../../shared/domain/payments";
import { PAYMENT_SCHEDULE, type ProjectPrice, projectPrice, scheduledPhaseAmount } from "../../../shared/domain/pricing";
import type { Project } from "../../../shared/schemas/project";
import { projectProposalState } from "../../../shared/schemas/proposal";
import type { projects } from "../../db/schema";

type ProjectRow = typeof projects.$inferSelect;
/** The brief confirmed, and the newest acceptance of any version (json from the list's subquery, or null). */
export type ProposalFacts = {
  briefConfirmed: boolean;
  accepted: { version: number; at: string | Date; by: string } | string | null;
};

function proposalOf(row: ProjectRow, facts: ProposalFacts | undefined): Project["proposal"] {
  const raw = typeof facts?.accepted === "string" ? JSON.parse(facts.accepted) : (facts?.accepted ?? null);
  return projectProposalState({
    version: row.proposalVersion,
    briefConfirmed: Boolean(facts?.briefConfirmed),
    accepted: raw ? { version: Number(raw.version), at: new Date(raw.at).toISOString(), by: String(raw.by) } : null,
  });
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function toProjectDto(
  row: ProjectRow,
  extra: {
    authorizedUsersCount: number;
    customerName: string | null;
    accessLevel: Project["accessLevel"];
    requirementsSubmitted: boolean;
    /** The earliest meeting held or scheduled on the project (see list-projects.ts); none when not read. */
    firstMeetingAt?: Date | string | null;
    /** The proposal's facts (proposals/proposal-state.ts reads them in the list's query); none: not confirmed, not accepted. */
    proposal?: ProposalFacts;
  },
): Project {
  const price = projectPrice(row);
  const dto: Project = {
    id: row.id,
    userId: row.userId,
    projectCode: row.projectCode,
    projectName: row.projectName,
    customerName: extra.customerName,
    status: row.status,
    packageType: row.packageType,
    price,
    paymentSchedule: paymentScheduleOf(price, PAYMENT_SCHEDULE.advance.percent),
    userLimit: row.userLimit,
    authorizedUsersCount: extra.authorizedUsersCount,
    iterationsUsed: row.iterationsUsed,
    maxIterations: row.maxIterations,
    expectedCompletionDate: iso(row.expectedCompletionDate),
    prototypeUrl: row.prototypeUrl,
    hasPrototype: Boolean(row.prototypeUrl),
    budgetRange: row.budgetRange,
    timeline: row.timeline,
    advancePaymentLink: row.advancePaymentLink,
    advancePaymentLinkDate: iso(row.advancePaymentLinkDate),
    advancePaymentAmount: row.advancePaymentAmount,
    advancePaymentCurrency: row.advancePaymentCurrency,
    advancePaymentReceivedDate: iso(row.advancePaymentReceivedDate),
    advancePaymentDate: iso(row.advancePaymentDate),
    advancePaymentDateManual: iso(row.advancePaymentDateManual),
    advanceInvoiceName: row.advanceInvoiceName,
    advanceInvoiceUrl: row.advanceInvoiceUrl,
    finalPaymentLink: row.finalPaymentLink,
    finalPaymentAmount: row.finalPaymentAmount,
    finalInvoiceName: row.finalInvoiceName,
    finalInvoiceUrl: row.finalInvoiceUrl,
    finalPaymentDate: iso(row.finalPaymentDate),
    finalPaymentDateManual: iso(row.finalPaymentDateManual),
    balancePaymentLink: row.balancePaymentLink,
    balancePaymentLinkDate: iso(row.balancePaymentLinkDate),
    balancePaymentAmount: row.balancePaymentAmount,
    balancePaymentCurrency: row.balancePaymentCurrency,
    balancePaymentReceivedDate: iso(row.balancePaymentReceivedDate),
    advancePaymentAmountUnparsed: row.advancePaymentAmountUnparsed,
    balancePaymentAmountUnparsed: row.balancePaymentAmountUnparsed,
    finalPaymentAmountUnparsed: row.finalPaymentAmountUnparsed,
    advancePaymentState: paymentPhaseState({
      link: row.advancePaymentLink,
      amount: row.advancePaymentAmount,
      receivedDate: row.advancePaymentReceivedDate,
      paidVia: row.advancePaidVia,
      issue: row.advancePaymentIssue,
    }),
    balancePaymentState: paymentPhaseState({
      link: row.balancePaymentLink ?? row.finalPaymentLink,
      amount: row.balancePaymentAmount,
      receivedDate: row.balancePaymentReceivedDate,
      paidVia: row.balancePaidVia,
      issue: row.balancePaymentIssue,
    }),
    brdDocumentUrl: row.brdDocumentUrl,
    brdDocumentName: row.brdDocumentName,
    brdUploadedAt: iso(row.brdUploadedAt),
    deploymentDate: iso(row.deploymentDate),
    customerAccessExpiryDate: iso(row.customerAccessExpiryDate),
    deliveryStartedAt: iso(row.deliveryStartedAt),
    deliveryDueAt: iso(row.deliveryDueAt),
    deliveredAt: iso(row.deliveredAt),
    acceptedAt: iso(row.acceptedAt),
    createdAt: row.createdAt.toISOString(),
    requirementsSubmitted: extra.requirementsSubmitted,
    accessLevel: extra.accessLevel,
    firstMeetingAt: extra.firstMeetingAt ? new Date(extra.firstMeetingAt).toISOString() : null,
    // The route that answers sets it from the server's configuration (withCardPayments).
    cardPaymentsEnabled: false,
    proposal: proposalOf(row, extra.proposal),
  };
  const level = memberLevelOf(dto);
  return level && level !== "admin" ? { ...dto, ...NO_PAYMENTS } : dto;
}

/**
 * The projects as they are answered at `now`: once access has ended, the owner and members are not given the
 * prototype's address (the viewer and its links are closed; the company, who hosts it, still gets it). Applied to
 * each answer, after the read cache: a list cached before the date must not carry the address past it.
 */
export function withoutEndedPrototypes<T extends Project>(list: T[], now = new Date()): T[] {
  return list.map((project) =>
    project.prototypeUrl && prototypeClosedTo(project, now) ? { ...project, prototypeUrl: null } : project,
  );
}

/** Each phase's share of the price by the company's schedule (the advance's percent; the balance is the rest). */
export function paymentScheduleOf(price: ProjectPrice, advancePercent: number): Project["paymentSchedule"] {
  return PAYMENT_PHASES.map((phase) => ({
    phase,
    percent: phase === "advance" ? advancePercent : 100 - advancePercent,
    amount: scheduledPhaseAmount(price, phase, advancePercent),
    currency: price.currency,
    due: PAYMENT_SCHEDULE[phase].due,
  }));
}

/**
 * The projects with the company's payment schedule (its legal settings' advance percent, read once per request):
 * applied to each answer after the read cache, as the setting is not one of the tables a cached list is dropped by.
 * A member below admin level keeps the empty schedule it was given.
 */
export function withPaymentSchedule<T extends Project>(list: T[], advancePercent: number): T[] {
  return list.map((project) =>
    project.price ? { ...project, paymentSchedule: paymentScheduleOf(project.price, advancePercent) } : project,
  );
}

/** The projects as the routes answer them: whether Stripe payments are on is the server's configuration, not a row's. */
export function withCardPayments<T extends Project>(list: T[], enabled: boolean): T[] {
  return list.map((project) => ({ ...project, cardPaymentsEnabled: enabled }));
}

const NO_PAYMENTS = {
  price: null,
  paymentSchedule: [],
  advancePaymentLink: null,
  advancePaymentLinkDate: null,
  advancePaymentAmount: null,
  advancePaymentReceivedDate: null,
  advancePaymentDate: null,
  advancePaymentDateManual: null,
  advanceInvoiceName: null,
  advanceInvoiceUrl: null,
  finalPaymentLink: null,
  finalPaymentAmount: null,
  finalInvoiceName: null,
  finalInvoiceUrl: null,
  finalPaymentDate: null,
  finalPaymentDateManual: null,
  balancePaymentLink: null,
  balancePaymentLinkDate: null,
  balancePaymentAmount: null,
  balancePaymentReceivedDate: null,
  advancePaymentAmountUnparsed: null,
  balancePaymentAmountUnparsed: null,
  finalPaymentAmountUnparsed: null,
  advancePaymentState: null,
  balancePaymentState: null,
  proposal: null,
} satisfies Partial<Project>;
