// The file store: bytes kept under their SHA-256, in the database or an S3-compatible bucket.
// Which project a file belongs to is recorded apart from the bytes (features/files/project-files.ts).
// Its back ends implement this type; files/create-file-store.ts picks one.
import type { Readable } from "node:stream";

export type StoredFileHead = { id: string; contentType: string; size: number };
export type StoredFile = StoredFileHead & { bytes: Buffer };

export type FileStore = {
  backend: "database" | "s3";
  /** Stores the bytes (a no-op when the same content is already there) and answers their content id. */
  put(bytes: Buffer, contentType: string): Promise<StoredFileHead>;
  get(id: string): Promise<StoredFile | null>;
  /** The bytes as a stream read a part at a time, for files too large to hold whole (the hand-over package). */
  stream(id: string): Promise<Readable | null>;
  head(id: string): Promise<StoredFileHead | null>;
  delete(id: string): Promise<void>;
  /** Up to `limit` content ids stored (or stored again) before `cutoff`: what the sweep of unreferenced bytes looks at. */
  storedBefore(cutoff: Date, limit: number): Promise<string[]>;
};
