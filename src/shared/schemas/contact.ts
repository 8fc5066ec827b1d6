// POST /api/contact: the short 'Send Us a Message' card and the long project inquiry.
// Each field's rule is written once and composed into the two forms and into the route's body.
import { z } from "zod";
import { HONEYPOT_FIELD } from "../constants/contact";
import { CONTACT_BUDGETS, CONTACT_PROJECT_TYPES, CONTACT_TIMELINES, COUNTRIES } from "../constants/lists";
import { hasUnsafeCharacters } from "../text/safe-text";
import { AUTH_MESSAGES, emailSchema, personNameSchema } from "./auth";

export const CONTACT_MESSAGES = {
  nameRequired: "Please enter your name",
  invalidEmail: AUTH_MESSAGES.invalidEmail,
  messageRequired: "Please enter your message",
  invalidPhone: "Please enter a valid phone number",
  chooseFromList: "Please choose an option from the list",
  mixedForms: "Send either the short message or the project inquiry, not both",
  tooLong: (max: number) => `Must be at most ${max} characters`,
} as const;

const CONTACT_LIMITS = { company: 200, phone: 30, text: 5000, honeypot: 500 } as const;

const noControlCharacters = (value: string) => !hasUnsafeCharacters(value, { multiline: true });

const optionalText = (max: number) =>
  z.string().trim().max(max, CONTACT_MESSAGES.tooLong(max)).refine(noControlCharacters, "Contains invalid characters").optional();

/** Digits with the usual separators and an optional leading +; empty means "not given". */
const phoneSchema = z
  .string()
  .trim()
  .max(CONTACT_LIMITS.phone, CONTACT_MESSAGES.tooLong(CONTACT_LIMITS.phone))
  .refine((value) => value === "" || /^\+?[0-9(][0-9 ().-]{5,}$/.test(value), CONTACT_MESSAGES.invalidPhone)
  .optional();

/** One of a fixed list, or empty (not chosen). */
const optionFrom = (options: readonly [string, ...string[]]) =>
  z
    .string()
    .refine((value) => value === "" || options.includes(value), CONTACT_MESSAGES.chooseFromList)
    .optional();

const fields = {
  name: personNameSchema(CONTACT_MESSAGES.nameRequired),
  email: emailSchema,
  mobile: phoneSchema,
  country: optionFrom(COUNTRIES),
  remarks: optionalText(CONTACT_LIMITS.text),
  company: optionalText(CONTACT_LIMITS.company),
  phone: phoneSchema,
  projectType: optionFrom(CONTACT_PROJECT_TYPES),
  budget: optionFrom(CONTACT_BUDGETS),
  timeline: optionFrom(CONTACT_TIMELINES),
  message: z
    .string()
    .trim()
    .min(1, CONTACT_MESSAGES.messageRequired)
    .max(CONTACT_LIMITS.text, CONTACT_MESSAGES.tooLong(CONTACT_LIMITS.text))
    .refine(noControlCharacters, "Contains invalid characters"),
  [HONEYPOT_FIELD]: z.string().max(CONTACT_LIMITS.honeypot).optional(),
};

/** Each form's own fields; both also take the name, the email and the honeypot. */
const SHORT_ONLY = ["mobile", "country", "remarks"] as const;
const LONG_ONLY = ["company", "phone", "projectType", "budget", "timeline", "message"] as const;

function formSchema<K extends keyof typeof fields>(own: readonly K[]) {
  const names = ["name", "email", ...own, HONEYPOT_FIELD] as const;
  const shape = Object.fromEntries(names.map((name) => [name, fields[name]])) as Pick<typeof fields, (typeof names)[number]>;
  return z.strictObject(shape);
}

/** The 'Send Us a Message' card: name*, email*, mobile, country, remarks. */
export const contactMessageSchema = formSchema(SHORT_ONLY);
export type ContactMessageInput = z.input<typeof contactMessageSchema>;

/** The Contact page's project inquiry: name*, email*, company, phone, projectType, budget, timeline, message*. */
export const projectInquirySchema = formSchema(LONG_ONLY);
export type ProjectInquiryInput = z.input<typeof projectInquirySchema>;

/**
 * The route's body: either form. Any long-form field makes it the long form (whose message is then required);
 * one object mixing both forms' fields is refused. Errors point at the field, so the form can show them.
 */
export const contactRequestSchema = z
  .strictObject({ ...fields, message: fields.message.optional() })
  .superRefine((value, ctx) => {
    const isLong = LONG_ONLY.some((key) => value[key] !== undefined);
    if (!isLong) return;
    const mixed = SHORT_ONLY.find((key) => value[key] !== undefined);
    if (mixed) ctx.addIssue({ code: "custom", path: [mixed], message: CONTACT_MESSAGES.mixedForms });
    if (value.message === undefined)
      ctx.addIssue({ code: "custom", path: ["message"], message: CONTACT_MESSAGES.messageRequired });
  });
export type ContactRequest = z.output<typeof contactRequestSchema>;

export function contactFormKind(request: ContactRequest): "short" | "long" {
  return LONG_ONLY.some((key) => request[key] !== undefined) ? "long" : "short";
}
