// A bounded in-process cache of database reads. Each entry carries tags naming the rows it was read from
// ("session:<id>", "user:<id>", "project:<id>", "company"); the change feed (cache/change-feed.ts) drops the entries of
// a tag when PostgreSQL announces a change to those rows, from this process or any other. The time limit only bounds
// how long an entry may live if a notice were ever missed; while the feed is down the cache is bypassed.

export type Loaded<V> = { value: V; tags: string[] } | null;

export type ReadCache<V> = {
  /** The cached value, or undefined (missing, expired, or the cache is suspended). */
  get(key: string): V | undefined;
  /**
   * Reads through the loader, sharing one load among concurrent callers of the same key. The result is kept only if
   * nothing in the cache was invalidated while it loaded (it may have been read before that change).
   */
  load(key: string, loader: () => Promise<Loaded<V>>): Promise<V | null>;
  /** Drops every entry carrying this tag. */
  invalidate(tag: string): void;
  /** Drops everything (loads under way are not kept). */
  clear(): void;
  /** Drops everything and stops caching until resume() (the change feed lost its connection). */
  suspend(): void;
  resume(): void;
  size(): number;
};

type Entry<V> = { value: V; tags: string[]; expiresAt: number };

export function createReadCache<V>(options: { ttlMs: number; maxEntries: number }): ReadCache<V> {
  const entries = new Map<string, Entry<V>>();
  const keysByTag = new Map<string, Set<string>>();
  const inFlight = new Map<string, Promise<V | null>>();
  let generation = 0;
  let suspended = false;

  function remove(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    for (const tag of entry.tags) {
      const keys = keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) keysByTag.delete(tag);
    }
  }

  function store(key: string, value: V, tags: string[]): void {
    remove(key);
    entries.set(key, { value, tags, expiresAt: Date.now() + options.ttlMs });
    for (const tag of tags) {
      let keys = keysByTag.get(tag);
      if (!keys) {
        keys = new Set();
        keysByTag.set(tag, keys);
      }
      keys.add(key);
    }
    // Maps keep insertion order: the first key is the least recently used entry.
    while (entries.size > options.maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      remove(oldest);
    }
  }

  return {
    get(key) {
      if (suspended) return undefined;
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= Date.now()) {
        remove(key);
        return undefined;
      }
      // Most recently used last: the size limit drops the least recently used first.
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    load(key, loader) {
      const pending = inFlight.get(key);
      if (pending) return pending;
      const startedAt = generation;
      const loading = loader()
        .then((loaded) => {
          if (!loaded) return null;
          if (!suspended && generation === startedAt) store(key, loaded.value, loaded.tags);
          return loaded.value;
        })
        .finally(() => {
          if (inFlight.get(key) === loading) inFlight.delete(key);
        });
      inFlight.set(key, loading);
      return loading;
    },
    invalidate(tag) {
      generation++;
      // A load already under way may have read the row before this change: later callers start their own.
      inFlight.clear();
      const keys = keysByTag.get(tag);
      if (!keys) return;
      for (const key of [...keys]) remove(key);
    },
    clear() {
      generation++;
      inFlight.clear();
      entries.clear();
      keysByTag.clear();
    },
    suspend() {
      suspended = true;
      this.clear();
    },
    resume() {
      generation++;
      suspended = false;
    },
    size: () => entries.size,
  };
}

/** A cache that keeps nothing: every read goes to the database (READ_CACHE_MB=0). */
export function createDisabledReadCache<V>(): ReadCache<V> {
  return {
    get: () => undefined,
    load: async (_key, loader) => (await loader())?.value ?? null,
    invalidate() {},
    clear() {},
    suspend() {},
    resume() {},
    size: () => 0,
  };
}

/**
 * A read served from `cache` under `key` until a change to one of its tags (`tags` may depend on what was read, e.g.
 * the projects a list holds). A null result is not kept.
 */
export async function cachedRead<V>(
  cache: ReadCache<unknown>,
  key: string,
  read: () => Promise<V>,
  tags: string[] | ((value: V) => string[]),
): Promise<V> {
  const cached = cache.get(key);
  if (cached !== undefined) return cached as V;
  const loaded = await cache.load(key, async () => {
    const value = await read();
    return value === null ? null : { value, tags: typeof tags === "function" ? tags(value) : tags };
  });
  return loaded as V;
}
