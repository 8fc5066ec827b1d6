// The customer's Project Documents (dashboard): each real file with its size and date, read in one call.
import { z } from "zod";

export const PROJECT_DOCUMENT_KINDS = ["signed_nda", "proposal", "brief", "brd", "advance_invoice", "final_invoice"] as const;
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
