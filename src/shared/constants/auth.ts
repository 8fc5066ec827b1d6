// One-time code and session rules (DESIGN.md §4).

export const CODE_LENGTH = 6;
export const DEMO_CODE = "000000";

/** Keeps only the digits of what was typed, at most six. */
export function sanitizeCodeInput(value: string): string {
  return value.replace(/\D/g, "").slice(0, CODE_LENGTH);
}
export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_WRONG_TRIES = 5;

export const CODE_SEND_LIMITS = {
  perEmailShort: { max: 3, windowSeconds: 10 * 60 },
  perEmailDay: { max: 10, windowSeconds: 24 * 60 * 60 },
  perIpShort: { max: 30, windowSeconds: 10 * 60 },
} as const;

const CODE_PURPOSES = ["sign_in", "nda_customer", "nda_company"] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

export const SESSION_RULES = {
  customer: { idleSeconds: 7 * 24 * 3600, absoluteSeconds: 30 * 24 * 3600 },
  company: { idleSeconds: 12 * 3600, absoluteSeconds: 12 * 3600 },
} as const;

const ROLES = ["customer", "company"] as const;
export type Role = (typeof ROLES)[number];
