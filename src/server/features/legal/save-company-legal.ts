// PUT /api/company/settings/legal: the one row of the company's legal details (id 1), written whole from the checked
// form. The schema has already refused bad input (400 with each field's message), so nothing half-valid is stored.
import type { CompanyLegalInput } from "../../../shared/schemas/legal";
import type { Database } from "../../db/client";
import { companyLegalSettings } from "../../db/schema";
import { type CompanyLegalRow, readCompanyLegal } from "./company-legal";

export async function saveCompanyLegal(
  db: Database,
  options: { input: CompanyLegalInput; userId: string },
): Promise<CompanyLegalRow> {
  const { input, userId } = options;
  const values = {
    legalName: input.legalName,
    address: input.address,
    country: input.country,
    region: input.region,
    taxId: input.taxId,
    taxLabel: input.taxLabel,
    taxRateBasisPoints: input.taxRatePercent,
    invoicePrefix: input.invoicePrefix,
    governingLaw: input.governingLaw,
    signatoryName: input.signatoryName,
    signatoryTitle: input.signatoryTitle,
    contactEmail: input.contactEmail,
    advancePercent: input.advancePercent,
    updatedBy: userId,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(companyLegalSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: companyLegalSettings.id, set: values })
    .returning();
  if (!row) throw new Error("the legal details were not saved");
  return row;
}

/** The details as the audit compares them, before and after a save (null: not set up yet). */
export async function legalAuditFields(db: Database): Promise<Record<string, unknown>> {
  const row = await readCompanyLegal(db);
  if (!row) return {};
  return {
    legalName: row.legalName,
    address: row.address,
    country: row.country,
    region: row.region,
    taxId: row.taxId,
    taxLabel: row.taxLabel,
    taxRatePercent: row.taxRateBasisPoints / 100,
    invoicePrefix: row.invoicePrefix,
    governingLaw: row.governingLaw,
    signatoryName: row.signatoryName,
    signatoryTitle: row.signatoryTitle,
    contactEmail: row.contactEmail,
    advancePercent: row.advancePercent,
  };
}
