// NDA calls: requests, answers, and the texts of their toasts.
import { z } from "zod";
import { CODE_LENGTH } from "../constants/auth";
import { hasUnsafeCharacters } from "../text/safe-text";
import { emailSchema, personNameSchema } from "./auth";
import { pageQueryFields, pageSchema } from "./paging";
import { successReplySchema } from "./replies";

export const NDA_MESSAGES = {
  missingOtpTitle: "Missing OTP",
  missingOtpText: "Please enter your OTP code.",
  otpRequiredTitle: "OTP Required",
  otpRequiredText: "Please enter the OTP code",
  sendFailed: "Failed to send OTP. Please try again.",
  invalidOtp: "Invalid OTP. Please try again.",
  verificationFailedTitle: "Verification Failed",
  verificationFailedText: "Invalid OTP code. Please try again.",
  popupBlocked: "Popup Blocked: Please allow popups and try again",
  otpSentTitle: "OTP Sent",
  customerOtpSentText: "Check your email for the 6-digit code.",
  companyOtpSentText: "Company OTP has been sent to admin email. Enter the OTP and click Approve.",
  companyOtpSendFailedTitle: "OTP Send Failed",
  companyOtpSendFailedText: "Failed to send company OTP",
  approvedTitle: "NDA Approved",
  approvedText: "Customer NDA has been approved successfully",
  approvalFailedTitle: "Approval Failed",
  signedTitle: "NDA Signed",
  signedText: "Your NDA is signed and waiting for company approval.",
  updateUnavailable: "NDA update functionality coming soon",
  signatureRequired: "Please draw or type your signature",
  signatureInvalid: "The signature must be a PNG image",
  signatureTooLarge: "The signature image is too large",
  signatureDimensions: "The signature image has unexpected dimensions",
  customerNameRequired: "Full name is required",
  companyNameRequired: "Company name is required",
  emailMismatch: "The code is sent to the email address you signed in with",
  profileRequired: "Please complete your company profile first",
  alreadySigned: "Your NDA is already signed",
  notSigned: "No signed NDA was found",
  notAwaitingApproval: "This NDA is not waiting for company approval",
  profileIdRequired: "Choose the customer profile whose NDA this is",
} as const;

/** Signature images: PNG only, small, and of a size a signature pad produces (the server decodes them to check). */
export const SIGNATURE_LIMITS = {
  maxBytes: 400_000,
  minWidth: 100,
  maxWidth: 3000,
  minHeight: 40,
  maxHeight: 1200,
} as const;

export const PNG_DATA_URL_PREFIX = "data:image/png;base64,";

const signatureDataUrlSchema = z
  .string({ error: NDA_MESSAGES.signatureRequired })
  .min(1, { message: NDA_MESSAGES.signatureRequired, abort: true })
  .refine((value) => value.startsWith(PNG_DATA_URL_PREFIX), { message: NDA_MESSAGES.signatureInvalid, abort: true })
  .refine((value) => /^[A-Za-z0-9+/]+={0,2}$/.test(value.slice(PNG_DATA_URL_PREFIX.length)), NDA_MESSAGES.signatureInvalid);

const SIGNATURE_METHODS = ["drawn", "typed"] as const;
export type SignatureMethod = (typeof SIGNATURE_METHODS)[number];

/** An NDA one-time code as typed: required, at most six characters. */
const ndaCodeSchema = (missing: string) =>
  z.string({ error: missing }).trim().min(1, missing).max(CODE_LENGTH, `The code has ${CODE_LENGTH} digits`);

const companyNameSchema = z
  .string({ error: NDA_MESSAGES.companyNameRequired })
  .trim()
  .min(1, NDA_MESSAGES.companyNameRequired)
  .max(150, "Company name is too long")
  .refine((value) => !hasUnsafeCharacters(value), "Company name contains invalid characters");

/** POST /api/nda/send-otp */
export const sendNdaOtpSchema = z.strictObject({
  customerEmail: emailSchema,
  customerName: personNameSchema(NDA_MESSAGES.customerNameRequired),
  companyName: companyNameSchema,
});
export type SendNdaOtpInput = z.infer<typeof sendNdaOtpSchema>;

/** POST /api/send-otp (the older variant). */
export const legacySendOtpSchema = z.strictObject({
  customerName: personNameSchema(NDA_MESSAGES.customerNameRequired),
  email: emailSchema,
});

