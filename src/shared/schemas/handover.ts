// GET /api/projects/{id}/handover/summary: what the hand-over package would hold, asked before it is downloaded.
import { z } from "zod";

export const handoverSummarySchema = z.object({
  /** The files index.md lists (index.md itself not counted). */
  files: z.number().int(),
  /** Their bytes together, as they are in the ZIP once unpacked. */
  bytes: z.number().int(),
  /** The most one package may hold. */
  maxBytes: z.number().int(),
});
export type HandoverSummary = z.infer<typeof handoverSummarySchema>;
