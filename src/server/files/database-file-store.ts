// The default file store backend: one bytea row per distinct content (works on PGlite and PostgreSQL).
//
// A stream reads the value a part at a time. On PostgreSQL each part comes through a binary COPY (pg-copy-streams):
// node-postgres decodes every field of a result row into a string (a bytea as hex text, twice its size, then parsed
// into a Buffer), which left megabytes of garbage strings per file; COPY's binary output is the bytes themselves,
// handed on as slices of the socket's chunks, not copied (decision 0037). PGlite answers a Uint8Array: a query.
import { Readable } from "node:stream";
import { asc, eq, getTableName, lt, sql } from "drizzle-orm";
import pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import type { Database } from "../db/client";
import { fileBlobs } from "../db/schema";
import { contentIdOf, isContentId } from "./content-id";
import type { FileStore, StoredFileHead } from "./file-store";

/** A stream reads this much per query: the whole value is never in memory, nor its hex text from the driver. */
export const STREAM_PART_BYTES = 256 * 1024;

/** What a binary COPY starts with (then 4 bytes of flags and the header extension's length). */
const COPY_SIGNATURE = Buffer.from("PGCOPY\n\xff\r\n\0", "latin1");
const COPY_HEADER_BYTES = COPY_SIGNATURE.length + 8;

/**
 * Where the one value of a binary COPY of one bytea column starts and how long it is; `length: null` when the COPY
 * has no row (the trailer came first); null while `bytes` (its first bytes) is too short to tell.
 */
export function copyValueStart(bytes: Buffer): { at: number; length: number | null } | null {
  if (bytes.length < COPY_HEADER_BYTES) return null;
  if (!bytes.subarray(0, COPY_SIGNATURE.length).equals(COPY_SIGNATURE)) throw new Error("not a binary COPY");
  const tuple = COPY_HEADER_BYTES + bytes.readUInt32BE(COPY_SIGNATURE.length + 4);
  if (bytes.length < tuple + 2) return null;
  const fields = bytes.readInt16BE(tuple);
  if (fields === -1) return { at: tuple + 2, length: null };
  if (fields !== 1) throw new Error(`a binary COPY of one column has ${fields} fields`);
  if (bytes.length < tuple + 6) return null;
  const length = bytes.readInt32BE(tuple + 2);
  if (length < 0) throw new Error("a binary COPY answered a null value");
  return { at: tuple + 6, length };
}

/**
 * The value of a binary COPY of one row of one bytea column, as slices of the chunks it came in (not copied), or null
 * when it has no row.
 */
export async function copiedValue(chunks: AsyncIterable<Buffer>): Promise<Buffer[] | null> {
  let head: Buffer = Buffer.alloc(0);
  let left = -1;
  const value: Buffer[] = [];
  let rowless = false;
  for await (const chunk of chunks) {
    let rest = chunk;
    if (left < 0) {
      if (rowless) continue;
      head = head.length ? Buffer.concat([head, chunk]) : chunk;
      const start = copyValueStart(head);
      if (!start) continue;
      if (start.length === null) {
        rowless = true;
        continue;
      }
      left = start.length;
      rest = head.subarray(start.at);
      head = Buffer.alloc(0);
    }
    // What follows the value is the trailer (two bytes): left out.
    const piece = rest.subarray(0, left);
    if (piece.length > 0) value.push(piece);
    left -= piece.length;
  }
  if (rowless) return null;
  if (left !== 0) throw new Error("a binary COPY ended before its value did");
  return value;
}

/** One part of a stored value over a node-postgres pool: one binary COPY on a connection borrowed for it alone. */
async function copiedPart(pool: pg.Pool, id: string, offset: number): Promise<Buffer[] | null> {
  if (!isContentId(id)) throw new Error("not a content id");
  // COPY takes no parameters: the id is 64 hex digits (checked above), the offsets are integers.
  const statement =
    `copy (select substring(${pg.escapeIdentifier(fileBlobs.data.name)} from ${offset + 1} for ${STREAM_PART_BYTES})` +
    ` from ${pg.escapeIdentifier(getTableName(fileBlobs))} where ${pg.escapeIdentifier(fileBlobs.id.name)} = ${pg.escapeLiteral(id)})` +
    " to stdout (format binary)";
  const client = await pool.connect();
  try {
    const part = await copiedValue(client.query(copyTo(statement)));
    client.release();
    return part;
  } catch (error) {
    // A COPY stopped half-way leaves the connection mid-protocol: it is closed, not handed back.
    client.release(error instanceof Error ? error : true);
    throw error;
  }
}

/** The node-postgres pool behind a Drizzle database, or null on PGlite. */
function poolOf(db: Database): pg.Pool | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

export function createDatabaseFileStore(db: Database): FileStore {
  const pool = poolOf(db);
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
      if (pool) {
        const part = await copiedPart(pool, id, offset);
        if (!part) throw new Error(`file ${id} was deleted while it was read`);
        yield* part;
        continue;
      }
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
