// Bytes are stored before the row that references them (file_attachments) is written: a crash in between leaves
// bytes nobody can reach. Every hour, once across every server process (the scheduled-job claim), the sweep deletes
// the stored bytes that no attachment names and that are older than a grace period, so an upload still in progress
// (bytes stored, row about to be written) is never swept from under it.
import { randomUUID } from "node:crypto";
import { inArray } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client";
import { fileAttachments } from "../db/schema";
import { runTickOnce, tickOf } from "../features/admin/status-scheduler";
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

export type BlobSweeper = { stop(): void; checkNow(now?: Date): Promise<boolean> };

export function startBlobSweeper(options: { db: Database; files: FileStore; log: FastifyBaseLogger }): BlobSweeper {
  const processId = randomUUID();
  let lastTick = 0;
  let running = false;
  const checkNow = async (now = new Date()): Promise<boolean> => {
    const tickAt = tickOf(now, BLOB_SWEEP_INTERVAL_MS);
    if (tickAt.getTime() === lastTick) return false;
    lastTick = tickAt.getTime();
    const outcome = await runTickOnce(options.db, {
      job: BLOB_SWEEP_JOB,
      tickAt,
      processId,
      work: () => sweepUnreferencedBlobs(options.db, options.files, { now }),
    });
    if (outcome.ran && outcome.result?.deleted)
      options.log.info({ job: BLOB_SWEEP_JOB, ...outcome.result }, "unreferenced files swept");
    return outcome.ran;
  };
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    checkNow()
      .catch((error) => options.log.warn({ err: error }, "file sweep failed"))
      .finally(() => {
        running = false;
      });
  }, 60_000);
  timer.unref();
  return { stop: () => clearInterval(timer), checkNow };
}
