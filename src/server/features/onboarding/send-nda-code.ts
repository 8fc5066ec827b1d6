// POST /api/nda/send-otp (and the older /api/send-otp): emails the customer a signing code and tells the
// company inbox that a signature is in progress. The code always goes to the address the customer signed in with.
import { DEMO_CODE } from "../../../shared/constants/auth";
import { NDA_TITLE } from "../../../shared/domain/nda-agreement";
import { NDA_MESSAGES } from "../../../shared/schemas/nda";
import { CODE_EXPIRY_NOTE, emailNewCode } from "../../auth/code-email";
import type { SessionUser } from "../../auth/sessions";
import type { AppContext } from "../../context";
import { APP_NAME, renderEmail, subjectPart } from "../../email/layout";
import { companyLinks } from "../../email/links";
import { recordActivity } from "../activity/record-activity";
import { isDemoEmail } from "../auth/send-sign-in-code";
import { findProfileReadyToSign } from "./find-profile";
import { type ClientInfo, recordNdaStep } from "./nda-audit";
import { oneLine, throttleNdaCodeSending } from "./nda-codes";

export async function sendCustomerNdaCode(
  ctx: AppContext,
  user: SessionUser,
  input: { email: string; emailField: string },
  client: ClientInfo,
) {
  const email = input.email.toLowerCase();
  const profile = await findProfileReadyToSign(ctx.db, user, input);

  const customerName = oneLine(profile.fullName ?? "");
  const companyName = oneLine(profile.company ?? "");
  const demo = isDemoEmail(ctx, email);
  // The demo account gets no email but the same allowance: its requests still write to the company inbox.
  await throttleNdaCodeSending(ctx, email, client.ip);
  if (!demo) {
    await emailNewCode(
      ctx,
      { purpose: "nda_customer", email, subject: profile.id, ip: client.ip },
      {
        kind: "nda-customer-code",
        subject: `Your ${APP_NAME} NDA signing code`,
        heading: "Sign your NDA",
        paragraphs: [
          `Hi ${customerName}, use this code to sign the ${NDA_TITLE} between ${companyName} and ${APP_NAME}.`,
          "Enter it on the NDA Agreement tab together with your signature.",
        ],
        footnote: `${CODE_EXPIRY_NOTE}. If you did not ask for it, you can ignore this email.`,
      },
    );
  }
  for (const admin of ctx.config.adminEmails) {
    await ctx.email.enqueue({
      kind: "nda-company-notice",
      to: admin,
      subject: `NDA signature in progress: ${subjectPart(companyName)}`,
      ...renderEmail({
        heading: "An NDA signature is in progress",
        paragraphs: [
          `${customerName} (${email}) of ${companyName} has asked for a code to sign the ${NDA_TITLE}.`,
          "You will be asked to approve it once it is signed.",
        ],
        action: { label: "Open the admin console", url: companyLinks.ndaApprovals(ctx.config.appUrl) },
      }),
    });
  }
  await recordNdaStep(ctx.db, { profileId: profile.id, step: "code_sent", email, client });
  await recordActivity(ctx.db, {
    userId: user.id,
    actorId: user.id,
    type: "nda.code_sent",
    title: "NDA signing code sent",
    description: `A signing code was sent to ${email}.`,
  });
  return {
    success: true,
    message: demo ? `Demo account - use code ${DEMO_CODE}` : NDA_MESSAGES.customerOtpSentText,
  };
}
