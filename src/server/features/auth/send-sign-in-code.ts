// POST /api/auth/request-code: throttled, then a fresh code is queued by email (the demo account gets none).
import { CODE_SEND_LIMITS, CODE_TTL_MINUTES, DEMO_CODE } from "../../../shared/constants/auth";
import type { RequestCodeInput } from "../../../shared/schemas/auth";
import { issueCode } from "../../auth/one-time-codes";
import { consumeRateLimits } from "../../auth/rate-limit";
import type { AppContext } from "../../context";
import { APP_NAME, renderEmail } from "../../email/layout";

export function isDemoEmail(ctx: AppContext, email: string): boolean {
  return ctx.config.demoEmail !== null && email.toLowerCase() === ctx.config.demoEmail;
}

async function throttleCodeSending(ctx: AppContext, email: string, ip: string): Promise<void> {
  const key = email.toLowerCase();
  await consumeRateLimits(
    ctx.db,
    [
      { bucket: "code-email-10m", key, ...CODE_SEND_LIMITS.perEmailShort },
      { bucket: "code-email-day", key, ...CODE_SEND_LIMITS.perEmailDay },
      { bucket: "code-ip-10m", key: ip, ...CODE_SEND_LIMITS.perIpShort },
    ],
    "Too many code requests. Please wait a few minutes and try again.",
  );
}

export async function sendSignInCode(ctx: AppContext, input: RequestCodeInput & { ip: string }) {
  const email = input.email.toLowerCase();
  if (isDemoEmail(ctx, email)) {
    return { success: true, message: `Demo account - use code ${DEMO_CODE}`, isDemoAccount: true };
  }
  await throttleCodeSending(ctx, email, input.ip);
  const code = await issueCode(ctx.db, ctx.config.secretKey, { purpose: "sign_in", email, ip: input.ip, name: input.name });
  const content = renderEmail({
    heading: "Your sign-in code",
    paragraphs: [`Hi ${input.name}, use this code to sign in to the ${APP_NAME} client portal.`],
    code,
    footnote: `The code expires in ${CODE_TTL_MINUTES} minutes and works once. If you did not ask for it, you can ignore this email.`,
  });
  await ctx.email.enqueue({ kind: "sign-in-code", to: email, subject: `${code} is your ${APP_NAME} sign-in code`, ...content });
  return { success: true, message: "Check your email for the 6-digit code.", isDemoAccount: false };
}
