// The proposal the customer accepts before the work starts (issue 48 §2): what GET /api/projects/{id}/proposal answers,
// what POST …/proposal/accept takes, and the proposal's state that every project answer carries for the dashboard.
import { z } from "zod";
import { CURRENCIES, PACKAGE_TYPES } from "../constants/packages";
import { formatLongDate } from "../domain/dates";
import { PAYMENT_PHASES } from "../domain/payments";
import { hasUnsafeCharacters } from "../text/safe-text";
import { type ProjectProposal, projectPriceSchema } from "./project";

export const PROPOSAL_NAME_MIN = 2;
export const PROPOSAL_NAME_MAX = 100;

export const PROPOSAL_MESSAGES = {
  nameRequired: "Type your full name to accept the proposal",
  nameTooShort: `Type your full name (at least ${PROPOSAL_NAME_MIN} characters)`,
  nameTooLong: `Please keep your name under ${PROPOSAL_NAME_MAX} characters`,
  nameInvalid: "Please remove line breaks and special characters",
  notReady:
    "The proposal is made once the brief is confirmed: confirm your project brief first, and the proposal appears on your dashboard.",
  forbidden: "Only the project's owner or a team admin can see and accept the proposal.",
  mayNotAccept: "Only the project's owner or a team admin can accept the proposal.",
  alreadyAccepted: "This proposal is already accepted: see it in your project documents.",
  changed: (proposal: { version: number; price: string }) =>
    `The proposal changed since you opened it: version ${proposal.version} asks ${proposal.price}. Read the new proposal, then accept it.`,
  noPdf: "There is no accepted proposal yet: its PDF is made when the proposal is accepted.",
  notAccepted:
    "Accept the proposal first: the advance can be paid once the project's proposal (price, schedule and terms) is accepted on your dashboard.",
  /** The dashboard's words for 409 LEGAL_DETAILS_MISSING: the company has not set up its legal details yet. */
  preparing: "The Blueprint team is preparing your proposal. It appears here as soon as it is ready.",
} as const;

/** The name typed to accept: one line of plain text, 2–100 characters once trimmed. */
export const proposalAcceptInputSchema = z.strictObject({
  name: z
    .string({ error: PROPOSAL_MESSAGES.nameRequired })
    .trim()
    .min(1, { message: PROPOSAL_MESSAGES.nameRequired, abort: true })
    .min(PROPOSAL_NAME_MIN, { message: PROPOSAL_MESSAGES.nameTooShort, abort: true })
    .max(PROPOSAL_NAME_MAX, PROPOSAL_MESSAGES.nameTooLong)
    .refine((value) => !hasUnsafeCharacters(value), PROPOSAL_MESSAGES.nameInvalid),
  /** The version the customer read: a newer one is refused (409 PROPOSAL_CHANGED). */
  version: z.number({ error: "The proposal's version is missing" }).int().positive(),
});
export type ProposalAcceptInput = z.infer<typeof proposalAcceptInputSchema>;

const partySchema = z.object({
  name: z.string(),
  address: z.string(),
  countryName: z.string(),
  taxId: z.string().nullable(),
  taxIdLabel: z.string().nullable(),
});

/** What the customer accepts: the same for everyone who opens this version (its SHA-256 is recorded at acceptance). */
export const proposalContentSchema = z.object({
  projectCode: z.string(),
  projectName: z.string().nullable(),
  version: z.number(),
  package: z.object({ code: z.enum(PACKAGE_TYPES), name: z.string() }),
  price: projectPriceSchema,
  schedule: z.array(
    z.object({
      phase: z.enum(PAYMENT_PHASES),
      label: z.string(),
      percent: z.number(),
      amount: z.string(),
      currency: z.enum(CURRENCIES),
      due: z.string(),
    }),
  ),
  /** The delivery promise: the package's hours, counted from the advance's receipt. */
  delivery: z.object({ hours: z.number(), text: z.string() }),
  iterations: z.number(),
  testers: z.number(),
  accessMonths: z.number(),
  seller: partySchema,
  buyer: partySchema,
  terms: z.object({
    version: z.string(),
    title: z.string(),
    sections: z.array(z.object({ heading: z.string(), body: z.string() })),
    links: z.object({ terms: z.string(), refunds: z.string(), privacy: z.string() }),
  }),
});
export type ProposalContent = z.infer<typeof proposalContentSchema>;

export const proposalAcceptanceSchema = z.object({
  name: z.string(),
  email: z.string(),
  at: z.string(),
  version: z.number(),
  sha256: z.string(),
});

export const proposalSchema = proposalContentSchema.extend({
  projectId: z.string(),
  /** open: to accept; accepted: this version is accepted (a brief not confirmed yet answers 409 PROPOSAL_NOT_READY). */
  state: z.enum(["open", "accepted"]),
  /** This version's acceptance; null while open. */
  acceptance: proposalAcceptanceSchema.nullable(),
  /** The newest acceptance of an earlier version, when the price changed after it (it stays on record). */
  previousAcceptance: proposalAcceptanceSchema.nullable(),
  /** Where the sealed PDF of the accepted proposal is downloaded; null while open. */
  pdfUrl: z.string().nullable(),
});
export type Proposal = z.infer<typeof proposalSchema>;

/** The state from the facts the project answers read. */
export function projectProposalState(facts: {
  version: number;
  briefConfirmed: boolean;
  accepted: { version: number; at: string; by: string } | null;
}): ProjectProposal {
  const accepted = facts.accepted;
  return {
    version: facts.version,
    state: accepted?.version === facts.version ? "accepted" : facts.briefConfirmed ? "open" : "not_ready",
    acceptedAt: accepted?.at ?? null,
    acceptedBy: accepted?.by ?? null,
    acceptedVersion: accepted?.version ?? null,
  };
}

/**
 * The proposal's state in words, as the console shows it: "Not ready (brief not confirmed)", "Open (version 2;
 * version 1 accepted by Dana Wells on 8 December 2026)", "Accepted by Dana Wells on 8 December 2026 (version 1)".
 */
export function proposalStateText(proposal: ProjectProposal | null): string {
  if (!proposal) return "—";
  const by = proposal.acceptedAt ? `${proposal.acceptedBy} on ${formatLongDate(proposal.acceptedAt)}` : null;
  if (proposal.state === "accepted") return `Accepted by ${by} (version ${proposal.version})`;
  if (proposal.state === "open") {
    return by
      ? `Open (version ${proposal.version}; version ${proposal.acceptedVersion} accepted by ${by})`
      : `Open (version ${proposal.version}), not accepted yet`;
  }
  return "Not ready (brief not confirmed)";
}
