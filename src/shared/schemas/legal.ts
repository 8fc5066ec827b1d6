// The company's legal details (GET/PUT /api/company/settings/legal) and the customer's billing entity (fields of
// POST /api/profile): what proposals, invoices, receipts, the NDA and the terms pages name. Both sides validate with it.
import { z } from "zod";
import { countryName, INDIAN_STATE_NAMES } from "../constants/countries";
import { normalizeTaxId, taxIdProblem } from "../domain/tax-ids";
import { hasUnsafeCharacters } from "../text/safe-text";

export const LEGAL_LIMITS = {
  name: 200,
  address: 500,
  region: 100,
  taxLabel: 20,
  governingLaw: 200,
  signatory: 100,
} as const;

export const LEGAL_MESSAGES = {
  legalName: "Enter the legal name",
  address: "Enter the address",
  country: "Choose a country",
  region: "Choose the state",
  taxLabel: "Name the tax as it is printed on invoices, such as GST or VAT",
  taxRate: "The tax rate is a percentage from 0 to 100, with at most two decimals",
  taxRateWithoutId: "A tax rate needs the tax registration number it is charged under",
  invoicePrefix: "The invoice prefix is 1 to 12 capital letters, digits or dashes, such as BP or BP-INV",
  governingLaw: "Name the law that governs the terms, such as the laws of India",
  signatoryName: "Enter the name of the person who signs for the company",
  signatoryTitle: "Enter the signatory's title",
  contactEmail: "Enter a valid email address",
  advancePercent: "The advance is a whole percentage from 0 to 100",
  tooLong: (max: number) => `At most ${max} characters`,
  invalidCharacters: "This contains invalid characters",
  notSetUp: "The company's legal details are not set up yet. An owner sets them in the console's Settings.",
} as const;

const text = (message: string, max: number, multiline = false) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { message, abort: true })
    .max(max, LEGAL_MESSAGES.tooLong(max))
    .refine((value) => !hasUnsafeCharacters(value, { multiline }), LEGAL_MESSAGES.invalidCharacters);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, LEGAL_MESSAGES.tooLong(max))
    .refine((value) => !hasUnsafeCharacters(value), LEGAL_MESSAGES.invalidCharacters)
    .nullish()
    .transform((value) => value || null);

const country = z
  .string({ error: LEGAL_MESSAGES.country })
  .trim()
  .toUpperCase()
  .refine((code) => countryName(code) !== null, LEGAL_MESSAGES.country);

type Located = { country: string; region: string | null; taxId: string | null };

/** India needs its state (it decides the tax lines); a tax ID is normalised and must fit its country (and state). */
function checkLocation(value: Located, ctx: z.RefinementCtx, paths: Record<keyof Located, string>) {
  if (value.country === "IN" && (!value.region || !INDIAN_STATE_NAMES.includes(value.region)))
    ctx.addIssue({ code: "custom", path: [paths.region], message: LEGAL_MESSAGES.region });
  if (value.taxId) {
    const problem = taxIdProblem(value.taxId, value.country, value.country === "IN" ? value.region : null);
    if (problem) ctx.addIssue({ code: "custom", path: [paths.taxId], message: problem.message });
  }
}

/** "18", "18.5", "9.25" (percent) → basis points; null when not such a rate. */
export function percentToBasisPoints(value: string | number): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(String(value).trim());
  if (!match) return null;
  const points = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return points <= 10000 ? points : null;
}

/** 1800 → "18", 925 → "9.25". */
export function basisPointsToPercent(points: number): string {
  return String(points / 100);
}

