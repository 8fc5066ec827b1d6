// `npm run restore`: a backup (ops/backup.ts) into an empty database. The whole archive is extracted and every part's
// SHA-256 checked before anything changes. The database is migrated to the backup's migration first (a backup made
// before newer migrations gets them after its rows, as the database it came from would have), then every table's rows
// go in, parents before children, in one transaction, with the tables' own triggers off (derived counts and change
// notices are in the backup as they were); the sequences are set, the stored files written to the configured store,
// and the remaining migrations run. A database that already holds rows is refused unless `force` (then emptied first).
import { copyFileSync, createReadStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { createGunzip } from "node:zlib";
import type { FileStorageConfig } from "../config";
import { migrationsFolder, openDatabase } from "../db/client";
import { buildMigrations, type SqlRunner } from "../db/migration-level";
import { createS3FileStore } from "../files/s3-file-store";
import { type Manifest, type TablePart, unpackArchive, verifyParts } from "./archive";
import { BLOB_TABLE, publicTables, quoteIdent, storedColumns } from "./backup";
import { type Connection, singleConnection } from "./connection";

/** Rows sent per INSERT, and at most this many bytes of JSON. */
const INSERT_ROWS = 500;
const INSERT_BYTES = 4 * 1024 * 1024;

export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RestoreRefused";
  }
}

/** Tables in an order where each comes after the tables it references (a reference to itself is no constraint). */
export async function tablesParentsFirst(runner: SqlRunner, tables: string[]): Promise<string[]> {
  const { rows } = await runner.query(
    "select ch.relname as child, pa.relname as parent from pg_constraint c" +
      " join pg_class ch on ch.oid = c.conrelid join pg_class pa on pa.oid = c.confrelid" +
      " join pg_namespace n on n.oid = ch.relnamespace where c.contype = 'f' and n.nspname = 'public'",
  );
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of rows as { child: string; parent: string }[]) {
    if (child !== parent && parents.has(child) && parents.has(parent)) parents.get(child)?.add(parent);
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((t) => !placed.has(t) && [...(parents.get(t) ?? [])].every((p) => placed.has(p)));
    if (ready.length === 0) {
      const left = tables.filter((t) => !placed.has(t));
      throw new Error(`the tables ${left.join(", ")} reference each other in a cycle: the restore cannot order them`);
    }
    for (const t of ready) {
      ordered.push(t);
      placed.add(t);
    }
  }
  return ordered;
}

/** Which tables hold rows (name → count), to refuse a restore that would mix two portals. */
async function tablesWithRows(runner: SqlRunner, tables: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const table of tables) {
    const { rows } = await runner.query(`select count(*)::int as n from public.${quoteIdent(table)}`);
    const n = (rows[0] as { n: number }).n;
    if (n > 0) counts.set(table, n);
  }
  return counts;
}

/** The build's migrations folder cut after the backup's migration, in a temporary folder: what the backup's rows fit. */
function migrationsUpTo(options: { tag: string | null; count: number; into: string }): string {
  const folder = migrationsFolder();
  const build = buildMigrations(folder);
  const index = options.tag === null ? -1 : build.findIndex(({ tag }) => tag === options.tag);
  if (options.tag !== null && index < 0) {
    throw new RestoreRefused(
      `This backup was made by a newer Blueprint (migration ${options.tag}); this build knows up to ${build.at(-1)?.tag}. ` +
        "Restore it with that version or a newer one.",
    );
  }
  if (index === build.length - 1) return folder;
  const target = path.join(options.into, "drizzle");
  mkdirSync(path.join(target, "meta"), { recursive: true });
  const journal = JSON.parse(readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, index + 1);
  writeFileSync(path.join(target, "meta", "_journal.json"), JSON.stringify(journal));
  for (const { tag } of journal.entries) copyFileSync(path.join(folder, `${tag}.sql`), path.join(target, `${tag}.sql`));
  return target;
}

/** Inserts one table's part, a batch of lines per statement; PostgreSQL parses each value back from its JSON. */
async function loadTable(runner: SqlRunner, options: { part: TablePart; dir: string; targetColumns: string[] }): Promise<number> {
  const { part } = options;
  const columns = part.columns.filter((c) => options.targetColumns.includes(c));
  const list = columns.map(quoteIdent).join(", ");
  const table = `public.${quoteIdent(part.name)}`;
  const statement = `insert into ${table} (${list}) overriding system value select ${list} from json_populate_recordset(null::${table}, $1::json)`;
  let batch: string[] = [];
  let bytes = 0;
  let rows = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await runner.query(statement, [`[${batch.join(",")}]`]);
    rows += batch.length;
    batch = [];
    bytes = 0;
  };
  const lines = createInterface({
    input: createReadStream(path.join(options.dir, part.part)).pipe(createGunzip()),
    crlfDelay: Infinity,
  });
  for await (const line of lines) {
    if (!line) continue;
    batch.push(line);
    bytes += line.length;
    if (batch.length >= INSERT_ROWS || bytes >= INSERT_BYTES) await flush();
  }
  await flush();
  if (rows !== part.rows) throw new Error(`${part.name}: ${rows} rows read, the manifest lists ${part.rows}`);
  return rows;
}

export type RestoreOptions = {
  file: string;
  databaseUrl: string;
  fileStorage: FileStorageConfig;
  /** DATA_DIR: the generated keys from the backup go there when it has none (or with force). */
  dataDir: string;
  force: boolean;
  /** Extra options for openDatabase (tests: no template). */
  pgliteTemplateDir?: string | null;
  log?: (line: string) => void;
};

