// The one way a document leaves the server: every PDF answer (NDA, brief, and later BRDs, invoices and files)
// goes through sendDocument, so each carries the same download name rules and the same protective headers.
import type { FastifyReply } from "fastify";
import { contentDisposition } from "../http/content-disposition";

export type IssuedDocument = { bytes: Uint8Array; filename: string; sha256: string };

/**
 * Headers for a document a browser may open: never sniffed as another type, and if opened in a tab it runs in a
 * sandbox with nothing allowed (a PDF viewer's scripts, forms and links cannot reach the portal's origin).
 * Documents are personal: no shared cache keeps them.
 */
const DOCUMENT_HEADERS = {
  "x-content-type-options": "nosniff",
  "content-security-policy": "sandbox; default-src 'none'",
  "cache-control": "no-store",
} as const;

/** A file name from user text: letters and digits kept (any script), everything else one dash, at most 80. */
export function fileNamePart(text: string | null | undefined, fallback: string): string {
  const base = (text ?? "")
    .slice(0, 400)
    .normalize("NFC")
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
  return base || fallback;
}

export function sendDocument(
  reply: FastifyReply,
  document: IssuedDocument,
  options: { disposition: "inline" | "attachment"; contentType?: string },
) {
  return reply
    .headers(DOCUMENT_HEADERS)
    .header("content-type", options.contentType ?? "application/pdf")
    .header("content-disposition", contentDisposition(options.disposition, document.filename))
    .header("x-document-sha256", document.sha256)
    .send(Buffer.from(document.bytes.buffer, document.bytes.byteOffset, document.bytes.byteLength));
}
