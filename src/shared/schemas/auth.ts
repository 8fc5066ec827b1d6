import { z } from "zod";
import { CODE_LENGTH } from "../constants/auth";
import { STAFF_ROLES } from "../domain/staff-roles";
import { hasUnsafeCharacters } from "../text/safe-text";

export const AUTH_MESSAGES = {
  invalidEmail: "Please enter a valid email address",
  nameRequired: "Please enter your name",
  codeLength: "Please enter the 6-digit code",
} as const;

export const emailSchema = z
  .string({ error: AUTH_MESSAGES.invalidEmail })
  .trim()
  .max(254, AUTH_MESSAGES.invalidEmail)
  .pipe(z.email(AUTH_MESSAGES.invalidEmail));

/** A person's name: no control characters (they would break email headers and PDFs) nor bidi overrides. */
export const personNameSchema = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(2, message)
    .max(100, "Name must be at most 100 characters")
    .refine((value) => !hasUnsafeCharacters(value), "Name contains invalid characters");

export const requestCodeSchema = z.strictObject({
  email: emailSchema,
  name: personNameSchema(AUTH_MESSAGES.nameRequired),
});
export type RequestCodeInput = z.infer<typeof requestCodeSchema>;

export const codeSchema = z.string().length(CODE_LENGTH, AUTH_MESSAGES.codeLength).regex(/^\d+$/, AUTH_MESSAGES.codeLength);

export const verifyCodeSchema = z.strictObject({
  email: emailSchema,
  code: codeSchema,
});
export type VerifyCodeInput = z.infer<typeof verifyCodeSchema>;

export const currentUserSchema = z.object({
  /** Signed in for the very first time (this is their first session): greet, don't "welcome back". */
  firstSignIn: z.boolean(),
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: z.enum(["customer", "company"]),
  isCustomer: z.boolean(),
  isCompany: z.boolean(),
  /** A company user's staff role (issue 44): what the console shows them (shared/domain/staff-roles.ts); null for customers. */
  staffRole: z.enum(STAFF_ROLES).nullable(),
  profileImageUrl: z.string().nullable(),
  /** The user's IANA time zone (set from the browser, editable on /profile); null until the app first sets it. */
  timeZone: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const requestCodeReplySchema = z.object({
  success: z.boolean(),
  message: z.string(),
  isDemoAccount: z.boolean(),
});

export type RequestCodeReply = z.infer<typeof requestCodeReplySchema>;

export const verifyCodeReplySchema = z.object({
  success: z.boolean(),
  message: z.string(),
  isDemoAccount: z.boolean(),
  user: currentUserSchema,
});
export type VerifyCodeReply = z.infer<typeof verifyCodeReplySchema>;

// Zod-free, so the sign-in screen can use it before its validation code loads.
export { sanitizeCodeInput } from "../constants/auth";
