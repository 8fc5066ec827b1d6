// Bytes are stored before the row that references them (file_attachments) is written: a crash in between leaves
// bytes nobody can reach. Every hour, once across every server process (the scheduled-job claim), the sweep deletes
// the stored bytes that no attachment names and that are older than a grace period, so an upload still in progress
// (bytes stored, row about to be written) is never swept from under it.
import { inArray } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client";
import { fileAttachments } from "../db/schema";
import { type ScheduledJob, startScheduledJob } from "../jobs/scheduled-job";
import type { FileStore } from "./file-store";

export const BLOB_SWEEP_JOB = "file-blob-sweep";
export const BLOB_SWEEP_INTERVAL_MS = 60 * 60_000;
/** Far longer than any upload takes between storing its bytes and writing its row. */
export const BLOB_SWEEP_GRACE_MS = 24 * 60 * 60_000;
/** Content ids looked at per run: a backlog is worked off over a few runs rather than in one long one. */
const BATCH = 1_000;

export async function sweepUnreferencedBlobs(
  db: Database,
  files: FileStore,
  options: { now?: Date; graceMs?: number } = {},
): Promise<{ checked: number; deleted: number }> {
  const cutoff = new Date((options.now ?? new Date()).getTime() - (options.graceMs ?? BLOB_SWEEP_GRACE_MS));
  const candidates = await files.storedBefore(cutoff, BATCH);
  if (candidates.length === 0) return { checked: 0, deleted: 0 };
  const referenced = await db
    .selectDistinct({ fileId: fileAttachments.fileId })
    .from(fileAttachments)
    .where(inArray(fileAttachments.fileId, candidates));
  const used = new Set(referenced.map((row) => row.fileId));
  let deleted = 0;
  for (const id of candidates) {
    if (used.has(id)) continue;
    await files.delete(id);
    deleted++;
  }
  return { checked: candidates.length, deleted };
}

export function startBlobSweeper(options: { db: Database; files: FileStore; log: FastifyBaseLogger }): ScheduledJob {
  return startScheduledJob({
    db: options.db,
    log: options.log,
    job: BLOB_SWEEP_JOB,
    intervalMs: BLOB_SWEEP_INTERVAL_MS,
    wakeMs: 60_000,
    checkAtStart: false,
    work: (now) => sweepUnreferencedBlobs(options.db, options.files, { now }),
    ranMessage: (result) => (result.deleted > 0 ? "unreferenced files swept" : null),
    failedMessage: "file sweep failed",
  });
}
