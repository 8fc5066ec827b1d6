// POST /api/nda/verify-customer-otp (and the older /api/verify-customer-otp): checks the signature image,
// then the code, then records the signature over the exact agreement text. The server alone sets
// ndaSigned, ndaSignedAt and ndaStatus.
import { and, eq } from "drizzle-orm";
import { isoDay } from "../../../shared/domain/dates";
import { ndaAgreementText } from "../../../shared/domain/nda-agreement";
import { NDA_MESSAGES, type SignatureMethod } from "../../../shared/schemas/nda";
import { sha256Hex } from "../../auth/secrets";
import type { SessionUser } from "../../auth/sessions";
import type { AppContext } from "../../context";
import { ndaSignatures, profiles } from "../../db/schema";
import { conflict } from "../../errors";
import { recordActivity } from "../activity";
import { readNdaProvider } from "../legal";
import { enqueueWebhookEvent } from "../webhooks";
import { findProfileReadyToSign } from "./find-profile";
import { type ClientInfo, recordNdaStep } from "./nda-audit";
import { checkNdaCode, oneLine } from "./nda-codes";
import { toProfileDto } from "./profile-dto";
import { openFirstProject } from "./save-profile";
import { decodeSignatureDataUrl } from "./signature-image";

type SignNdaInput = {
  email: string;
  emailField: string;
  code: string;
  signature: string;
  signatureMethod: SignatureMethod;
};

export async function signNda(
  ctx: AppContext,
  { user, input, client }: { user: SessionUser; input: SignNdaInput; client: ClientInfo },
) {
  const email = input.email.toLowerCase();
  const profile = await findProfileReadyToSign(ctx.db, { user, input });
  // The image is checked before the code, so a bad image does not use up a good code.
  const image = decodeSignatureDataUrl(input.signature);

  await checkNdaCode(ctx, { purpose: "nda_customer", email, subject: profile.id, code: input.code, ip: client.ip });
  const verifiedAt = new Date();

  const customerName = oneLine(profile.fullName ?? "");
  const companyName = oneLine(profile.company ?? "");
  const signedAt = new Date(verifiedAt.getTime() + 1);
  // The text names the company's legal details as they are at signing; the hash keeps that text as it was signed.
  const provider = await readNdaProvider(ctx.db);
  const agreementText = ndaAgreementText({ customerName, companyName, effectiveDate: isoDay(signedAt), provider });

  const saved = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(profiles)
      .set({ ndaSigned: true, ndaSignedAt: signedAt, ndaStatus: "customer_verified", updatedAt: signedAt })
      .where(and(eq(profiles.id, profile.id), eq(profiles.ndaSigned, false)))
      .returning();
    if (!updated) throw conflict(NDA_MESSAGES.alreadySigned, "NDA_ALREADY_SIGNED");
    const signature = {
      signerName: customerName,
      signerEmail: email,
      companyName,
      agreementText,
      agreementSha256: sha256Hex(agreementText),
      signaturePng: image.bytes.toString("base64"),
      signatureMethod: input.signatureMethod,
      signedAt,
      approvedBy: null,
      approvedAt: null,
    };
    await tx
      .insert(ndaSignatures)
      .values({ profileId: profile.id, ...signature })
      .onConflictDoUpdate({ target: ndaSignatures.profileId, set: signature });
    await recordNdaStep(tx, { profileId: profile.id, step: "code_verified", email, client, at: verifiedAt });
    await recordNdaStep(tx, { profileId: profile.id, step: "signed", email, client, at: signedAt });
    await recordActivity(tx, {
      userId: user.id,
      actorId: user.id,
      type: "nda.signed",
      title: "NDA signed",
      description: "Your NDA is signed and waiting for company approval.",
      notify: true,
    });
    // Company-wide: the admins' bell shows it.
    await recordActivity(tx, {
      userId: null,
      actorId: user.id,
      type: "nda.awaiting_approval",
      title: "NDA awaiting approval",
      description: `${customerName} of ${companyName} signed the NDA.`,
      notify: true,
    });
    await enqueueWebhookEvent(tx, {
      type: "nda.signed",
      data: { customerUserId: user.id, company: companyName },
      console: { tab: "nda" },
    });
    for (const admin of ctx.config.adminEmails) {
      await ctx.email.enqueue({ kind: "nda-awaiting-approval", to: admin, data: { customerName, email, companyName } }, tx);
    }
    // With the profile complete and the NDA signed, the idea may now be shared: the first project opens.
    await openFirstProject(tx, { userId: user.id, fields: updated });
    return updated;
  });
  return { success: true, message: NDA_MESSAGES.signedText, profile: toProfileDto(saved) };
}
