// The default file store backend: one bytea row per distinct content (works on PGlite and PostgreSQL).
import { asc, eq, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { fileBlobs } from "../db/schema";
import { contentIdOf, isContentId } from "./content-id";
import type { FileStore } from "./file-store";

export function createDatabaseFileStore(db: Database): FileStore {
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
    async head(id) {
      if (!isContentId(id)) return null;
      const [row] = await db
        .select({ id: fileBlobs.id, contentType: fileBlobs.contentType, size: fileBlobs.size })
        .from(fileBlobs)
        .where(eq(fileBlobs.id, id))
        .limit(1);
      return row ?? null;
    },
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
