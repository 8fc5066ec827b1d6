// Produces the NDA's PDFs and records each issued file's SHA-256, so /verify can recognise it later.
import { eq } from "drizzle-orm";
import { isoDay } from "../../../shared/domain/dates";
import { NDA_MESSAGES, type SignatureMethod } from "../../../shared/schemas/nda";
import { sha256Hex } from "../../auth/secrets";
import type { AppContext } from "../../context";
import { ndaSignatures } from "../../db/schema";
import { fileNamePart, type IssuedDocument } from "../../documents/deliver";
import { recordIssuedDocument } from "../../documents/issued";
import { contentKey, pdfRenders } from "../../documents/render-guard";
import { notFound } from "../../errors";
import { loadNdaTrail } from "./nda-audit";
import { oneLine } from "./nda-codes";
import { type NdaPdfInput, renderNdaPdf } from "./nda-pdf";
import type { ProfileRow } from "./profile-dto";
import { shrinkSignature } from "./signature-image";

/** "Ada Lovelace" → "NDA-Ada-Lovelace.pdf"; the UTF-8 name goes in filename* (see contentDisposition). */
function ndaFilename(fullName: string | null, kind: "signed" | "draft"): string {
  return `NDA-${fileNamePart(fullName, "Customer")}${kind === "draft" ? "-draft" : ""}.pdf`;
}

/** NDA PDFs are rendered under the shared bounds and cached by their input (the same input gives the same bytes). */
function renderCached(input: NdaPdfInput, owner: string): Promise<Uint8Array> {
  return pdfRenders.render(contentKey("nda:v2", input), owner, () => renderNdaPdf(input));
}

/** The unsigned NDA with today's date and the profile's names, for reading before signing. */
export async function issueDraftNda(
  ctx: AppContext,
  profile: ProfileRow | null,
  userId: string,
  now = new Date(),
): Promise<IssuedDocument> {
  const parties = {
    customerName: oneLine(profile?.fullName ?? ""),
    companyName: oneLine(profile?.company ?? ""),
    effectiveDate: isoDay(now),
  };
  const documentId = profile?.id ?? userId;
  const bytes = await renderCached({ documentId, parties, verifyUrl: `${ctx.config.appUrl}/verify` }, userId);
  const sha256 = profile
    ? await recordIssuedDocument(ctx.db, {
        kind: "nda_draft",
        bytes,
        profileId: profile.id,
        details: { customerName: parties.customerName, companyName: parties.companyName, status: "draft" },
      })
    : sha256Hex(bytes);
  return { bytes, filename: ndaFilename(profile?.fullName ?? null, "draft"), sha256 };
}

/** The signed NDA with its signature image and audit trail; 404 when it is not signed. */
export async function issueSignedNda(ctx: AppContext, profile: ProfileRow, requesterId: string): Promise<IssuedDocument> {
  const [signature] = await ctx.db.select().from(ndaSignatures).where(eq(ndaSignatures.profileId, profile.id)).limit(1);
  if (!signature || !profile.ndaSigned) throw notFound(NDA_MESSAGES.notSigned);
  const trail = await loadNdaTrail(ctx.db, profile.id);
  const approval =
    signature.approvedAt && signature.approvedBy ? { approvedAt: signature.approvedAt, approvedBy: signature.approvedBy } : null;
  const input: NdaPdfInput = {
    documentId: profile.id,
    parties: {
      customerName: signature.signerName,
      companyName: signature.companyName,
      effectiveDate: isoDay(signature.signedAt),
    },
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
      approval,
      trail,
    },
  };
  const bytes = await renderCached(input, requesterId);
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
    },
  });
  return { bytes, filename: ndaFilename(signature.signerName, "signed"), sha256 };
}
