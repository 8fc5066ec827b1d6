// A bounded in-process cache of database reads. Each entry carries the change tags of the rows it was read from
// (cache/change-notices.ts); the change feed (cache/change-feed.ts) drops the entries of a tag when PostgreSQL
// announces a change to those rows, from this process or any other. Memory is bounded by bytes, not entries: each entry
// is charged the size of its serialized answer against one budget shared by every cache of the process, an answer over
// the per-entry cap is not kept, and one user's entries may hold only a share of the budget (least recently used go
// first). The time limit bounds how long an entry may live if a notice were ever missed; expired entries are swept on
// a timer. While the feed is down the cache is bypassed.
import type { ByteBudget, Charge } from "./byte-budget";

export type Loaded<V> = { value: V; tags: string[]; owner: string | null; read: string } | null;

/** What a cache reports, per read name, for the metrics. */
export type CacheEvents = {
  hit(read: string): void;
  miss(read: string): void;
  /** An entry left: evicted for room, expired, or too large to keep ("oversize"). */
  evicted(read: string, reason: "budget" | "owner" | "expired" | "oversize"): void;
};

export type ReadCache<V> = {
  /** The cached value, or undefined (missing, expired, or the cache is suspended). */
  get(key: string, read?: string): V | undefined;
  /**
   * Reads through the loader, sharing one load among concurrent callers of the same key. The result is kept only if
   * nothing in the cache was invalidated while it loaded (it may have been read before that change).
   */
  load(key: string, loader: () => Promise<Loaded<V>>): Promise<V | null>;
  /** Drops every entry carrying this tag. */
  invalidate(tag: string): void;
  /** Drops everything (loads under way are not kept). */
  clear(): void;
  /** Drops everything and stops caching until resume() (the change feed is down). */
  suspend(): void;
  resume(): void;
  /** Drops the entries whose lifetime has passed. */
  sweep(): void;
  size(): number;
};

type Entry<V> = { key: string; value: V; tags: string[]; expiresAt: number; charge: Charge; read: string };

const noEvents: CacheEvents = { hit() {}, miss() {}, evicted() {} };

/** The size an answer is charged: its JSON, as the client receives it. */
export function serializedBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value) ?? "");
}

export function createReadCache<V>(options: {
  ttlMs: number;
  budget: ByteBudget;
  events?: CacheEvents;
  /** The size an entry is charged (default: its serialized size). */
  sizeOf?: (value: V) => number;
}): ReadCache<V> {
  const { budget } = options;
  const events = options.events ?? noEvents;
  const sizeOf = options.sizeOf ?? serializedBytes;
  const entries = new Map<string, Entry<V>>();
  const keysByTag = new Map<string, Set<string>>();
  const inFlight = new Map<string, Promise<V | null>>();
  /** Bumped by every invalidation; a clear() or resume() moves `epoch` too, so no load started before it is kept. */
  let generation = 0;
  let epoch = 0;
  /** The generation at which each tag was last invalidated, while loads are under way that may carry it. */
  const invalidatedAt = new Map<string, number>();
  let loading = 0;
  let suspended = false;
  /** Whether a load started at `startedAt` may have read rows changed since (one of its tags was invalidated). */
  const staleSince = (startedAt: number, tags: string[]) =>
    startedAt < epoch || tags.some((tag) => (invalidatedAt.get(tag) ?? -1) > startedAt);

  function remove(key: string): Entry<V> | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    entries.delete(key);
    budget.release(entry.charge);
    for (const tag of entry.tags) {
      const keys = keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) keysByTag.delete(tag);
    }
    return entry;
  }

  function store(key: string, loaded: NonNullable<Loaded<V>>): void {
    remove(key);
    const bytes = sizeOf(loaded.value);
    if (bytes > budget.maxEntryBytes) {
      events.evicted(loaded.read, "oversize");
      return;
    }
    const charge: Charge = {
      bytes,
      owner: loaded.owner,
      read: loaded.read,
      evict: (reason) => {
        if (remove(key)) events.evicted(loaded.read, reason);
      },
    };
    entries.set(key, {
      key,
      value: loaded.value,
      tags: loaded.tags,
      expiresAt: Date.now() + options.ttlMs,
      charge,
      read: loaded.read,
    });
    for (const tag of loaded.tags) {
      let keys = keysByTag.get(tag);
      if (!keys) {
        keys = new Set();
        keysByTag.set(tag, keys);
      }
      keys.add(key);
    }
    budget.admit(charge);
  }

  function clear(): void {
    generation++;
    epoch = generation;
    inFlight.clear();
    for (const entry of entries.values()) budget.release(entry.charge);
    entries.clear();
    keysByTag.clear();
  }

  return {
    get(key, read = "unknown") {
      if (suspended) return undefined;
      const entry = entries.get(key);
      if (!entry || entry.expiresAt <= Date.now()) {
        if (entry) remove(key);
        events.miss(read);
        return undefined;
      }
      budget.touch(entry.charge);
      events.hit(read);
      return entry.value;
    },
    load(key, loader) {
      const pending = inFlight.get(key);
      if (pending) return pending;
      const startedAt = generation;
      loading++;
      const load = loader()
        .then((loaded) => {
          if (!loaded) return null;
          if (!suspended && budget.limitBytes > 0 && !staleSince(startedAt, loaded.tags)) store(key, loaded);
          return loaded.value;
        })
        .finally(() => {
          if (inFlight.get(key) === load) inFlight.delete(key);
          if (--loading === 0) invalidatedAt.clear();
        });
      inFlight.set(key, load);
      return load;
    },
    invalidate(tag) {
      generation++;
      // A load already under way may have read the row before this change: it is not kept if it carries this tag, and
      // later callers start their own.
      if (loading > 0) invalidatedAt.set(tag, generation);
      inFlight.clear();
      const keys = keysByTag.get(tag);
      if (!keys) return;
      for (const key of [...keys]) remove(key);
    },
    clear,
    suspend() {
      suspended = true;
      clear();
    },
    resume() {
      generation++;
      epoch = generation;
      suspended = false;
    },
    sweep() {
      const now = Date.now();
      for (const entry of [...entries.values()]) {
        if (entry.expiresAt <= now && remove(entry.key)) events.evicted(entry.read, "expired");
      }
    },
    size: () => entries.size,
  };
}
