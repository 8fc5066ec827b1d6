// Invoices follow the payment phases: a phase that is requested (has an amount) gets a numbered invoice, one whose
// amount or currency changes before payment has its invoice voided and a new one issued, a paid phase's invoice is
// marked paid, and a phase withdrawn before payment has its invoice voided. Numbers come from invoice_counters inside
// the caller's transaction: the counter row stays locked until it commits, so concurrent issues queue for it, and a
// failed issue rolls its number back with it (no gap, no number used twice).
import { and, eq, ne, sql } from "drizzle-orm";
import { countryName } from "../../../shared/constants/countries";
import { PACKAGES } from "../../../shared/constants/packages";
import { taxBreakdown } from "../../../shared/domain/invoice-tax";
import { INVOICE_LINE_TEXT, type InvoiceContent, type InvoiceParty, invoiceNumber } from "../../../shared/domain/invoices";
import { PAYMENT_PHASES, type PaymentPhase, toMinorUnits } from "../../../shared/domain/payments";
import { projectPrice } from "../../../shared/domain/pricing";
import { taxIdLabel } from "../../../shared/domain/tax-ids";
import type { Database } from "../../db/client";
import { invoiceCounters, invoices, profiles, projects, users } from "../../db/schema";
import type { EmailOutbox } from "../../email/outbox";
import { type CompanyLegalRow, readCompanyLegal } from "../legal";
import { emailIssuedInvoices } from "./notify";

type ProjectRow = typeof projects.$inferSelect;
type InvoiceRow = typeof invoices.$inferSelect;

function phaseOf(project: ProjectRow, phase: PaymentPhase) {
  return phase === "advance"
    ? {
        amountMinor: toMinorUnits(project.advancePaymentAmount),
        currency: project.advancePaymentCurrency,
        paidAt: project.advancePaymentReceivedDate,
      }
    : {
        amountMinor: toMinorUnits(project.balancePaymentAmount),
        currency: project.balancePaymentCurrency,
        paidAt: project.balancePaymentReceivedDate,
      };
}

function sellerParty(legal: CompanyLegalRow): InvoiceParty {
  return {
    name: legal.legalName,
    address: legal.address,
    country: legal.country,
    countryName: countryName(legal.country) ?? legal.country,
    region: legal.region,
    taxId: legal.taxId,
    taxIdLabel: taxIdLabel(legal.country),
    email: legal.contactEmail,
  };
}

/** Who invoices and proposals are made out to: the owner's billing entity, else their company and its address. */
export async function buyerParty(db: Database, project: Pick<ProjectRow, "userId">): Promise<InvoiceParty> {
  const [buyer] = await db
    .select({
      email: users.email,
      name: users.name,
      fullName: profiles.fullName,
      company: profiles.company,
      companyAddress: profiles.companyAddress,
      billingName: profiles.billingName,
      billingAddress: profiles.billingAddress,
      billingCountry: profiles.billingCountry,
      billingRegion: profiles.billingRegion,
      billingTaxId: profiles.billingTaxId,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, project.userId))
    .limit(1);
  const country = buyer?.billingCountry ?? "";
  return {
    name: buyer?.billingName || buyer?.company || buyer?.fullName || buyer?.name || buyer?.email || "The customer",
    address: buyer?.billingAddress || buyer?.companyAddress || "",
    country,
    countryName: countryName(country) ?? "",
    region: buyer?.billingRegion ?? null,
    taxId: buyer?.billingTaxId ?? null,
    taxIdLabel: taxIdLabel(country),
    email: buyer?.email ?? null,
  };
}

