// The customer's Project Documents (dashboard): each real file with its size and date, read in one call.
import { z } from "zod";

export const PROJECT_DOCUMENT_KINDS = ["signed_nda", "brief", "brd", "advance_invoice", "final_invoice"] as const;
export type ProjectDocumentKind = (typeof PROJECT_DOCUMENT_KINDS)[number];

export const projectDocumentSchema = z.object({
  kind: z.enum(PROJECT_DOCUMENT_KINDS),
  title: z.string(),
  /** Where to open or download it; null while it does not exist yet. */
  url: z.string().nullable(),
  /** Bytes of the file the link serves; null for a link registered by hand (its size is not ours to know). */
  size: z.number().nullable(),
  contentType: z.string().nullable(),
  /** Signed, generated, confirmed or uploaded. */
  date: z.string().nullable(),
});
export type ProjectDocument = z.infer<typeof projectDocumentSchema>;

/** "PDF • 2.3 MB" from a content type and a byte count (the spec's size text, from the real file). */
export function documentMeta(contentType: string | null, size: number | null): string | null {
  const type = contentType ? documentTypeLabel(contentType) : null;
  const bytes = size === null ? null : formatBytes(size);
  return [type, bytes].filter(Boolean).join(" • ") || null;
}

function documentTypeLabel(contentType: string): string {
  if (contentType === "application/pdf") return "PDF";
  if (contentType.includes("wordprocessingml")) return "DOCX";
  if (contentType === "application/msword") return "DOC";
  return contentType.split("/")[1]?.toUpperCase() ?? contentType;
}

export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${Math.round(size / 1024)} KB`;
  return `${(size / (1024 * 1024)).toFixed(1)} MB`;
}
