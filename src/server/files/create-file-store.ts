// Picks the file store's back end from the configuration (apart from files/file-store.ts, which both back ends import).
import type { FileStorageConfig } from "../config";
import type { Database } from "../db/client";
import { createDatabaseFileStore } from "./database-file-store";
import type { FileStore } from "./file-store";
import { createS3FileStore } from "./s3-file-store";

export async function createFileStore(config: FileStorageConfig, db: Database): Promise<FileStore> {
  return config.backend === "s3" ? createS3FileStore(config) : createDatabaseFileStore(db);
}
