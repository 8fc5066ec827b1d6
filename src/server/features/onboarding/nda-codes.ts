// Shared pieces of the NDA code steps: throttles, the demo account's fixed code, and code-check errors.

import type { CodePurpose } from "../../../shared/constants/auth";
import { CODE_SEND_LIMITS, DEMO_CODE } from "../../../shared/constants/auth";
import { NDA_MESSAGES } from "../../../shared/schemas/nda";
import { codeCheckError, consumeCode } from "../../auth/one-time-codes";
import { consumeRateLimits } from "../../auth/rate-limit";
import type { AppContext } from "../../context";
import { isDemoEmail } from "../auth";

const VERIFY_LIMIT_PER_IP = { max: 60, windowSeconds: 10 * 60 };

/** NDA codes have their own buckets, so signing in does not use up the NDA's allowance. */
export async function throttleNdaCodeSending(ctx: AppContext, { email, ip }: { email: string; ip: string }): Promise<void> {
  const key = email.toLowerCase();
  await consumeRateLimits(
    ctx.db,
    [
      { bucket: "nda-code-email-10m", key, ...CODE_SEND_LIMITS.perEmailShort },
      { bucket: "nda-code-email-day", key, ...CODE_SEND_LIMITS.perEmailDay },
      { bucket: "nda-code-ip-10m", key: ip, ...CODE_SEND_LIMITS.perIpShort },
    ],
    "Too many code requests. Please wait a few minutes and try again.",
  );
}

/**
 * An admin approves many NDAs in a row, so approval codes are counted per NDA (3 in 10 minutes, like any code),
 * with a generous daily cap per admin.
 */
export async function throttleCompanyCodeSending(
  ctx: AppContext,
  { email, profileId, ip }: { email: string; profileId: string; ip: string },
): Promise<void> {
  const key = email.toLowerCase();
  await consumeRateLimits(
    ctx.db,
    [
      { bucket: "nda-company-code-10m", key: `${key}:${profileId}`, ...CODE_SEND_LIMITS.perEmailShort },
      { bucket: "nda-company-code-day", key, max: 200, windowSeconds: 24 * 60 * 60 },
      { bucket: "nda-code-ip-10m", key: ip, ...CODE_SEND_LIMITS.perIpShort },
    ],
    "Too many code requests. Please wait a few minutes and try again.",
  );
}

/**
 * Checks an NDA code and consumes it; throws the same error codes as sign-in (CODE_WRONG, CODE_EXPIRED, ...).
 * A wrong code reads 'Invalid OTP. Please try again.'
 */
export async function checkNdaCode(
  ctx: AppContext,
  target: { purpose: CodePurpose; email: string; subject: string; code: string; ip: string },
): Promise<void> {
  await consumeRateLimits(ctx.db, [{ bucket: "nda-verify-ip-10m", key: target.ip, ...VERIFY_LIMIT_PER_IP }]);
  if (target.purpose === "nda_customer" && isDemoEmail(ctx, target.email)) {
    if (target.code !== DEMO_CODE) throw codeCheckError("wrong", NDA_MESSAGES.invalidOtp);
    return;
  }
  await consumeCode(ctx.db, ctx.config.secretKey, target, NDA_MESSAGES.invalidOtp);
}

/** Email subjects are one line: any line break or run of spaces in a typed name becomes one space. */
export function oneLine(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}
