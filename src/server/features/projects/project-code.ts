// Project codes read like PRJ-2026-0042: the year and a per-year sequence.
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { projectCodeCounters } from "../../db/schema";

function formatProjectCode(year: number, sequence: number): string {
  return `PRJ-${year}-${String(sequence).padStart(4, "0")}`;
}

/** Atomically takes the next number of the year (an upsert, so concurrent creations never share one). */
export async function nextProjectCode(db: Database, now = new Date()): Promise<string> {
  const year = now.getUTCFullYear();
  const [row] = await db
    .insert(projectCodeCounters)
    .values({ year, lastValue: 1 })
    .onConflictDoUpdate({ target: projectCodeCounters.year, set: { lastValue: sql`${projectCodeCounters.lastValue} + 1` } })
    .returning({ lastValue: projectCodeCounters.lastValue });
  return formatProjectCode(year, row?.lastValue ?? 1);
}
