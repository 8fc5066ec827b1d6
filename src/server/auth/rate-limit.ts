// Rate limits counted in PostgreSQL, so they hold across server processes. Any database failure denies (fails closed).
// Each check is atomic: one transaction takes a lock per (bucket, key) (a transaction-scoped advisory lock, in a fixed
// order so two requests never wait on each other crosswise), counts, and records the hit before letting the next
// request for the same key count. Counting then inserting without the lock let 17 of 20 simultaneous requests
// through a limit of 6 (issue 26).
import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rateLimitHits } from "../db/schema";
import { tooManyRequests } from "../errors";

export type RateLimit = { bucket: string; key: string; max: number; windowSeconds: number };

/** Throws 429 (with Retry-After) when any limit is reached; otherwise records one hit against each. */
export async function consumeRateLimits(db: Database, limits: RateLimit[], message?: string): Promise<void> {
  if (limits.length === 0) return;
  const retryAfter = await db.transaction(async (tx) => {
    const lockKeys = [...new Set(limits.map((limit) => `${limit.bucket}\n${limit.key}`))].sort();
    for (const lockKey of lockKeys) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${lockKey}, 0))`);
    }
    const now = Date.now();
    let wait = 0;
    for (const limit of limits) {
      const since = new Date(now - limit.windowSeconds * 1000);
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${rateLimitHits.createdAt})` })
        .from(rateLimitHits)
        .where(
          and(eq(rateLimitHits.bucket, limit.bucket), eq(rateLimitHits.key, limit.key), gte(rateLimitHits.createdAt, since)),
        );
      if ((row?.count ?? 0) >= limit.max) {
        const oldest = row?.oldest ? new Date(row.oldest).getTime() : now;
        wait = Math.max(wait, (oldest + limit.windowSeconds * 1000 - now) / 1000);
      }
    }
    if (wait > 0) return wait;
    await tx.insert(rateLimitHits).values(limits.map((limit) => ({ bucket: limit.bucket, key: limit.key })));
    return 0;
  });
  if (retryAfter > 0) throw tooManyRequests(retryAfter, message);
}

/** Drops hits older than the longest window in use (one day). */
export async function pruneRateLimitHits(db: Database): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.createdAt, new Date(Date.now() - 24 * 3600 * 1000)));
}
