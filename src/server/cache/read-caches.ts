// The read caches of one server process (one per app), each kept right by the change feed.
import type { SessionRecord } from "../auth/sessions";
import type { ProjectAccessRecord } from "../features/projects/access";
import { cachedRead, createDisabledReadCache, createReadCache, type ReadCache } from "./read-cache";
import { cacheTags } from "./tags";

export type ReadCaches = {
  /** Session token hash → the session and its user: spares the lookup on every signed-in request. */
  sessions: ReadCache<SessionRecord>;
  /** "<user id>:<project id>" → the project and the caller's member level, for reads (writes look again). */
  projectAccess: ReadCache<ProjectAccessRecord>;
  /** What customers' screens read (project lists, profile, timeline, bell, a project's lists), by user and query. */
  reads: ReadCache<unknown>;
  /** Company console reads over every project (list pages, stats), by route and query. */
  companyViews: ReadCache<unknown>;
};

/** `enabled: false` (READ_CACHE_MB=0) sends every read to the database: measures the database path on its own. */
export function createReadCaches(options: { enabled: boolean } = { enabled: true }): ReadCaches {
  if (!options.enabled) {
    return {
      sessions: createDisabledReadCache(),
      projectAccess: createDisabledReadCache(),
      reads: createDisabledReadCache(),
      companyViews: createDisabledReadCache(),
    };
  }
  return {
    // Sized for memory (a few KB a session or project row; up to tens of KB a list, plus its JSON): about 100 MB at
    // most per process. Entries live while used; the time limit is only a guard.
    sessions: createReadCache({ ttlMs: 60_000, maxEntries: 10_000 }),
    projectAccess: createReadCache({ ttlMs: 60_000, maxEntries: 10_000 }),
    reads: createReadCache({ ttlMs: 60_000, maxEntries: 3_000 }),
    companyViews: createReadCache({ ttlMs: 60_000, maxEntries: 200 }),
  };
}

/**
 * A console read over every project, kept in the company-views cache until a change to the tables it reads
 * (projects, profiles, users, members, requirements) is announced: many admins, or one refreshing, cost one query.
 */
export function companyView<V>(caches: ReadCaches, key: string, read: () => Promise<V>): Promise<V> {
  return cachedRead(caches.companyViews, key, read, [cacheTags.company]);
}
