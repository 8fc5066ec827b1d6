// A fingerprint of every table's rows, to prove a refused request changed nothing.
import { sql } from "drizzle-orm";
import type { Database } from "../../src/server/db/client";

/** Counters that refusals may legitimately bump (that is their job), and columns that move on their own. */
const SKIPPED_TABLES = new Set(["rate_limit_hits"]);
const TABLE_PROJECTIONS: Record<string, string> = {
  // last_seen_at is refreshed by any signed-in request (at most once a minute): not a change an attack makes.
  sessions: "(t.id, t.user_id, t.expires_at)",
};

export type DatabaseState = Record<string, string>;

export async function databaseState(db: Database): Promise<DatabaseState> {
  const tables = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows: Array<{ table_name: string }> };
  const state: DatabaseState = {};
  for (const { table_name: name } of tables.rows) {
    if (SKIPPED_TABLES.has(name)) continue;
    const projection = TABLE_PROJECTIONS[name] ?? "t";
    const result = (await db.execute(
      sql.raw(
        `select count(*)::int as n, md5(coalesce(string_agg(${projection}::text, '|' order by ${projection}::text), '')) as h from "${name}" t`,
      ),
    )) as unknown as { rows: Array<{ n: number; h: string }> };
    const row = result.rows[0];
    state[name] = `${row?.n}:${row?.h}`;
  }
  return state;
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
