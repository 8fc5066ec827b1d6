// The company profile: the form (both sides validate with it), the save request and the API answer.
import { z } from "zod";
import { ALL_COMPANY_SIZES, INDUSTRIES } from "../constants/lists";
import { PACKAGE_TYPES } from "../constants/packages";
import { hasUnsafeCharacters } from "../text/safe-text";
import { type BillingFields, billingFieldsSchema, refineBilling } from "./legal";
import { successReplySchema } from "./replies";

export const PROFILE_MESSAGES = {
  fullName: "Full name is required",
  jobTitle: "Job title is required",
  company: "Company name is required",
  companyAddress: "Company address is required",
  phone: "Phone number is required",
  phoneInvalid: "Please enter a valid phone number",
  companySize: "Company size is required",
  industry: "Industry is required",
  companyWebsite: "Invalid website URL",
  packageType: "Please choose the basic, advanced or premium package",
  primaryContact: "Invalid email address",
  tooLong: (max: number) => `At most ${max} characters`,
  invalidCharacters: "This contains invalid characters",
  saveFailed: "Failed to save profile. Please try again.",
} as const;

export const WEBSITE_PREFIX = "https://";

/** Drops any scheme the user typed ("http://", "HTTPS://", "ftp://", even twice) and surrounding spaces. */
export function stripScheme(value: string): string {
  return value.trim().replace(/^(?:[a-z][a-z0-9+.-]*:\/\/)+/i, "");
}

/** What is stored: '' when empty, else https:// followed by what was typed without its scheme. */
export function normalizeWebsite(value: string): string {
  const rest = stripScheme(value);
  return rest ? `${WEBSITE_PREFIX}${rest}` : "";
}

/** A website must parse as a URL with a dotted host name (or localhost) and no spaces. */
export function isValidWebsite(value: string): boolean {
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && (url.hostname.includes(".") || url.hostname === "localhost") && !url.username;
  } catch {
    return false;
  }
}

/** A required text with a length cap and no control characters (multi-line texts may keep line breaks). */
const requiredText = (message: string, max = 200, multiline = false) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { message, abort: true })
    .max(max, PROFILE_MESSAGES.tooLong(max))
    .refine((value) => !hasUnsafeCharacters(value, { multiline }), PROFILE_MESSAGES.invalidCharacters);

const optionalChoice = (max = 50) =>
  z
    .string()
    .trim()
    .max(max, PROFILE_MESSAGES.tooLong(max))
    .refine((value) => !hasUnsafeCharacters(value), PROFILE_MESSAGES.invalidCharacters)
    .nullish()
    .transform((value) => value || null);

export const profileFormSchema = z
  .object({
    fullName: requiredText(PROFILE_MESSAGES.fullName, 100),
    jobTitle: requiredText(PROFILE_MESSAGES.jobTitle, 100),
    company: requiredText(PROFILE_MESSAGES.company, 150),
    companyAddress: requiredText(PROFILE_MESSAGES.companyAddress, 500, true),
    phone: requiredText(PROFILE_MESSAGES.phone, 40).refine(
      (value) => /^\+?[0-9 ()./-]{5,}$/.test(value) && /\d{3,}/.test(value.replace(/\D/g, "")),
      PROFILE_MESSAGES.phoneInvalid,
    ),
    companySize: z.enum(ALL_COMPANY_SIZES, { error: PROFILE_MESSAGES.companySize }),
    industry: z.enum(INDUSTRIES, { error: PROFILE_MESSAGES.industry }),
    companyWebsite: z
      .string({ error: PROFILE_MESSAGES.companyWebsite })
      .max(300, PROFILE_MESSAGES.companyWebsite)
      .nullish()
      .transform((value) => normalizeWebsite(value ?? ""))
      .refine((value) => value === "" || isValidWebsite(value), PROFILE_MESSAGES.companyWebsite),
    primaryContact: z
      .string({ error: PROFILE_MESSAGES.primaryContact })
      .trim()
      .max(254, PROFILE_MESSAGES.primaryContact)
      .pipe(z.email(PROFILE_MESSAGES.primaryContact)),
    packageType: z
      .union([z.enum(PACKAGE_TYPES), z.literal("")], { error: PROFILE_MESSAGES.packageType })
      .nullish()
      .transform((value) => value || null),
    budgetRange: optionalChoice(),
    timeline: optionalChoice(),
    // The billing entity invoices and proposals name (all optional: the company name and address stand in for them).
    ...billingFieldsSchema.shape,
  })
  .superRefine(refineBilling);

/** The form's values as typed (before the schema's transforms). */
export type ProfileFormValues = z.input<typeof profileFormSchema>;
export type ProfileFormOutput = z.output<typeof profileFormSchema>;

/**
 * POST /api/profile. Older clients' payload also carries ndaSigned, ndaSignedAt, ndaStatus and profileCompleted:
 * they are accepted so older clients keep working, and ignored (the server derives them). Older clients send no
 * billing fields: absent (undefined), they leave the stored billing entity as it is; sent empty, they clear it.
 */
export const saveProfileSchema = z
  .strictObject({
    ...profileFormSchema.shape,
    ...billingFieldsSchema.partial().shape,
    ndaSigned: z.unknown().optional(),
    ndaSignedAt: z.unknown().optional(),
    ndaStatus: z.unknown().optional(),
    profileCompleted: z.unknown().optional(),
    requirementsSubmitted: z.unknown().optional(),
    id: z.unknown().optional(),
  })
  .superRefine((value, ctx) => refineBilling(value as typeof value & BillingFields, ctx));
export type SaveProfileInput = z.output<typeof saveProfileSchema>;

export const NDA_STATUSES = ["pending", "customer_verified", "approved"] as const;

export const profileSchema = z.object({
  id: z.string(),
  userId: z.string(),
  fullName: z.string().nullable(),
  company: z.string().nullable(),
  jobTitle: z.string().nullable(),
  phone: z.string().nullable(),
  companySize: z.string().nullable(),
  industry: z.string().nullable(),
  companyAddress: z.string().nullable(),
  companyWebsite: z.string().nullable(),
  primaryContact: z.string().nullable(),
  packageType: z.enum(PACKAGE_TYPES).nullable(),
  budgetRange: z.string().nullable(),
  timeline: z.string().nullable(),
  billingName: z.string().nullable(),
  billingAddress: z.string().nullable(),
  billingCountry: z.string().nullable(),
  billingRegion: z.string().nullable(),
  billingTaxId: z.string().nullable(),
  /**
   * GET and POST /api/profile: the Provider as the NDA names it (the company's legal details; null until they are set
   * up), so the NDA tab shows the very text that is signed, with the profile it already reads.
   */
  ndaProvider: z
    .object({
      legalName: z.string(),
      address: z.string(),
      governingLaw: z.string(),
      signatoryName: z.string(),
      signatoryTitle: z.string(),
    })
    .nullable()
    .optional(),
  profileCompleted: z.boolean(),
  ndaSigned: z.boolean(),
  ndaSignedAt: z.string().nullable(),
  ndaStatus: z.enum(NDA_STATUSES).nullable(),
  ndaApprovedAt: z.string().nullable(),
  requirementsSubmitted: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

/** POST /api/nda/verify-customer-otp: the customer signed; the message and the profile as it is now. */
export const ndaSignedReplySchema = successReplySchema.extend({ profile: profileSchema });
export type NdaSignedReply = z.infer<typeof ndaSignedReplySchema>;
