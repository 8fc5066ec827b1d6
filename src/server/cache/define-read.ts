// A cached read, declared beside the feature it serves (features/<feature>/reads.ts): its name (the namespace of its
// keys and its metrics), the cache it lives in, the tables it reads, its loader, whose share of the memory budget it
// counts against, and the rows it is scoped to. Its key is the loader's own arguments (in a canonical JSON), so what
// is cached under a key is always what the loader read for it; `keep` says which variants are worth keeping (one a
// caller shapes freely goes to the database). Its tags follow from the tables (shared/change-notices.ts): a table named
// in `rows` drops the entry only when those rows change; any other declared table drops it on any change.
import type { Database } from "../db/client";
import { type NoticeTable, type RowColumn, rowChange, tableChange } from "./change-notices";
import type { ReadCache } from "./read-cache";
import type { ReadCaches } from "./read-caches";

type RowTag = <T extends NoticeTable>(table: T, column: RowColumn<T>, value: string) => string;

/** What a cached read is served from: the database and the process's read caches (an AppContext has both). */
export type ReadContext = { db: Database; caches: ReadCaches };

export type ReadDefinition<A, V> = {
  name: string;
  /** The cache it lives in (default: "reads"). */
  cache?: keyof ReadCaches;
  tables: readonly NoticeTable[];
  /** Reads the answer from the database; its arguments are the cache key. A null answer is not kept. */
  load(db: Database, args: A): Promise<V>;
  /** Whether this variant is kept (default: every one). */
  keep?(args: A): boolean;
  /** The user whose share of the budget the entry counts against (null, the default: shared, e.g. by every admin). */
  owner?(args: A, value: NonNullable<V>): string | null;
  /** The rows the answer is limited to, as row tags of declared tables (may depend on what was read). */
  rows?(args: A, value: NonNullable<V>, row: RowTag): string[];
};

export type CachedRead<A, V> = ReadDefinition<A, V> & {
  /**
   * The answer, served from the cache until a change to one of its tags. `fresh` may refuse a kept answer (it is then
   * read again and kept in its place). `owner` charges a new entry to the caller when the key names no user (e.g. a
   * project's rows, kept once for all its viewers): the first to read it.
   */
  get(ctx: ReadContext, args: A, options?: { fresh?(value: NonNullable<V>): boolean; owner?: string }): Promise<V>;
  /** The cache key of these arguments (null: a variant not kept). */
  key(args: A): string | null;
  /** The tags an answer is dropped by: its declared rows, and every declared table it is not limited to rows of. */
  tags(args: A, value: NonNullable<V>): string[];
};

/** The owner of the entries every company admin shares (the console's views): one share of the budget between them. */
export const COMPANY_SHARE = "company";

/** JSON with object keys sorted, so two equal arguments give one key whatever order their fields were set in. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_, item: unknown) =>
    item && typeof item === "object" && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

export function defineRead<A, V>(definition: ReadDefinition<A, V>): CachedRead<A, V> {
  const key = (args: A) => ((definition.keep?.(args) ?? true) ? `${definition.name}:${canonicalJson(args)}` : null);
  const tags = (args: A, value: NonNullable<V>) => {
    const rows = definition.rows?.(args, value, rowChange) ?? [];
    const scoped = new Set(rows.map((tag) => tag.slice(0, tag.indexOf("."))));
    for (const table of scoped) {
      if (!definition.tables.includes(table as NoticeTable)) {
        throw new Error(`cached read ${definition.name}: rows of ${table}, which it does not declare`);
      }
    }
    return [...rows, ...definition.tables.filter((table) => !scoped.has(table)).map(tableChange)];
  };
  return {
    ...definition,
    key,
    tags,
    async get(ctx, args, options) {
      const variant = key(args);
      if (variant === null) return definition.load(ctx.db, args);
      const cache = ctx.caches[definition.cache ?? "reads"] as ReadCache<V>;
      const cached = cache.get(variant, definition.name);
      if (cached !== undefined && cached !== null && (options?.fresh?.(cached) ?? true)) return cached;
      const loaded = await cache.load(variant, async () => {
        const value = await definition.load(ctx.db, args);
        if (value === null || value === undefined) return null;
        const owner = options?.owner ?? definition.owner?.(args, value) ?? null;
        return { value, tags: tags(args, value), owner, read: definition.name };
      });
      return loaded as V;
    },
  };
}
