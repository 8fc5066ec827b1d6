// `npm run backup`: one consistent archive of the database and the file store. Every table is read in one
// REPEATABLE READ, read-only transaction (one snapshot, whatever writes meanwhile), a batch of rows at a time through a
// cursor, each row as PostgreSQL's own JSON (row_to_json: exact numbers, bytea as hex, dates as ISO): the same SQL on
// PGlite and PostgreSQL, and a restore parses it back with json_populate_recordset, so no value passes through
// JavaScript's types. Stored files' bytes are their own parts, read a slice at a time in the same snapshot (database
// store) or streamed from the bucket (S3, whose objects are immutable under their SHA-256).
import { once } from "node:events";
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { copyFile } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import type { FileStorageConfig } from "../config";
import { appliedMigrationTag, lastAppliedMigration, type SqlRunner } from "../db/migration-level";
import { createS3FileStore } from "../files/s3-file-store";
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type ExtraPart,
  type FilePart,
  type Manifest,
  packArchive,
  sha256OfFile,
  type TablePart,
} from "./archive";
import type { Connection } from "./connection";
import { APP_VERSION } from "./version";

/** Rows fetched from the cursor at a time: a large table is never in memory whole. */
const FETCH_ROWS = 500;
/** A stored file's bytes are read in slices of this size. */
const BLOB_SLICE_BYTES = 1024 * 1024;
/** The table whose bytes are parts of their own (files/<id>), not JSON lines. */
export const BLOB_TABLE = "file_blobs";
/** Keys DATA_DIR holds when the environment gives none: without them encrypted values and seals would change. */
const DATA_DIR_EXTRAS = ["secret-key", "signing-identity.p12"] as const;

/** What the operator can fix: said in a sentence, not a stack trace. */
export class BackupRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupRefused";
  }
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The application's tables (schema public), by name. */
export async function publicTables(runner: SqlRunner): Promise<string[]> {
  const { rows } = await runner.query(
    "select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace" +
      " where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by c.relname",
  );
  return (rows as { name: string }[]).map(({ name }) => name);
}

/** A table's stored columns in order, generated ones left out. */
export async function storedColumns(runner: SqlRunner, table: string): Promise<string[]> {
  const { rows } = await runner.query(
    "select a.attname as name from pg_attribute a where a.attrelid = $1::regclass and a.attnum > 0" +
      " and not a.attisdropped and a.attgenerated = '' order by a.attnum",
    [`public.${quoteIdent(table)}`],
  );
  return (rows as { name: string }[]).map(({ name }) => name);
}

function asBuffer(value: unknown): Buffer {
  if (Buffer.isBuffer(value)) return value;
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  throw new Error("a bytea value came back as neither Buffer nor Uint8Array");
}

/** Writes one table's rows as gzipped JSON lines, from a cursor in the open transaction; returns the row count. */
async function dumpTable(runner: SqlRunner, options: { table: string; columns: string[]; file: string }): Promise<number> {
  const gzip = createGzip();
  const written = pipeline(gzip, createWriteStream(options.file, { mode: 0o600 }));
  const list = options.columns.map(quoteIdent).join(", ");
  await runner.query(
    `declare bp_backup no scroll cursor for select row_to_json(r)::text as j from (select ${list} from public.${quoteIdent(options.table)}) r`,
  );
  let rows = 0;
  for (;;) {
    const { rows: batch } = await runner.query(`fetch forward ${FETCH_ROWS} from bp_backup`);
    if (batch.length === 0) break;
    rows += batch.length;
    const text = `${(batch as { j: string }[]).map(({ j }) => j).join("\n")}\n`;
    if (!gzip.write(text)) await once(gzip, "drain");
  }
  await runner.query("close bp_backup");
  gzip.end();
  await written;
  return rows;
}

/** Copies one stored value out of file_blobs a slice at a time, in the open transaction. */
async function dumpBlob(runner: SqlRunner, options: { id: string; size: number; file: string }): Promise<void> {
  const out = createWriteStream(options.file, { mode: 0o600 });
  const closed = once(out, "close");
  for (let offset = 0; offset < options.size; offset += BLOB_SLICE_BYTES) {
    const { rows } = await runner.query(`select substring(data from $2 for $3) as part from ${BLOB_TABLE} where id = $1`, [
      options.id,
      offset + 1,
      BLOB_SLICE_BYTES,
    ]);
    const part = (rows[0] as { part: unknown } | undefined)?.part;
    if (part === undefined) throw new Error(`stored file ${options.id} vanished during the backup`);
    if (!out.write(asBuffer(part))) await once(out, "drain");
  }
  out.end();
  await closed;
}

