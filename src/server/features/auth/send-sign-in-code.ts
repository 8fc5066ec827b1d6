// POST /api/auth/request-code: throttled, then a fresh code bound to the asking browser is queued by email
// (the demo account gets none).
import { DEMO_CODE, SIGN_IN_CODE_LIMITS } from "../../../shared/constants/auth";
import type { RequestCodeInput } from "../../../shared/schemas/auth";
import { emailNewCode } from "../../auth/code-email";
import { consumeRateLimits, type RateLimit } from "../../auth/rate-limit";
import type { AppContext } from "../../context";

export function isDemoEmail(ctx: AppContext, email: string): boolean {
  return ctx.config.demoEmail !== null && email.toLowerCase() === ctx.config.demoEmail;
}

export type CodeRequester = {
  ip: string;
  /** SHA-256 of the browser's pre-sign-in cookie. */
  binding: string;
  /** The browser's id when it signed in to this address before (its known-browser cookie checked out). */
  knownBrowser: string | null;
};

/**
 * A browser that signed in to the address before has its own allowance; every other browser has a small one of its
 * own and shares the address's ceiling, so strangers cannot use up what the owner's usual browser may ask for.
 */
function sendLimits(email: string, requester: CodeRequester): RateLimit[] {
  const L = SIGN_IN_CODE_LIMITS;
  const perAddress: RateLimit[] = requester.knownBrowser
    ? [
        { bucket: "code-known-10m", key: `${email}|${requester.knownBrowser}`, ...L.perKnownBrowserShort },
        { bucket: "code-known-day", key: `${email}|${requester.knownBrowser}`, ...L.perKnownBrowserDay },
      ]
    : [
        { bucket: "code-requester-10m", key: `${email}|${requester.binding}`, ...L.perRequesterShort },
        { bucket: "code-email-hour", key: email, ...L.perEmailHour },
        { bucket: "code-email-day", key: email, ...L.perEmailDay },
      ];
  return [...perAddress, { bucket: "code-ip-10m", key: requester.ip, ...L.perIpShort }];
}

export async function sendSignInCode(ctx: AppContext, input: RequestCodeInput & { requester: CodeRequester }) {
  const email = input.email.toLowerCase();
  if (isDemoEmail(ctx, email)) {
    return { success: true, message: `Demo account - use code ${DEMO_CODE}`, isDemoAccount: true };
  }
  await consumeRateLimits(
    ctx.db,
    sendLimits(email, input.requester),
    "Too many code requests. Please wait a few minutes and try again.",
  );
  await emailNewCode(
    ctx,
    { purpose: "sign_in", email, binding: input.requester.binding, ip: input.requester.ip, name: input.name },
    (code) => ({ kind: "sign-in-code", data: { name: input.name, code } }),
  );
  return { success: true, message: "Check your email for the 6-digit code.", isDemoAccount: false };
}
