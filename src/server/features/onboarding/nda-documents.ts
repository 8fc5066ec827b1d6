// Produces the NDA's PDFs and records each issued file's SHA-256, so /verify can recognise it later. The signed NDA
// carries Blueprint's digital seal from the customer's signature; the company's approval is a second signature
// appended to that same file, so the customer's copy is a byte-for-byte prefix of the approved one.
import { eq } from "drizzle-orm";
import { isoDay } from "../../../shared/domain/dates";
import { ndaAgreementParts, ndaAgreementText, PROVIDER_NAME } from "../../../shared/domain/nda-agreement";
import { NDA_MESSAGES, type SignatureMethod } from "../../../shared/schemas/nda";
import { sha256Hex } from "../../auth/secrets";
import type { AppContext } from "../../context";
import { ndaSignatures } from "../../db/schema";
import { fileNamePart, type IssuedDocument } from "../../documents/deliver";
import { recordIssuedDocument } from "../../documents/issued";
import { countersignPdf, type SealDetails, sealPdf, sealRecord } from "../../documents/pades";
import { contentKey, pdfRenders } from "../../documents/render-guard";
import { sealLocation, signingIdentity } from "../../documents/signing-identity";
import { notFound } from "../../errors";
import { isDemoEmail } from "../auth";
import { readNdaProvider } from "../legal";
import { loadNdaTrail } from "./nda-audit";
import { oneLine } from "./nda-codes";
import { approvalAppearance, type NdaPdfInput, renderNdaPdf } from "./nda-pdf";
import type { ProfileRow } from "./profile-dto";
import { shrinkSignature } from "./signature-image";

/** "Ada Lovelace" → "NDA-Ada-Lovelace.pdf"; the UTF-8 name goes in filename* (see contentDisposition). */
function ndaFilename(fullName: string | null, kind: "signed" | "draft"): string {
  return `NDA-${fileNamePart(fullName, "Customer")}${kind === "draft" ? "-draft" : ""}.pdf`;
}

/** NDA PDFs are rendered under the shared bounds and cached by their input (the same input gives the same bytes). */
async function renderCached(input: NdaPdfInput, owner: string): Promise<Uint8Array> {
  return pdfRenders.render(contentKey("nda:v2", input), owner, async () => (await renderNdaPdf(input)).bytes);
}

/** The unsigned NDA with today's date and the profile's names, for reading before signing. */
export async function issueDraftNda(
  ctx: AppContext,
  { profile, userId, now = new Date() }: { profile: ProfileRow | null; userId: string; now?: Date },
): Promise<IssuedDocument> {
  const parties = {
    customerName: oneLine(profile?.fullName ?? ""),
    companyName: oneLine(profile?.company ?? ""),
    effectiveDate: isoDay(now),
    provider: await readNdaProvider(ctx.db),
  };
  const documentId = profile?.id ?? userId;
  const bytes = await renderCached({ documentId, parties, verifyUrl: `${ctx.config.appUrl}/verify` }, userId);
  // Not recorded: /verify vouches only for signed agreements, never for a draft.
  return { bytes, filename: ndaFilename(profile?.fullName ?? null, "draft"), sha256: sha256Hex(bytes) };
}

/** The signed NDA with its signature image and audit trail; 404 when it is not signed. */
export async function issueSignedNda(
  ctx: AppContext,
  { profile, requesterId }: { profile: ProfileRow; requesterId: string },
): Promise<IssuedDocument> {
  const [signature] = await ctx.db.select().from(ndaSignatures).where(eq(ndaSignatures.profileId, profile.id)).limit(1);
  if (!signature || !profile.ndaSigned) throw notFound(NDA_MESSAGES.notSigned);
  // The customer's seal covers the trail up to their signature; what happens later is in later signatures.
  const trail = (await loadNdaTrail(ctx.db, profile.id)).filter((entry) => entry.at <= signature.signedAt);
  const approval =
    signature.approvedAt && signature.approvedBy ? { approvedAt: signature.approvedAt, approvedBy: signature.approvedBy } : null;
  const parties = {
    customerName: signature.signerName,
    companyName: signature.companyName,
    effectiveDate: isoDay(signature.signedAt),
  };
  // The copy is drawn from the words signed. The Provider's box names today's legal details only when they are the
  // ones the signed text names (an agreement signed before they were set, or changed since, keeps its own words).
  const current = await readNdaProvider(ctx.db);
  const provider = current && ndaAgreementText({ ...parties, provider: current }) === signature.agreementText ? current : null;
  const input: NdaPdfInput = {
    documentId: profile.id,
    parties: { ...parties, provider },
    agreement: ndaAgreementParts(signature.agreementText) ?? undefined,
    verifyUrl: `${ctx.config.appUrl}/verify`,
    signed: {
      signerName: signature.signerName,
      signerEmail: signature.signerEmail,
      companyName: signature.companyName,
      signedAt: signature.signedAt,
      // Signatures stored before images were shrunk at signing are shrunk here (a no-op for the others).
      signaturePng: shrinkSignature(Buffer.from(signature.signaturePng, "base64")).bytes,
      signatureMethod: signature.signatureMethod as SignatureMethod,
      agreementSha256: signature.agreementSha256,
      trail,
    },
  };
  // The demo account has no mailbox: its "one-time code" is public, so the company's seal, which says a code was
  // sent to the signer's address, never goes on its documents, and /verify never vouches for them.
  if (isDemoEmail(ctx, signature.signerEmail)) {
    const bytes = await renderCached(input, requesterId);
    return { bytes, filename: ndaFilename(signature.signerName, "signed"), sha256: sha256Hex(bytes) };
  }
  const identity = signingIdentity(ctx.config);
  const location = sealLocation(ctx.config);
  const customerSeal: SealDetails = {
    reason: `Signed by ${signature.signerName} (${signature.signerEmail}) for ${signature.companyName} with a one-time code sent to that address`,
    location,
    signingTime: signature.signedAt,
  };
  const approvalSeal: SealDetails | null = approval && {
    reason: `Approved for ${provider?.legalName ?? PROVIDER_NAME} by ${approval.approvedBy} with a one-time code sent to that address`,
    location,
    signingTime: approval.approvedAt,
  };
  const key = contentKey("nda-signed:v3", { input, approval, signer: identity.fingerprint, location });
  const bytes = await pdfRenders.render(key, requesterId, async () => {
    const drawn = await renderNdaPdf(input);
    const sealed = await sealPdf(drawn.bytes, identity, customerSeal);
    if (!approval || !approvalSeal) return sealed;
    return countersignPdf(
      sealed,
      identity,
      approvalSeal,
      drawn.approvalPlace,
      approvalAppearance(approval, provider?.legalName ?? PROVIDER_NAME),
    );
  });
  const sha256 = await recordIssuedDocument(ctx.db, {
    kind: "nda_signed",
    bytes,
    profileId: profile.id,
    details: {
      customerName: signature.signerName,
      companyName: signature.companyName,
      signerEmail: signature.signerEmail,
      signedAt: signature.signedAt.toISOString(),
      approvedAt: approval?.approvedAt.toISOString() ?? null,
      approvedBy: approval?.approvedBy ?? null,
      agreementSha256: signature.agreementSha256,
      status: approval ? "approved" : "customer_verified",
      signatures: [customerSeal, ...(approvalSeal ? [approvalSeal] : [])].map((seal) => sealRecord(identity, seal)),
    },
  });
  return { bytes, filename: ndaFilename(signature.signerName, "signed"), sha256 };
}
