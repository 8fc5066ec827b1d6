// The default file store backend: one bytea row per distinct content (works on PGlite and PostgreSQL).
import { Readable } from "node:stream";
import { asc, eq, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { fileBlobs } from "../db/schema";
import { contentIdOf, isContentId } from "./content-id";
import type { FileStore, StoredFileHead } from "./file-store";

/** A stream reads this much per query: the whole value is never in memory, nor its hex text from the driver. */
export const STREAM_PART_BYTES = 256 * 1024;

export function createDatabaseFileStore(db: Database): FileStore {
  async function head(id: string): Promise<StoredFileHead | null> {
    if (!isContentId(id)) return null;
    const [row] = await db
      .select({ id: fileBlobs.id, contentType: fileBlobs.contentType, size: fileBlobs.size })
      .from(fileBlobs)
      .where(eq(fileBlobs.id, id))
      .limit(1);
    return row ?? null;
  }
  async function* parts(id: string, size: number): AsyncGenerator<Buffer> {
    for (let offset = 0; offset < size; offset += STREAM_PART_BYTES) {
      const [row] = await db
        .select({ part: sql<Uint8Array>`substring(${fileBlobs.data} from ${offset + 1} for ${STREAM_PART_BYTES})` })
        .from(fileBlobs)
        .where(eq(fileBlobs.id, id))
        .limit(1);
      if (!row) throw new Error(`file ${id} was deleted while it was read`);
      // node-postgres answers a Buffer, PGlite a Uint8Array: either is wrapped, not copied.
      yield Buffer.isBuffer(row.part) ? row.part : Buffer.from(row.part.buffer, row.part.byteOffset, row.part.byteLength);
    }
  }

  return {
    backend: "database",
    async put(bytes, contentType) {
      const id = contentIdOf(bytes);
      // Storing known bytes again renews their time, so the sweep's grace period counts from the newest upload.
      await db
        .insert(fileBlobs)
        .values({ id, contentType, size: bytes.length, data: bytes })
        .onConflictDoUpdate({ target: fileBlobs.id, set: { createdAt: sql`now()` } });
      return { id, contentType, size: bytes.length };
    },
    async get(id) {
      if (!isContentId(id)) return null;
      const [row] = await db.select().from(fileBlobs).where(eq(fileBlobs.id, id)).limit(1);
      return row ? { id: row.id, contentType: row.contentType, size: row.size, bytes: row.data } : null;
    },
    async stream(id) {
      const found = await head(id);
      return found ? Readable.from(parts(id, found.size), { objectMode: false }) : null;
    },
    head,
    async delete(id) {
      if (!isContentId(id)) return;
      await db.delete(fileBlobs).where(eq(fileBlobs.id, id));
    },
    async storedBefore(cutoff, limit) {
      const rows = await db
        .select({ id: fileBlobs.id })
        .from(fileBlobs)
        .where(lt(fileBlobs.createdAt, cutoff))
        .orderBy(asc(fileBlobs.createdAt))
        .limit(limit);
      return rows.map((row) => row.id);
    },
  };
}
