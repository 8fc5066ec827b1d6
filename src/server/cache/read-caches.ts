// The read caches of one server process (one per app), each kept right by the change feed, all within one byte budget.
import type { SessionRecord } from "../auth/sessions";
import type { ProjectAccessRecord } from "../features/projects/access";
import { type ByteBudget, createByteBudget } from "./byte-budget";
import { type CacheEvents, createReadCache, type ReadCache } from "./read-cache";

export type ReadCaches = {
  /** Session token hash → the session and its user: spares the lookup on every signed-in request. */
  sessions: ReadCache<SessionRecord>;
  /** "<user id>:<project id>" → the project and the caller's member level, for reads (writes look again). */
  projectAccess: ReadCache<ProjectAccessRecord>;
  /** The answers of the reads declared in cache/cached-reads.ts, by read name and key. */
  reads: ReadCache<unknown>;
};

/**
 * How long an entry may live if a change notice were ever missed: sessions and project access decide who may read at
 * all, so theirs is short; the change feed's heartbeat notices a dead feed well within it.
 */
export const CACHE_LIFETIMES_MS = { sessions: 10_000, projectAccess: 10_000, reads: 60_000 } as const;
/** How often expired entries are swept out (otherwise they would leave only when their key is read again). */
const SWEEP_EVERY_MS = 5_000;

export type ReadCacheSet = {
  caches: ReadCaches;
  budget: ByteBudget;
  /** Stops the sweep timer. */
  stop(): void;
};

export function createReadCaches(options: { budgetBytes: number; events?: CacheEvents }): ReadCacheSet {
  const budget = createByteBudget(options.budgetBytes);
  const make = <V>(ttlMs: number) => createReadCache<V>({ ttlMs, budget, ...(options.events ? { events: options.events } : {}) });
  const caches: ReadCaches = {
    sessions: make<SessionRecord>(CACHE_LIFETIMES_MS.sessions),
    projectAccess: make<ProjectAccessRecord>(CACHE_LIFETIMES_MS.projectAccess),
    reads: make<unknown>(CACHE_LIFETIMES_MS.reads),
  };
  const sweep = setInterval(() => {
    for (const cache of Object.values(caches)) cache.sweep();
  }, SWEEP_EVERY_MS);
  sweep.unref();
  return { caches, budget, stop: () => clearInterval(sweep) };
}
