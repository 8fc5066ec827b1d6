// The kinds of document the portal records for /verify, and what /verify may say about each. Only final documents
// are recorded: an unsigned NDA or an unconfirmed brief is a draft for reading, and /verify vouches for neither.
import { formatLongDate } from "./dates";
import { NDA_TITLE } from "./nda-agreement";

export type DocumentAuthor = "blueprint" | "customer";

export const ISSUED_DOCUMENT_KINDS = {
  /** The NDA with both parties' names and the customer's signature, issued by Blueprint. */
  nda_signed: { title: (_projectCode: string | null) => NDA_TITLE, authoredBy: "blueprint" },
  /** The portal's record that the client approved a prototype version, sealed by Blueprint. */
  acceptance_certificate: {
    title: (projectCode: string | null) => `Acceptance certificate ${projectCode ?? ""}`.trim(),
    authoredBy: "blueprint",
  },
  /** A proposal as the client accepted it by name (who, when, from where, its SHA-256), sealed by Blueprint. */
  proposal: {
    title: (projectCode: string | null) => `Accepted proposal ${projectCode ?? ""}`.trim(),
    authoredBy: "blueprint",
  },
  /** The customer's own project brief, confirmed and exported: Blueprint vouches only that the file is unchanged. */
  project_brief: { title: (projectCode: string | null) => `Project brief ${projectCode ?? ""}`.trim(), authoredBy: "customer" },
  /** A paid phase's receipt, issued and sealed by Blueprint. */
  payment_receipt: {
    title: (projectCode: string | null) => `Payment receipt ${projectCode ?? ""}`.trim(),
    authoredBy: "blueprint",
  },
  /** A payment phase's numbered invoice (a void one too, stamped VOID), issued and sealed by Blueprint. */
  invoice: {
    title: (projectCode: string | null) => `Invoice ${projectCode ?? ""}`.trim(),
    authoredBy: "blueprint",
  },
} as const satisfies Record<string, { title: (projectCode: string | null) => string; authoredBy: DocumentAuthor }>;

export type IssuedDocumentKind = keyof typeof ISSUED_DOCUMENT_KINDS;

export function isIssuedDocumentKind(kind: string): kind is IssuedDocumentKind {
  return Object.hasOwn(ISSUED_DOCUMENT_KINDS, kind);
}

/** The headline /verify shows for a recognised file. */
export function verdictFor(document: { authoredBy: DocumentAuthor; issuedAt: string }): string {
  return document.authoredBy === "customer"
    ? `Customer-authored brief, exported on ${formatLongDate(document.issuedAt)}`
    : "Genuine: issued by Blueprint";
}
