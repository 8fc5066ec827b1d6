// The read caches of one server process (one per app), each kept right by the change feed, all within one byte budget.
// What each holds is declared by the reads that use it (cache/define-read.ts, beside each feature).
import { type ByteBudget, createByteBudget } from "./byte-budget";
import { type CacheEvents, createReadCache, type ReadCache } from "./read-cache";

export type ReadCaches = {
  /** Session token hash → the session and its user: spares the lookup on every signed-in request (auth/sessions.ts). */
  sessions: ReadCache<unknown>;
  /** A user and a project → the project and their member level, for reads (features/projects/access.ts). */
  projectAccess: ReadCache<unknown>;
  /** The answers of every other cached read (features/<feature>/reads.ts), by read name and arguments. */
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
  const make = (ttlMs: number) =>
    createReadCache<unknown>({ ttlMs, budget, ...(options.events ? { events: options.events } : {}) });
  const caches: ReadCaches = {
    sessions: make(CACHE_LIFETIMES_MS.sessions),
    projectAccess: make(CACHE_LIFETIMES_MS.projectAccess),
    reads: make(CACHE_LIFETIMES_MS.reads),
  };
  const sweep = setInterval(() => {
    for (const cache of Object.values(caches)) cache.sweep();
  }, SWEEP_EVERY_MS);
  sweep.unref();
  return { caches, budget, stop: () => clearInterval(sweep) };
}