/** What the phase's invoice states, as of now. */
async function invoiceContent(
  db: Database,
  { project, phase, legal }: { project: ProjectRow; phase: PaymentPhase; legal: CompanyLegalRow },
): Promise<InvoiceContent> {
  const { amountMinor } = phaseOf(project, phase);
  const total = amountMinor ?? 0;
  const price = toMinorUnits(projectPrice(project).amount) ?? 0;
  const paidBefore = PAYMENT_PHASES.filter((other) => other !== phase)
    .map((other) => phaseOf(project, other))
    .filter((other) => other.paidAt)
    .reduce((sum, other) => sum + (other.amountMinor ?? 0), 0);
  const seller = sellerParty(legal);
  const buyer = await buyerParty(db, project);
  const percent = price > 0 ? Math.round((total * 100) / price) : 0;
  return {
    seller,
    buyer,
    project: { code: project.projectCode, name: project.projectName, packageName: PACKAGES[project.packageType].name },
    lines: [{ description: INVOICE_LINE_TEXT[phase](percent), quantity: 1, amountMinor: total }],
    tax: taxBreakdown(total, { ...legal }, { country: buyer.country, region: buyer.region }),
    projectTotalMinor: price,
    paidBeforeMinor: paidBefore,
    balanceAfterMinor: Math.max(price - paidBefore - total, 0),
  };
}

/** Takes the year's next sequence number; the counter row stays locked until the caller's transaction ends. */
async function nextSequence(db: Database, year: number): Promise<number> {
  const [row] = await db
    .insert(invoiceCounters)
    .values({ year, lastValue: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.year, set: { lastValue: sql`${invoiceCounters.lastValue} + 1` } })
    .returning({ lastValue: invoiceCounters.lastValue });
  if (!row) throw new Error("the invoice counter returned nothing");
  return row.lastValue;
}

async function issue(
  db: Database,
  { project, phase, legal, now }: { project: ProjectRow; phase: PaymentPhase; legal: CompanyLegalRow; now: Date },
): Promise<InvoiceRow> {
  const { amountMinor, currency, paidAt } = phaseOf(project, phase);
  const content = await invoiceContent(db, { project, phase, legal });
  const year = now.getUTCFullYear();
  const sequence = await nextSequence(db, year);
  const [row] = await db
    .insert(invoices)
    .values({
      number: invoiceNumber(legal.invoicePrefix, year, sequence),
      year,
      sequence,
      projectId: project.id,
      phase,
      status: paidAt ? "paid" : "issued",
      currency,
      totalMinor: amountMinor ?? 0,
      content,
      issuedAt: now,
      paidAt,
    })
    .returning();
  if (!row) throw new Error("the invoice insert returned nothing");
  return row;
}

/**
 * Brings the project's invoices in line with its phases (call it inside the transaction that changed them, after the
 * change). Without the company's legal details nothing is issued: a phase may be requested before an owner sets them.
 * Answers the invoices it issued; given the outbox (`email`), it also emails each unpaid one, its PDF attached, to the
 * owner and the admin-level members, in the same transaction.
 */
export async function syncPhaseInvoices(
  db: Database,
  { projectId, now = new Date(), email }: { projectId: string; now?: Date; email?: EmailOutbox },
): Promise<InvoiceRow[]> {
  return db.transaction(async (tx) => {
    const [project] = await tx.select().from(projects).where(eq(projects.id, projectId)).for("update").limit(1);
    if (!project) return [];
    const live = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.projectId, projectId), ne(invoices.status, "void")));
    const legal = await readCompanyLegal(tx);
    const issued: InvoiceRow[] = [];
    for (const phase of PAYMENT_PHASES) {
      const { amountMinor, currency, paidAt } = phaseOf(project, phase);
      const current = live.find((invoice) => invoice.phase === phase);
      if (current?.status === "paid") continue;
      const requested = amountMinor !== null && amountMinor > 0;
      const unchanged = current && requested && current.totalMinor === amountMinor && current.currency === currency;
      if (unchanged) {
        if (paidAt) await tx.update(invoices).set({ status: "paid", paidAt }).where(eq(invoices.id, current.id));
        continue;
      }
      if (current) await tx.update(invoices).set({ status: "void", voidedAt: now }).where(eq(invoices.id, current.id));
      if (requested && legal) issued.push(await issue(tx, { project, phase, legal, now }));
    }
    if (email) await emailIssuedInvoices(email, { tx, issued });
    return issued;
  });
}
