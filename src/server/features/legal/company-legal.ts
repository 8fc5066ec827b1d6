// The company's legal details (one row, company_legal_settings): read by proposals, invoices, receipts, the NDA and the
// terms pages; written by an owner in the console's Settings (PUT /api/company/settings/legal).
import { eq } from "drizzle-orm";
import { countryName } from "../../../shared/constants/countries";
import type { NdaProvider } from "../../../shared/domain/nda-agreement";
import { PAYMENT_SCHEDULE } from "../../../shared/domain/pricing";
import type { TermsCompany } from "../../../shared/domain/project-terms";
import { basisPointsToPercent, type CompanyLegal, LEGAL_MESSAGES } from "../../../shared/schemas/legal";
import type { Database } from "../../db/client";
import { companyLegalSettings } from "../../db/schema";
import { conflict } from "../../errors";

export type CompanyLegalRow = typeof companyLegalSettings.$inferSelect;

export async function readCompanyLegal(db: Database): Promise<CompanyLegalRow | null> {
  const [row] = await db.select().from(companyLegalSettings).where(eq(companyLegalSettings.id, 1)).limit(1);
  return row ?? null;
}

/** The details, or 409 with what to do when an owner has not set them up (a proposal or invoice cannot be made). */
export async function requireCompanyLegal(db: Database): Promise<CompanyLegalRow> {
  const row = await readCompanyLegal(db);
  if (!row) throw conflict(LEGAL_MESSAGES.notSetUp, "LEGAL_DETAILS_MISSING");
  return row;
}

/** The advance's share of a project's price: the company's setting, else the default schedule's (one small read). */
export async function readAdvancePercent(db: Database): Promise<number> {
  const [row] = await db
    .select({ advancePercent: companyLegalSettings.advancePercent })
    .from(companyLegalSettings)
    .where(eq(companyLegalSettings.id, 1))
    .limit(1);
  return row?.advancePercent ?? PAYMENT_SCHEDULE.advance.percent;
}

export function companyLegalDto(row: CompanyLegalRow): CompanyLegal {
  return {
    legalName: row.legalName,
    address: row.address,
    country: row.country,
    countryName: countryName(row.country) ?? row.country,
    region: row.region,
    taxId: row.taxId,
    taxLabel: row.taxLabel,
    taxRatePercent: basisPointsToPercent(row.taxRateBasisPoints),
    invoicePrefix: row.invoicePrefix,
    governingLaw: row.governingLaw,
    signatoryName: row.signatoryName,
    signatoryTitle: row.signatoryTitle,
    contactEmail: row.contactEmail,
    advancePercent: row.advancePercent,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The Provider as the NDA names it (its legal entity, one-line address, law and signatory); null: not set up. */
export function ndaProviderOf(row: CompanyLegalRow | null): NdaProvider | null {
  if (!row) return null;
  return {
    legalName: row.legalName,
    address: [row.address.replace(/\s*\n\s*/g, ", "), countryName(row.country) ?? row.country].join(", "),
    governingLaw: row.governingLaw,
    signatoryName: row.signatoryName,
    signatoryTitle: row.signatoryTitle,
  };
}

export async function readNdaProvider(db: Database): Promise<NdaProvider | null> {
  return ndaProviderOf(await readCompanyLegal(db));
}

export function termsCompany(row: CompanyLegalRow): TermsCompany {
  const dto = companyLegalDto(row);
  return { ...dto, advancePercent: row.advancePercent };
}