export async function restoreBackup(options: RestoreOptions): Promise<Manifest> {
  const { log = () => {} } = options;
  const file = path.resolve(options.file);
  if (!existsSync(file)) throw new RestoreRefused(`${file} does not exist`);
  const work = mkdtempSync(path.join(path.dirname(file), ".blueprint-restore-"));
  try {
    const manifest = await unpackArchive({ file, dir: work });
    await verifyParts({ dir: work, manifest });
    log(
      `checked: ${manifest.tables.length} tables, ${manifest.files.length} files (Blueprint ${manifest.appVersion}, ${manifest.createdAt})`,
    );
    const backupFolder = migrationsUpTo({ ...manifest.migration, into: work });
    const handle = await openDatabase({
      url: options.databaseUrl,
      migrationsFolder: backupFolder,
      ...(options.pgliteTemplateDir !== undefined ? { pgliteTemplateDir: options.pgliteTemplateDir } : {}),
    });
    try {
      await handle.migrate();
      const connection = await singleConnection(handle);
      try {
        await loadRows(connection, { manifest, dir: work, force: options.force, fileStorage: options.fileStorage, log });
      } finally {
        connection.release();
      }
      if (options.fileStorage.backend === "s3") {
        const store = await createS3FileStore(options.fileStorage);
        for (const stored of manifest.files) {
          await store.put(readFileSync(path.join(work, stored.part)), stored.contentType);
        }
        log(`  stored files: ${manifest.files.length} into the bucket`);
      }
      if (backupFolder !== migrationsFolder()) {
        log("applying the migrations newer than the backup");
        await handle.migrate({ migrationsFolder: migrationsFolder() });
      }
    } finally {
      await handle.close();
    }
    restoreDataDirKeys({ manifest, dir: work, dataDir: options.dataDir, force: options.force, log });
    return manifest;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function loadRows(
  connection: Connection,
  options: { manifest: Manifest; dir: string; force: boolean; fileStorage: FileStorageConfig; log: (line: string) => void },
): Promise<void> {
  const { manifest, log } = options;
  const tables = await publicTables(connection.runner);
  const occupied = await tablesWithRows(connection.runner, tables);
  if (occupied.size > 0 && !options.force) {
    const list = [...occupied].map(([t, n]) => `${t} ${n}`).join(", ");
    throw new RestoreRefused(
      `The target database is not empty (${list}). Restoring into it would mix two portals: restore into an empty ` +
        "DATA_DIR or database, or pass --force to replace everything in it with the backup.",
    );
  }
  const missing = manifest.tables.filter((t) => !tables.includes(t.name)).map((t) => t.name);
  if (missing.length > 0) throw new Error(`the database has no table ${missing.join(", ")} after migrating: is it Blueprint's?`);
  const byName = new Map(manifest.tables.map((t) => [t.name, t]));
  await connection.transaction("write", async (runner) => {
    if (occupied.size > 0) {
      await runner.query(`truncate ${tables.map((t) => `public.${quoteIdent(t)}`).join(", ")} restart identity cascade`);
      log("  emptied the target database (--force)");
    }
    // The tables' own triggers (derived counts, change notices) would count the restored rows a second time.
    for (const table of tables) await runner.query(`alter table public.${quoteIdent(table)} disable trigger user`);
    for (const table of await tablesParentsFirst(runner, tables)) {
      if (table === BLOB_TABLE) {
        if (options.fileStorage.backend !== "database") continue;
        for (const stored of manifest.files) {
          await runner.query(
            `insert into ${BLOB_TABLE} (id, content_type, size, data, created_at) values ($1, $2, $3, $4, coalesce($5::timestamptz, now()))`,
            [stored.id, stored.contentType, stored.size, readFileSync(path.join(options.dir, stored.part)), stored.createdAt],
          );
        }
        log(`  ${BLOB_TABLE}: ${manifest.files.length} stored files`);
        continue;
      }
      const part = byName.get(table);
      if (!part) continue;
      const rows = await loadTable(runner, { part, dir: options.dir, targetColumns: await storedColumns(runner, table) });
      log(`  ${table}: ${rows} rows`);
    }
    for (const table of tables) await runner.query(`alter table public.${quoteIdent(table)} enable trigger user`);
    for (const { name, value } of manifest.sequences) {
      const exists = (await runner.query("select to_regclass($1) is not null as present", [`public.${quoteIdent(name)}`]))
        .rows[0] as {
        present: boolean;
      };
      if (!exists.present) continue;
      if (value === null) await runner.query("select setval($1::regclass, 1, false)", [`public.${quoteIdent(name)}`]);
      else await runner.query("select setval($1::regclass, $2::bigint, true)", [`public.${quoteIdent(name)}`, value]);
    }
  });
}

/** The generated secret and seal identity back into DATA_DIR: kept when it has its own, unless forced. */
function restoreDataDirKeys(options: {
  manifest: Manifest;
  dir: string;
  dataDir: string;
  force: boolean;
  log: (line: string) => void;
}) {
  for (const extra of options.manifest.extras) {
    const target = path.join(options.dataDir, extra.name);
    const bytes = readFileSync(path.join(options.dir, extra.part));
    if (existsSync(target) && !options.force) {
      if (!readFileSync(target).equals(bytes)) {
        options.log(`  kept DATA_DIR/${extra.name}: it differs from the backup's (--force replaces it)`);
      }
      continue;
    }
    mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
    writeFileSync(target, bytes, { mode: 0o600 });
    options.log(`  DATA_DIR/${extra.name} restored`);
  }
}
