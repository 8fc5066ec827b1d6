// The default file store backend: one bytea row per distinct content (works on PGlite and PostgreSQL).
import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { fileBlobs } from "../db/schema";
import { contentIdOf, isContentId } from "./content-id";
import type { FileStore } from "./file-store";

export function createDatabaseFileStore(db: Database): FileStore {
  return {
    backend: "database",
    async put(bytes, contentType) {
      const id = contentIdOf(bytes);
      await db.insert(fileBlobs).values({ id, contentType, size: bytes.length, data: bytes }).onConflictDoNothing();
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
  };
}
