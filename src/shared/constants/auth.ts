// One-time code and session rules.

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

/**
 * Sign-in code sending (docs/security.md, "Sign-in codes: the numbers"). A requester is one browser, known by its
 * pre-sign-in cookie. Browsers new to an address share a per-address ceiling; a browser that signed in to the
 * address before has its own allowance, so a stranger spending the ceiling never stops the owner's usual browser.
 */
export const SIGN_IN_CODE_LIMITS = {
  perRequesterShort: { max: 3, windowSeconds: 10 * 60 },
  perEmailHour: { max: 6, windowSeconds: 60 * 60 },
  perEmailDay: { max: 10, windowSeconds: 24 * 60 * 60 },
  perKnownBrowserShort: { max: 3, windowSeconds: 10 * 60 },
  perKnownBrowserDay: { max: 10, windowSeconds: 24 * 60 * 60 },
  perIpShort: CODE_SEND_LIMITS.perIpShort,
} as const;

/** Code checks per IP address (sign-in and NDA each), whatever the outcome. */
export const CODE_VERIFY_LIMIT_PER_IP = { max: 60, windowSeconds: 10 * 60 } as const;

/** The pre-sign-in cookie lives as long as the code it binds. */
export const SIGN_IN_BINDING_SECONDS = CODE_TTL_MINUTES * 60;
/** How long a browser stays known to an address after signing in there. */
export const KNOWN_BROWSER_SECONDS = 365 * 24 * 60 * 60;

export const CODE_PURPOSES = ["sign_in", "nda_customer", "nda_company", "account_delete"] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

export const SESSION_RULES = {
  customer: { idleSeconds: 7 * 24 * 3600, absoluteSeconds: 30 * 24 * 3600 },
  company: { idleSeconds: 12 * 3600, absoluteSeconds: 12 * 3600 },
} as const;

const ROLES = ["customer", "company"] as const;
export type Role = (typeof ROLES)[number];