const signatureFields = {
  signature: signatureDataUrlSchema,
  signatureMethod: z.enum(SIGNATURE_METHODS).default("drawn"),
};

/** POST /api/nda/verify-customer-otp: the code and the signature image the customer drew or typed. */
export const verifyCustomerOtpSchema = z.strictObject({
  customerEmail: emailSchema,
  customerOtp: ndaCodeSchema(NDA_MESSAGES.missingOtpText),
  ...signatureFields,
});
export type VerifyCustomerOtpInput = z.infer<typeof verifyCustomerOtpSchema>;

/** POST /api/verify-customer-otp (the older variant). */
export const legacyVerifyCustomerOtpSchema = z.strictObject({
  email: emailSchema,
  customerOtp: ndaCodeSchema(NDA_MESSAGES.missingOtpText),
  ...signatureFields,
});

const profileIdSchema = z
  .string({ error: NDA_MESSAGES.profileIdRequired })
  .trim()
  .min(1, NDA_MESSAGES.profileIdRequired)
  .max(64, NDA_MESSAGES.profileIdRequired);

/** POST /api/nda/send-company-otp */
export const sendCompanyOtpSchema = z.strictObject({ profileId: profileIdSchema });

/** POST /api/company/nda/approve */
export const approveNdaSchema = z.strictObject({
  profileId: profileIdSchema,
  otp: ndaCodeSchema(NDA_MESSAGES.otpRequiredText),
});

/** POST /api/nda/verify-company-otp */
export const verifyCompanyOtpSchema = z.strictObject({
  profileId: profileIdSchema,
  companyOtp: ndaCodeSchema(NDA_MESSAGES.otpRequiredText),
});

/** What an NDA step answers: success and the message to show. */
export const ndaActionReplySchema = successReplySchema;
export type NdaActionReply = z.infer<typeof ndaActionReplySchema>;

/** The NDA tab's filter: waiting for the company (the default), approved (the history), or both. */
export const NDA_LIST_STATUSES = ["pending", "approved", "all"] as const;
export type NdaListStatus = (typeof NDA_LIST_STATUSES)[number];
export const NDA_PAGE_SIZE = 20;

/** GET /api/company/pending-ndas: pending first (oldest signature first), then approved (latest approval first). */
export const companyNdaQuerySchema = z.strictObject({
  status: z.enum(NDA_LIST_STATUSES).optional().default("pending"),
  ...pageQueryFields(NDA_PAGE_SIZE),
});
export type CompanyNdaQuery = z.output<typeof companyNdaQuerySchema>;

/** A signed NDA as the company sees it: the names as signed, and who approved it when (null while pending). */
export const companyNdaSchema = z.object({
  id: z.string(),
  status: z.enum(["pending", "approved"]),
  customerName: z.string().nullable(),
  companyName: z.string().nullable(),
  email: z.string(),
  packageType: z.string().nullable(),
  createdAt: z.string(),
  signedAt: z.string().nullable(),
  approvedAt: z.string().nullable(),
  approvedBy: z.string().nullable(),
});
export type CompanyNda = z.infer<typeof companyNdaSchema>;
export const companyNdaPageSchema = pageSchema(companyNdaSchema);

export const documentSealSchema = z.object({ signer: z.string(), signedAt: z.string(), reason: z.string() });
export type DocumentSeal = z.infer<typeof documentSealSchema>;

/** POST /api/verify-document: is this file exactly a document the portal issued? */
export const documentCheckSchema = z.object({
  valid: z.boolean(),
  sha256: z.string(),
  document: z
    .object({
      kind: z.string(),
      issuedAt: z.string(),
      title: z.string(),
      /** Who wrote the content: Blueprint (the NDA) or the customer (a brief). */
      authoredBy: z.enum(["blueprint", "customer"]),
      projectCode: z.string().nullable(),
      customerName: z.string().nullable(),
      companyName: z.string().nullable(),
      signerEmail: z.string().nullable(),
      signedAt: z.string().nullable(),
      approvedAt: z.string().nullable(),
      approvedBy: z.string().nullable(),
      agreementSha256: z.string().nullable(),
      status: z.string(),
      /** The PDF's digital signatures (PAdES), first to last: who signed it, when, and why. */
      signatures: z.array(documentSealSchema),
    })
    .nullable(),
});
export type DocumentCheck = z.infer<typeof documentCheckSchema>;
