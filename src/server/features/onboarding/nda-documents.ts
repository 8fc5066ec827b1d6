// Produces the NDA's PDFs and records each issued file's SHA-256, so /verify can recognise it later.
import { eq } from "drizzle-orm";
import { isoDay } from "../../../shared/domain/dates";
import { NDA_MESSAGES, type SignatureMethod } from "../../../shared/schemas/nda";
import { sha256Hex } from "../../auth/secrets";
import type { AppContext } from "../../context";
import { issuedDocuments, ndaSignatures } from "../../db/schema";
import { notFound } from "../../errors";
import { loadNdaTrail } from "./nda-audit";
import { oneLine } from "./nda-codes";
import { renderNdaPdf } from "./nda-pdf";
import type { ProfileRow } from "./profile-dto";

export type IssuedPdf = { bytes: Uint8Array; filename: string; sha256: string };

/** "Ada Lovelace" → "NDA-Ada-Lovelace.pdf"; the UTF-8 name goes in filename* (see contentDisposition). */
export function ndaFilename(fullName: string | null, kind: "signed" | "draft"): string {
  const base = (fullName ?? "")
    .normalize("NFC")
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
  return `NDA-${base || "Customer"}${kind === "draft" ? "-draft" : ""}.pdf`;
}

/** An RFC 6266 header: an ASCII fallback name plus the UTF-8 name (RFC 8187). */
export function contentDisposition(type: "inline" | "attachment", filename: string): string {
  const ascii =
    filename
      .normalize("NFKD")
      .replace(/[^\x20-\x7e]/g, "")
      .replace(/["\\]/g, "") || "document.pdf";
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

async function recordIssued(
  ctx: AppContext,
  document: { kind: string; bytes: Uint8Array; profileId: string; details: Record<string, unknown> },
): Promise<string> {
  const sha256 = sha256Hex(document.bytes);
  await ctx.db
    .insert(issuedDocuments)
    .values({ kind: document.kind, sha256, profileId: document.profileId, details: document.details })
    .onConflictDoNothing({ target: issuedDocuments.sha256 });
  return sha256;
}

/** The unsigned NDA with today's date and the profile's names, for reading before signing. */
export async function issueDraftNda(
  ctx: AppContext,
  profile: ProfileRow | null,
  userId: string,
  now = new Date(),
): Promise<IssuedPdf> {
  const parties = {
    customerName: oneLine(profile?.fullName ?? ""),
    companyName: oneLine(profile?.company ?? ""),
    effectiveDate: isoDay(now),
  };
  const documentId = profile?.id ?? userId;
  const bytes = await renderNdaPdf({ documentId, parties, verifyUrl: `${ctx.config.appUrl}/verify` });
  // Not recorded: /verify vouches only for signed agreements, never for a draft.
  return { bytes, filename: ndaFilename(profile?.fullName ?? null, "draft"), sha256: sha256Hex(bytes) };
}

/** The signed NDA with its signature image and audit trail; 404 when it is not signed. */
export async function issueSignedNda(ctx: AppContext, profile: ProfileRow): Promise<IssuedPdf> {
  const [signature] = await ctx.db.select().from(ndaSignatures).where(eq(ndaSignatures.profileId, profile.id)).limit(1);
  if (!signature || !profile.ndaSigned) throw notFound(NDA_MESSAGES.notSigned);
  const trail = await loadNdaTrail(ctx.db, profile.id);
  const approval =
    signature.approvedAt && signature.approvedBy ? { approvedAt: signature.approvedAt, approvedBy: signature.approvedBy } : null;
  const bytes = await renderNdaPdf({
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
      signaturePng: Buffer.from(signature.signaturePng, "base64"),
      signatureMethod: signature.signatureMethod as SignatureMethod,
      agreementSha256: signature.agreementSha256,
      approval,
      trail,
    },
  });
  const sha256 = await recordIssued(ctx, {
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
