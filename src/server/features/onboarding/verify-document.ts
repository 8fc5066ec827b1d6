// /verify: is an uploaded file exactly a document the portal issued? Read as a stream, hashed as it arrives,
// stopped at 20 MB, and refused unless its first bytes say PDF.
import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { ISSUED_DOCUMENT_KINDS, isIssuedDocumentKind } from "../../../shared/domain/issued-documents";
import { type DocumentCheck, type DocumentSeal, documentSealSchema } from "../../../shared/schemas/nda";
import type { Database } from "../../db/client";
import { issuedDocuments } from "../../db/schema";
import { unsupportedMediaType } from "../../errors";

const PDF_MAGIC = Buffer.from("%PDF-");

export const NOT_A_PDF = "Please upload a PDF file";

/** Hashes the stream; throws 415 as soon as the first bytes are not a PDF's. */
export async function hashPdfStream(stream: Readable): Promise<string> {
  const hash = createHash("sha256");
  let head = Buffer.alloc(0);
  for await (const chunk of stream) {
    const data = chunk as Buffer;
    if (head.length < PDF_MAGIC.length) {
      head = Buffer.concat([head, data.subarray(0, PDF_MAGIC.length - head.length)]);
      if (!PDF_MAGIC.subarray(0, head.length).equals(head)) {
        stream.destroy();
        throw unsupportedMediaType(NOT_A_PDF);
      }
    }
    hash.update(data);
  }
  if (head.length < PDF_MAGIC.length) throw unsupportedMediaType(NOT_A_PDF);
  return hash.digest("hex");
}

const text = (value: unknown): string | null => (typeof value === "string" && value ? value : null);

/** The seals recorded with the document (none for files issued before documents were signed). */
function seals(value: unknown): DocumentSeal[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((seal) => {
    const parsed = documentSealSchema.safeParse(seal);
    return parsed.success ? [parsed.data] : [];
  });
}

export async function checkIssuedDocument(db: Database, sha256: string): Promise<DocumentCheck> {
  const [row] = await db.select().from(issuedDocuments).where(eq(issuedDocuments.sha256, sha256)).limit(1);
  // Rows of a kind no longer vouched for (drafts recorded by earlier versions) are not recognised.
  if (!row || !isIssuedDocumentKind(row.kind) || (row.kind === "project_brief" && row.details.confirmed !== true)) {
    return { valid: false, sha256, document: null };
  }
  const kind = ISSUED_DOCUMENT_KINDS[row.kind];
  const d = row.details;
  const projectCode = text(d.projectCode);
  // The brief's content is the customer's: nothing in it is stated as signed or approved by anyone.
  const customerAuthored = kind.authoredBy === "customer";
  const stated: Record<string, unknown> = customerAuthored ? {} : d;
  return {
    valid: true,
    sha256,
    document: {
      kind: row.kind,
      issuedAt: row.createdAt.toISOString(),
      title: kind.title(projectCode),
      authoredBy: kind.authoredBy,
      projectCode,
      customerName: text(stated.customerName),
      companyName: text(stated.companyName),
      signerEmail: text(stated.signerEmail),
      signedAt: text(stated.signedAt),
      approvedAt: text(stated.approvedAt),
      approvedBy: text(stated.approvedBy),
      agreementSha256: text(stated.agreementSha256),
      status: customerAuthored ? "exported" : (text(d.status) ?? "issued"),
      signatures: seals(d.signatures),
    },
  };
}
