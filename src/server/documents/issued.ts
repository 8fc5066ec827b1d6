// Every document the portal hands out is recorded by the SHA-256 of its bytes, so /verify can recognise a copy.
import { sha256Hex } from "../auth/secrets";
import type { Database } from "../db/client";
import { issuedDocuments } from "../db/schema";

type IssuedDocumentKind =
  | "nda_draft"
  | "nda_signed"
  | "project_brief"
  | "payment_receipt"
  | "invoice"
  | "acceptance_certificate"
  | "proposal";

export async function recordIssuedDocument(
  db: Database,
  document: {
    kind: IssuedDocumentKind;
    bytes: Uint8Array;
    profileId: string | null;
    projectId?: string | null;
    details: Record<string, unknown>;
  },
): Promise<string> {
  const sha256 = sha256Hex(document.bytes);
  await db
    .insert(issuedDocuments)
    .values({
      kind: document.kind,
      sha256,
      profileId: document.profileId,
      projectId: document.projectId ?? null,
      details: document.details,
    })
    .onConflictDoNothing({ target: issuedDocuments.sha256 });
  return sha256;
}