export const companyLegalFormSchema = z
  .object({
    legalName: text(LEGAL_MESSAGES.legalName, LEGAL_LIMITS.name),
    address: text(LEGAL_MESSAGES.address, LEGAL_LIMITS.address, true),
    country,
    region: optionalText(LEGAL_LIMITS.region),
    taxId: optionalText(30),
    taxLabel: optionalText(LEGAL_LIMITS.taxLabel),
    /** The tax rate in percent, as typed ("18"); "0" or empty when not registered. */
    taxRatePercent: z
      .union([z.string(), z.number()], { error: LEGAL_MESSAGES.taxRate })
      .nullish()
      .transform((value, ctx) => {
        if (value === null || value === undefined || String(value).trim() === "") return 0;
        const points = percentToBasisPoints(value);
        if (points === null) {
          ctx.addIssue({ code: "custom", message: LEGAL_MESSAGES.taxRate });
          return z.NEVER;
        }
        return points;
      }),
    invoicePrefix: z
      .string({ error: LEGAL_MESSAGES.invoicePrefix })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9](?:[A-Z0-9-]{0,10}[A-Z0-9])?$/, LEGAL_MESSAGES.invoicePrefix),
    governingLaw: text(LEGAL_MESSAGES.governingLaw, LEGAL_LIMITS.governingLaw),
    signatoryName: text(LEGAL_MESSAGES.signatoryName, LEGAL_LIMITS.signatory),
    signatoryTitle: text(LEGAL_MESSAGES.signatoryTitle, LEGAL_LIMITS.signatory),
    contactEmail: z
      .string({ error: LEGAL_MESSAGES.contactEmail })
      .trim()
      .max(254, LEGAL_MESSAGES.contactEmail)
      .pipe(z.email(LEGAL_MESSAGES.contactEmail)),
    advancePercent: z.coerce
      .number({ error: LEGAL_MESSAGES.advancePercent })
      .int(LEGAL_MESSAGES.advancePercent)
      .min(0, LEGAL_MESSAGES.advancePercent)
      .max(100, LEGAL_MESSAGES.advancePercent),
  })
  .transform((value) => ({
    ...value,
    taxId: value.taxId ? normalizeTaxId(value.taxId, value.country) : null,
  }))
  .superRefine((value, ctx) => {
    checkLocation(value, ctx, { country: "country", region: "region", taxId: "taxId" });
    if (value.taxRatePercent > 0 && !value.taxId)
      ctx.addIssue({ code: "custom", path: ["taxRatePercent"], message: LEGAL_MESSAGES.taxRateWithoutId });
    if (value.taxRatePercent > 0 && !value.taxLabel)
      ctx.addIssue({ code: "custom", path: ["taxLabel"], message: LEGAL_MESSAGES.taxLabel });
  });

export type CompanyLegalFormValues = z.input<typeof companyLegalFormSchema>;
export type CompanyLegalInput = z.output<typeof companyLegalFormSchema>;

/** GET /api/company/settings/legal: the details as stored (null fields: not set), and whether they are set up. */
export const companyLegalSchema = z.object({
  legalName: z.string(),
  address: z.string(),
  country: z.string(),
  countryName: z.string(),
  region: z.string().nullable(),
  taxId: z.string().nullable(),
  taxLabel: z.string().nullable(),
  taxRatePercent: z.string(),
  invoicePrefix: z.string(),
  governingLaw: z.string(),
  signatoryName: z.string(),
  signatoryTitle: z.string(),
  contactEmail: z.string(),
  advancePercent: z.number().int(),
  updatedAt: z.string().nullable(),
});
export type CompanyLegal = z.infer<typeof companyLegalSchema>;
export const companyLegalReplySchema = z.object({ configured: z.boolean(), legal: companyLegalSchema.nullable() });

/** The billing entity's fields of the profile form: all optional (the company name and address stand in for them). */
export const billingFieldsSchema = z.object({
  billingName: optionalText(LEGAL_LIMITS.name),
  billingAddress: z
    .string()
    .trim()
    .max(LEGAL_LIMITS.address, LEGAL_MESSAGES.tooLong(LEGAL_LIMITS.address))
    .refine((value) => !hasUnsafeCharacters(value, { multiline: true }), LEGAL_MESSAGES.invalidCharacters)
    .nullish()
    .transform((value) => value || null),
  billingCountry: z
    .string()
    .trim()
    .toUpperCase()
    .nullish()
    .transform((value) => value || null)
    .refine((code) => code === null || countryName(code) !== null, LEGAL_MESSAGES.country),
  billingRegion: optionalText(LEGAL_LIMITS.region),
  billingTaxId: optionalText(30),
});

export type BillingFields = z.output<typeof billingFieldsSchema>;

/** Checks the billing fields together (a state for India, a tax ID that fits the country) and normalises the tax ID. */
export function refineBilling<T extends z.output<typeof billingFieldsSchema>>(value: T, ctx: z.RefinementCtx): void {
  if (value.billingTaxId && !value.billingCountry) {
    ctx.addIssue({ code: "custom", path: ["billingCountry"], message: LEGAL_MESSAGES.country });
    return;
  }
  if (!value.billingCountry) return;
  const taxId = value.billingTaxId ? normalizeTaxId(value.billingTaxId, value.billingCountry) : null;
  value.billingTaxId = taxId;
  checkLocation({ country: value.billingCountry, region: value.billingRegion, taxId }, ctx, {
    country: "billingCountry",
    region: "billingRegion",
    taxId: "billingTaxId",
  });
}
