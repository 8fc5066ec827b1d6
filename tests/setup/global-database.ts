// Migrates one database and hands every test file a copy of it: on PGlite a snapshot of a migrated in-memory database
// (loading is ~10x faster than migrating), made once and kept in node_modules/.cache until PGlite, a migration or the
// database client changes (every project and every `vitest run` of the same code shares it: initdb, migrating and
// dumping cost 5-30 s each time, by machine load); on PostgreSQL (TEST_DATABASE_URL) a migrated template database
// per run that each file's `create database … template` copies (277 ms a file instead of 1,627 ms to migrate).
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { dumpPglite, openDatabase } from "../../src/server/db/client";
import { installedPgliteVersion, migrationFingerprints } from "../../src/server/db/pglite-template";

const ROOT = path.resolve(import.meta.dirname, "../..");
const CACHE_DIR = path.join(ROOT, "node_modules", ".cache", "blueprint-tests");

declare module "vitest" {
  export interface ProvidedContext {
    pgliteSnapshotPath: string;
    /** The migrated template database each test file's PostgreSQL database is created from (empty on PGlite). */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  // On PostgreSQL no file opens PGlite (tests/setup/test-database.ts), so a run there does not make the snapshot.
  project.provide("pgliteSnapshotPath", process.env.TEST_DATABASE_URL ? "" : await pgliteSnapshot());
  return await makePostgresTemplate(project);
}

/** What the migrated snapshot is made of: the PGlite version, each migration's SQL and the code that opens it. */
function snapshotKey(): string {
  const hash = createHash("sha256");
  hash.update(installedPgliteVersion());
  hash.update(JSON.stringify(migrationFingerprints(path.join(ROOT, "drizzle"))));
  hash.update(readFileSync(path.join(ROOT, "src/server/db/client.ts")));
  return hash.digest("hex").slice(0, 16);
}

// The projects of one run set up in the same process: the first makes the snapshot, the others wait for it.
let making: Promise<string> | undefined;

/**
 * The migrated snapshot's path, made first when the cache has none. npm test makes it beside the build
 * (scripts/lib/pglite-test-snapshot.ts), so that the first run's workers do not wait on it.
 */
export function pgliteSnapshot(): Promise<string> {
  making ??= (async () => {
    const name = `pglite-${snapshotKey()}.tar`;
    const file = path.join(CACHE_DIR, name);
    if (existsSync(file)) return file;
    const handle = await openDatabase({ url: "memory://" });
    await handle.migrate();
    const blob = await dumpPglite(handle);
    await handle.close();
    mkdirSync(CACHE_DIR, { recursive: true });
    // Written aside, then renamed: another run reading the cache never sees half a file.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await blob.arrayBuffer()));
    renameSync(partial, file);
    for (const old of readdirSync(CACHE_DIR)) {
      if (old.startsWith("pglite-") && old !== name && !old.endsWith(".partial"))
        rmSync(path.join(CACHE_DIR, old), { force: true });
    }
    return file;
  })();
  return making;
}

async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** On PostgreSQL: a migrated database no one stays connected to (a template must have no sessions while copied). */
async function makePostgresTemplate(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  project.provide("postgresTemplate", "");
  if (!serverUrl) return async () => {};
  const name = `bp_template_${randomBytes(6).toString("hex")}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  await handle.migrate();
  await handle.close();
  project.provide("postgresTemplate", name);
  return () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
}
