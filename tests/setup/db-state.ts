// A fingerprint of every table's rows, to prove a refused request changed nothing.
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Database } from "../../src/server/db/client";

/** Counters that refusals may legitimately bump (that is their job), and columns that move on their own. */
const SKIPPED_TABLES = new Set(["rate_limit_hits"]);
const TABLE_PROJECTIONS: Record<string, string> = {
  // last_seen_at is refreshed by any signed-in request (at most once a minute): not a change an attack makes.
  sessions: "(t.id, t.user_id, t.expires_at)",
};

export type DatabaseState = Record<string, string>;

const fingerprintQueries = new WeakMap<Database, string>();

/** One statement that counts and hashes every table (built once per database: the table list does not change). */
async function fingerprintQuery(db: Database): Promise<string> {
  const cached = fingerprintQueries.get(db);
  if (cached) return cached;
  const tables = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows: Array<{ table_name: string }> };
  const parts = tables.rows
    .map((row) => row.table_name)
    .filter((name) => !SKIPPED_TABLES.has(name))
    .map((name) => {
      const projection = TABLE_PROJECTIONS[name] ?? "t";
      return `select '${name}' as name, count(*)::text || ':' || md5(coalesce(string_agg(${projection}::text, '|' order by ${projection}::text), '')) as state from "${name}" t`;
    });
  const query = parts.join(" union all ");
  fingerprintQueries.set(db, query);
  return query;
}

export async function databaseState(db: Database): Promise<DatabaseState> {
  const result = (await db.execute(sql.raw(await fingerprintQuery(db)))) as unknown as {
    rows: Array<{ name: string; state: string }>;
  };
  return Object.fromEntries(result.rows.map((row) => [row.name, row.state]));
}

/** Runs `attack` and returns what it answered; throws when any table changed meanwhile. */
export async function expectNoChange<T>(db: Database, attack: () => Promise<T>): Promise<T> {
  const before = await databaseState(db);
  const result = await attack();
  const after = await databaseState(db);
  const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
  if (changed.length > 0) throw new Error(`the refused request changed: ${changed.join(", ")}`);
  return result;
}

/**
 * expectNoChange on the app's database, with the outbox settled first: an email an earlier step queued, sent
 * meanwhile, is not the refused request's doing.
 */
export async function expectAppUnchanged<T>(app: FastifyInstance, attack: () => Promise<T>): Promise<T> {
  await app.emailWorker.drain();
  return expectNoChange(app.ctx.db, attack);
}
