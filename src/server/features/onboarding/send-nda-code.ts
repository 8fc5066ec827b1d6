// POST /api/nda/send-otp (and the older /api/send-otp): emails the customer a signing code and tells the
// company inbox that a signature is in progress. The code always goes to the address the customer signed in with.
import { DEMO_CODE } from "../../../shared/constants/auth";
import { NDA_MESSAGES } from "../../../shared/schemas/nda";
import { emailNewCode } from "../../auth/code-email";
import type { SessionUser } from "../../auth/sessions";
import type { AppContext } from "../../context";
import { isDemoEmail } from "../auth";
import { findProfileReadyToSign } from "./find-profile";
import { type ClientInfo, recordNdaStep } from "./nda-audit";
import { oneLine, throttleNdaCodeSending } from "./nda-codes";

export async function sendCustomerNdaCode(
  ctx: AppContext,
  { user, input, client }: { user: SessionUser; input: { email: string; emailField: string }; client: ClientInfo },
) {
  const email = input.email.toLowerCase();
  const profile = await findProfileReadyToSign(ctx.db, { user, input });

  const customerName = oneLine(profile.fullName ?? "");
  const companyName = oneLine(profile.company ?? "");
  const demo = isDemoEmail(ctx, email);
  // The demo account gets no email but the same allowance: its requests still write to the company inbox.
  await throttleNdaCodeSending(ctx, { email, ip: client.ip });
  if (!demo) {
    await emailNewCode(ctx, { purpose: "nda_customer", email, subject: profile.id, ip: client.ip }, (code) => ({
      kind: "nda-customer-code",
      data: { customerName, companyName, code },
    }));
  }
  for (const admin of ctx.config.adminEmails) {
    await ctx.email.enqueue({ kind: "nda-company-notice", to: admin, data: { customerName, email, companyName } });
  }
  // The NDA's own record keeps the step; a code sent is not news for the customer's feed (issue 48 §4).
  await recordNdaStep(ctx.db, { profileId: profile.id, step: "code_sent", email, client });
  return {
    success: true,
    message: demo ? `Demo account - use code ${DEMO_CODE}` : NDA_MESSAGES.customerOtpSentText,
  };
}
