// Rate limits counted in PostgreSQL, so they hold across server processes. Any database failure denies (fails closed).
import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rateLimitHits } from "../db/schema";
import { tooManyRequests } from "../errors";

type RateLimit = { bucket: string; key: string; max: number; windowSeconds: number };

/** Throws 429 (with Retry-After) when any limit is reached; otherwise records one hit against each. */
export async function consumeRateLimits(db: Database, limits: RateLimit[], message?: string): Promise<void> {
  const now = Date.now();
  let retryAfter = 0;
  for (const limit of limits) {
    const since = new Date(now - limit.windowSeconds * 1000);
    const [row] = await db
      .select({ count: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${rateLimitHits.createdAt})` })
      .from(rateLimitHits)
      .where(and(eq(rateLimitHits.bucket, limit.bucket), eq(rateLimitHits.key, limit.key), gte(rateLimitHits.createdAt, since)));
    if ((row?.count ?? 0) >= limit.max) {
      const oldest = row?.oldest ? new Date(row.oldest).getTime() : now;
      retryAfter = Math.max(retryAfter, (oldest + limit.windowSeconds * 1000 - now) / 1000);
    }
  }
  if (retryAfter > 0) throw tooManyRequests(retryAfter, message);
  await db.insert(rateLimitHits).values(limits.map((limit) => ({ bucket: limit.bucket, key: limit.key })));
}

/** Drops hits older than the longest window in use (one day). */
export async function pruneRateLimitHits(db: Database): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.createdAt, new Date(Date.now() - 24 * 3600 * 1000)));
}
