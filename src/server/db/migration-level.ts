// Which migrations a database has run, against the ones this build ships: a build older than its database stops at
// start instead of running on a schema it does not know (and the migrator, which only runs what is newer than the
// last one it ran, would otherwise say nothing). Drizzle records a migration by its SQL's SHA-256 and its journal
// time, not its name, so each start also records the names it knows (drizzle.blueprint_migration_tags): a newer
// build's migration is then named in an older build's refusal.
import { readFileSync } from "node:fs";
import path from "node:path";
import { migrationFingerprints } from "./pglite-template";

/** One connection's queries, as PGlite and a node-postgres client both answer them. */
export type SqlRunner = { query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }> };

export type BuildMigration = { tag: string; when: number; sha256: string };

/** The build's migrations (drizzle/meta/_journal.json), in order. */
export function buildMigrations(migrationsFolder: string): BuildMigration[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string; when: number }[];
  };
  const hashes = new Map(migrationFingerprints(migrationsFolder).map(({ tag, sha256 }) => [tag, sha256]));
  return journal.entries.map(({ tag, when }) => ({ tag, when, sha256: hashes.get(tag) ?? "" }));
}

export class NewerDatabaseError extends Error {
  constructor(
    readonly databaseTag: string,
    readonly buildTag: string,
  ) {
    super(
      `This database was migrated by a newer Blueprint (migration ${databaseTag}); this build knows up to ${buildTag}. ` +
        "Upgrade the build, or restore a backup made for this version.",
    );
    this.name = "NewerDatabaseError";
  }
}

const TAGS_TABLE = "drizzle.blueprint_migration_tags";

async function hasTable(runner: SqlRunner, qualified: string): Promise<boolean> {
  const { rows } = await runner.query("select to_regclass($1) is not null as present", [qualified]);
  return (rows[0] as { present: boolean } | undefined)?.present === true;
}

/** The last migration the database ran (by journal time), or null for a database never migrated. */
export async function lastAppliedMigration(runner: SqlRunner): Promise<{ hash: string; when: number; count: number } | null> {
  if (!(await hasTable(runner, "drizzle.__drizzle_migrations"))) return null;
  const { rows } = await runner.query(
    "select hash, created_at::text as created_at, (select count(*)::int from drizzle.__drizzle_migrations) as count" +
      " from drizzle.__drizzle_migrations order by created_at desc limit 1",
  );
  const row = rows[0] as { hash: string; created_at: string; count: number } | undefined;
  return row ? { hash: row.hash, when: Number(row.created_at), count: row.count } : null;
}

/** The name of the database's last migration: this build's, else the one a newer build recorded, else its date. */
export async function appliedMigrationTag(runner: SqlRunner, migrationsFolder: string): Promise<string | null> {
  const last = await lastAppliedMigration(runner);
  if (!last) return null;
  const known = buildMigrations(migrationsFolder).find(({ sha256, when }) => sha256 === last.hash || when === last.when);
  if (known) return known.tag;
  if (await hasTable(runner, TAGS_TABLE)) {
    const { rows } = await runner.query(`select tag from ${TAGS_TABLE} where hash = $1`, [last.hash]);
    const tag = (rows[0] as { tag: string } | undefined)?.tag;
    if (tag) return tag;
  }
  return `of ${new Date(last.when).toISOString()}`;
}

/** Throws NewerDatabaseError when the database ran a migration newer than every one this build has. */
export async function refuseNewerDatabase(runner: SqlRunner, migrationsFolder: string): Promise<void> {
  const last = await lastAppliedMigration(runner);
  const build = buildMigrations(migrationsFolder);
  const newest = build.at(-1);
  if (!last || !newest || last.when <= newest.when) return;
  throw new NewerDatabaseError((await appliedMigrationTag(runner, migrationsFolder)) ?? "unknown", newest.tag);
}

/** Records the names of this build's migrations the database has run, for an older build's message. */
export async function recordMigrationTags(runner: SqlRunner, migrationsFolder: string): Promise<void> {
  await runner.query(
    `create table if not exists ${TAGS_TABLE} (hash text primary key, tag text not null, created_at bigint not null)`,
  );
  const build = buildMigrations(migrationsFolder);
  await runner.query(
    `insert into ${TAGS_TABLE} (hash, tag, created_at)
       select m.hash, t.tag, m.created_at from drizzle.__drizzle_migrations m
       join json_to_recordset($1::json) as t(hash text, tag text) on t.hash = m.hash
     on conflict (hash) do nothing`,
    [JSON.stringify(build.map(({ sha256, tag }) => ({ hash: sha256, tag })))],
  );
}

/**
 * Migrations run at start from one process at a time: a session advisory lock on PostgreSQL, held by the connection
 * that migrates (another process starting at once waits, then finds nothing left to run). The key is fixed.
 */
export const MIGRATION_LOCK_KEY = 7_247_310_047;
