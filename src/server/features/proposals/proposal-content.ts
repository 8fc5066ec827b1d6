// What a project's proposal says (package, price, schedule, delivery promise, iterations, testers, access, the two
// parties, the project terms), built from the project row, the owner's billing entity and the company's legal details.
// Its SHA-256 is taken over a canonical JSON (keys sorted), so the copy kept in jsonb hashes to the same value.
import { createHash } from "node:crypto";
import { PACKAGES } from "../../../shared/constants/packages";
import { PAYMENT_PHASE_LABELS, PAYMENT_PHASES } from "../../../shared/domain/payments";
import { moneyText, PAYMENT_SCHEDULE, projectPrice, scheduledPhaseAmount } from "../../../shared/domain/pricing";
import { TERMS_TITLE, TERMS_VERSION, termsSections } from "../../../shared/domain/project-terms";
import { taxIdLabel } from "../../../shared/domain/tax-ids";
import type { ProposalContent } from "../../../shared/schemas/proposal";
import type { Database } from "../../db/client";
import type { projects } from "../../db/schema";
import { buyerParty } from "../invoices";
import { type CompanyLegalRow, termsCompany } from "../legal";

type ProjectRow = typeof projects.$inferSelect;

export const TERMS_LINKS = { terms: "/terms", refunds: "/refunds", privacy: "/privacy" } as const;

/** The advance is due once the proposal is accepted; the balance on delivery (the schedule's own words otherwise). */
const DUE: Record<(typeof PAYMENT_PHASES)[number], string> = {
  advance: "Due once this proposal is accepted; the delivery clock starts when it is received.",
  balance: PAYMENT_SCHEDULE.balance.due,
};

/** The customer as the proposal names them: the party the invoices are made out to (features/invoices). */
async function buyerOf(db: Database, project: ProjectRow): Promise<ProposalContent["buyer"]> {
  const buyer = await buyerParty(db, project);
  return {
    name: buyer.name,
    address: buyer.address,
    countryName: buyer.country ? buyer.countryName || buyer.country : "",
    taxId: buyer.taxId || null,
    taxIdLabel: buyer.taxId ? buyer.taxIdLabel : null,
  };
}

export async function proposalContent(
  db: Database,
  { project, legal }: { project: ProjectRow; legal: CompanyLegalRow },
): Promise<ProposalContent> {
  const pkg = PACKAGES[project.packageType];
  const price = projectPrice(project);
  const advancePercent = legal.advancePercent;
  const company = termsCompany(legal);
  return {
    projectCode: project.projectCode,
    projectName: project.projectName,
    version: project.proposalVersion,
    package: { code: project.packageType, name: pkg.name },
    price,
    schedule: PAYMENT_PHASES.map((phase) => ({
      phase,
      label: PAYMENT_PHASE_LABELS[phase],
      percent: phase === "advance" ? advancePercent : 100 - advancePercent,
      amount: scheduledPhaseAmount(price, phase, advancePercent),
      currency: price.currency,
      due: DUE[phase],
    })),
    delivery: {
      hours: pkg.deliveryHours,
      text: `The first prototype version within ${pkg.deliveryHours} hours from the advance's receipt.`,
    },
    iterations: project.maxIterations,
    testers: project.userLimit,
    accessMonths: pkg.accessMonths,
    seller: {
      name: legal.legalName,
      address: legal.address,
      countryName: company.countryName,
      taxId: legal.taxId,
      taxIdLabel: legal.taxId ? taxIdLabel(legal.country) : null,
    },
    buyer: await buyerOf(db, project),
    terms: { version: TERMS_VERSION, title: TERMS_TITLE, sections: termsSections(company), links: { ...TERMS_LINKS } },
  };
}

/** JSON with every object's keys sorted: the same value always gives the same text, whatever stored it. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

export function proposalSha256(content: ProposalContent): string {
  return createHash("sha256").update(canonicalJson(content), "utf8").digest("hex");
}

/** "2,000.00 USD" for the proposal's price (PROPOSAL_CHANGED names it). */
export const proposalPriceText = (content: Pick<ProposalContent, "price">) =>
  moneyText(content.price.amount, content.price.currency);
