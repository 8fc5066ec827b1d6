// A fresh database for one test file: PGlite from the migrated snapshot, or, when TEST_DATABASE_URL is set,
// a throwaway database on that PostgreSQL server, copied from the run's migrated template (tests/setup/global-database.ts).
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../src/server/db/client";

/** A test database; `url` is set on PostgreSQL, so a test can open a second connection pool (a second server process). */
export type TestDatabase = DatabaseHandle & { url?: string };

export async function openTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const snapshot = readFileSync(inject("pgliteSnapshotPath"));
    return openDatabase({ url: "memory://", pgliteSnapshot: new Blob([snapshot]) });
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
  const handle = await openDatabase({ url: url.toString() });
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