export type BackupOptions = {
  /** One connection (PGlite's, or a node-postgres client out of the pool). */
  connection: Connection;
  kind: "pglite" | "postgres";
  out: string;
  fileStorage: FileStorageConfig;
  /** DATA_DIR, whose generated keys are kept when the environment does not give them; null: none. */
  dataDir: string | null;
  migrationsFolder: string;
  /** Progress lines for the operator. */
  log?: (line: string) => void;
};

export async function writeBackup(options: BackupOptions): Promise<Manifest> {
  const { connection, log = () => {} } = options;
  const out = path.resolve(options.out);
  const partsDir = mkdtempSync(path.join(path.dirname(out), ".blueprint-backup-"));
  try {
    const tables: TablePart[] = [];
    const files: FilePart[] = [];
    const extras: ExtraPart[] = [];
    let sequences: Manifest["sequences"] = [];
    let migration: Manifest["migration"] = { tag: null, count: 0 };
    let serverVersion = "";
    await connection.transaction("snapshot", async (runner) => {
      serverVersion = ((await runner.query("show server_version")).rows[0] as { server_version: string }).server_version;
      const tag = await appliedMigrationTag(runner, options.migrationsFolder);
      if (tag === null)
        throw new BackupRefused("the database holds no Blueprint portal (no migration has run on it): nothing to back up");
      migration = { tag, count: (await lastAppliedMigration(runner))?.count ?? 0 };
      for (const table of await publicTables(runner)) {
        if (table === BLOB_TABLE) continue;
        const columns = await storedColumns(runner, table);
        const part = `tables/${table}.jsonl.gz`;
        const file = path.join(partsDir, part);
        mkdirSync(path.dirname(file), { recursive: true });
        const rows = await dumpTable(runner, { table, columns, file });
        tables.push({ name: table, columns, rows, part, sha256: await sha256OfFile(file), bytes: statSync(file).size });
        log(`  ${table}: ${rows} rows`);
      }
      const { rows: blobs } = await runner.query(
        `select id, content_type, size, created_at::text as created_at from ${BLOB_TABLE} order by id`,
      );
      mkdirSync(path.join(partsDir, "files"), { recursive: true });
      for (const blob of blobs as { id: string; content_type: string; size: number; created_at: string }[]) {
        const part = `files/${blob.id}`;
        const file = path.join(partsDir, part);
        await dumpBlob(runner, { id: blob.id, size: blob.size, file });
        files.push({
          id: blob.id,
          contentType: blob.content_type,
          size: blob.size,
          createdAt: blob.created_at,
          part,
          sha256: await sha256OfFile(file),
        });
      }
      const { rows: sequenceRows } = await runner.query(
        "select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public' order by sequencename",
      );
      sequences = sequenceRows as Manifest["sequences"];
    });
    if (options.fileStorage.backend === "s3") {
      const store = await createS3FileStore(options.fileStorage);
      const ids = await store.storedBefore(new Date(Date.now() + 86_400_000), Number.MAX_SAFE_INTEGER);
      for (const id of ids) {
        if (files.some((f) => f.id === id)) continue;
        const head = await store.head(id);
        const stream = await store.stream(id);
        if (!head || !stream) continue;
        const part = `files/${id}`;
        const file = path.join(partsDir, part);
        await pipeline(stream, createWriteStream(file, { mode: 0o600 }));
        files.push({
          id,
          contentType: head.contentType,
          size: head.size,
          createdAt: null,
          part,
          sha256: await sha256OfFile(file),
        });
      }
    }
    log(`  stored files: ${files.length}`);
    if (options.dataDir) {
      for (const name of DATA_DIR_EXTRAS) {
        const source = path.join(options.dataDir, name);
        if (!existsSync(source)) continue;
        const part = `data-dir/${name}` as const;
        mkdirSync(path.join(partsDir, "data-dir"), { recursive: true });
        await copyFile(source, path.join(partsDir, part));
        extras.push({ name, part, sha256: await sha256OfFile(path.join(partsDir, part)) });
      }
    }
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      appVersion: APP_VERSION,
      createdAt: new Date().toISOString(),
      database: { kind: options.kind, serverVersion },
      migration,
      fileStorage: options.fileStorage.backend,
      tables,
      sequences,
      files,
      extras,
    };
    await packArchive({ out, partsDir, manifest });
    return manifest;
  } finally {
    rmSync(partsDir, { recursive: true, force: true });
  }
}
