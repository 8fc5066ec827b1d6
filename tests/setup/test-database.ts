// A fresh database for one test file: PGlite from the migrated snapshot, or, when TEST_DATABASE_URL is set,
// a throwaway database on that PostgreSQL server, copied from the run's migrated template (tests/setup/global-database.ts).
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../src/server/db/client";
import { operationContext } from "../../src/server/operation-context";

/** A test database; `url` is set on PostgreSQL, so a test can open a second connection pool (a second server process). */
export type TestDatabase = DatabaseHandle & { url?: string };

export type TestDatabaseOptions = {
  /** Called with every statement Drizzle runs on this database (see `statementsByRequest`). */
  logQuery?: (query: string, params: unknown[]) => void;
};

/**
 * The migrated snapshot as PGlite's `loadDataDir` reads it (only `arrayBuffer()` and `type`), its bytes read once per
 * worker and handed over as they are: PGlite copies each file out of them, so every database of the worker shares them.
 * Read again for each database into Node's own Blob, which copies them in and reads them back piece by piece, the
 * snapshot cost a sixth of the API and security tests' CPU (docs/performance.md).
 */
class SnapshotTarball extends Blob {
  readonly #bytes: ArrayBuffer;

  constructor(bytes: Uint8Array) {
    super([], { type: "application/x-tar" });
    this.#bytes = new Uint8Array(bytes).buffer;
  }

  override get size(): number {
    return this.#bytes.byteLength;
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes);
  }
}

let snapshot: { path: string; tarball: SnapshotTarball } | undefined;

function pgliteSnapshot(): SnapshotTarball {
  const path = inject("pgliteSnapshotPath");
  if (snapshot?.path !== path) snapshot = { path, tarball: new SnapshotTarball(readFileSync(path)) };
  return snapshot.tarball;
}

export async function openTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    return openDatabase({ url: "memory://", pgliteSnapshot: pgliteSnapshot(), logQuery: options.logQuery });
  }
  const name = `bp_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  // A project without the global setup (none today) migrates its own database from empty.
  const template = inject("postgresTemplate");
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), logQuery: options.logQuery });
  // Nothing to apply on a copy of the template; still run, so a file never starts on a database behind drizzle/.
  await handle.migrate();
  return {
    ...handle,
    url: url.toString(),
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * A test database that records the statements each HTTP request runs, by the request's id (its `x-request-id`
 * answer header): what two requests did can be compared statement by statement, without timing them.
 */
export async function openRecordingDatabase(): Promise<TestDatabase & { statementsOf(requestId: string): string[] }> {
  const byRequest = new Map<string, string[]>();
  const database = await openTestDatabase({
    logQuery(query) {
      const operation = operationContext.getStore();
      if (!operation || !("requestId" in operation)) return;
      const list = byRequest.get(operation.requestId) ?? [];
      list.push(query);
      byRequest.set(operation.requestId, list);
    },
  });
  return { ...database, statementsOf: (requestId) => byRequest.get(requestId) ?? [] };
}
