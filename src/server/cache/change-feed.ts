// Keeps this process's read caches right: PostgreSQL triggers (drizzle/0007_change_notices.sql) NOTIFY bp_changes with
// the tag of each changed row at commit, whichever process or person wrote it, and every process drops what it held
// for that tag. Until the LISTEN connection is back after a drop, the caches are bypassed.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { DatabaseHandle } from "../db/client";
import type { ReadCache } from "./read-cache";

export const CHANGE_CHANNEL = "bp_changes";
const MARKER_PREFIX = "caught-up:";
/** How long a writer waits for its own notices before answering anyway (the caches are then emptied). */
const CATCH_UP_TIMEOUT_MS = 2_000;

export type ChangeFeed = {
  /**
   * Resolves once every change committed before the call has reached this process's caches: PostgreSQL delivers
   * notices in commit order, so a marker sent now arrives after them. A request that wrote waits for this before
   * answering, so what it changed is never read back from a cache afterwards.
   */
  caughtUp(): Promise<void>;
  stop(): Promise<void>;
};

export async function followChanges(
  database: DatabaseHandle,
  caches: ReadCache<unknown>[],
  log: FastifyBaseLogger,
): Promise<ChangeFeed> {
  const waiting = new Map<string, () => void>();
  let listening = true;
  const forEachCache = (act: (cache: ReadCache<unknown>) => void) => {
    for (const cache of caches) act(cache);
  };
  // Notices can no longer arrive: nothing may be served from the caches, and no writer may wait for its marker.
  const stopListening = () => {
    listening = false;
    forEachCache((cache) => cache.suspend());
    for (const release of waiting.values()) release();
  };
  const clearAll = () => forEachCache((cache) => cache.clear());
  const unlisten = await database.listen(
    CHANGE_CHANNEL,
    (tag) => {
      if (tag.startsWith(MARKER_PREFIX)) {
        waiting.get(tag)?.();
        return;
      }
      forEachCache((cache) => cache.invalidate(tag));
    },
    (error) => {
      stopListening();
      log.warn({ err: error }, "change feed: LISTEN connection lost; read caches bypassed until it is back");
    },
    () => {
      listening = true;
      forEachCache((cache) => cache.resume());
      log.info("change feed: listening again; read caches resumed");
    },
  );

  return {
    async caughtUp() {
      if (!listening) return;
      const marker = `${MARKER_PREFIX}${randomUUID()}`;
      let timer: NodeJS.Timeout | undefined;
      const arrived = new Promise<void>((resolve) => {
        waiting.set(marker, resolve);
        timer = setTimeout(() => {
          log.warn("change feed: own notices did not arrive in time; read caches emptied");
          clearAll();
          resolve();
        }, CATCH_UP_TIMEOUT_MS);
      });
      try {
        await database.db.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${marker})`);
        await arrived;
      } catch (error) {
        log.warn({ err: error }, "change feed: could not send the catch-up marker; read caches emptied");
        clearAll();
      } finally {
        clearTimeout(timer);
        waiting.delete(marker);
      }
    },
    async stop() {
      stopListening();
      await unlisten();
    },
  };
}
