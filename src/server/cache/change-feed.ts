// Keeps this process's read caches right: the change triggers (cache/change-notices.ts) NOTIFY bp_changes with the
// tags of each changed row at commit, whichever process or person wrote it, and every process drops what it held under
// those tags. The listening connection is checked by a heartbeat (db/client.ts): while it is lost, or silently stopped
// carrying notices, the caches are bypassed and writers do not wait for their own notices.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { DatabaseHandle } from "../db/client";
import { CHANGE_CHANNEL } from "./change-notices";
import type { ReadCache } from "./read-cache";

const MARKER_PREFIX = "caught-up:";
/**
 * How long a writer waits for its own notices: longer means the feed is not carrying them, so the caches are emptied,
 * the listening connection is replaced, and the caches bypassed until it is back.
 */
const CATCH_UP_TIMEOUT_MS = 1_000;

export type ChangeFeedState = "listening" | "lost";

export type ChangeFeed = {
  /**
   * Resolves once every change committed before the call has reached this process's caches: PostgreSQL delivers
   * notices in commit order, so a marker sent now arrives after them. A request that wrote waits for this before
   * answering, so what it changed is never read back from a cache afterwards. At once while the feed is lost.
   */
  caughtUp(): Promise<void>;
  state(): ChangeFeedState;
  /** The last heartbeat's round trip through the feed, in milliseconds (null before the first). */
  lagMs(): number | null;
  /** Calls `listener` with the tags of every change announced (the live hub passes them on to the browsers). */
  onChange(listener: (tag: string) => void): void;
  stop(): Promise<void>;
};

export async function followChanges(
  database: DatabaseHandle,
  caches: ReadCache<unknown>[],
  log: FastifyBaseLogger,
): Promise<ChangeFeed> {
  const waiting = new Map<string, () => void>();
  const listeners: Array<(tag: string) => void> = [];
  let state: ChangeFeedState = "listening";
  let lag: number | null = null;
  const forEachCache = (act: (cache: ReadCache<unknown>) => void) => {
    for (const cache of caches) act(cache);
  };
  const listening = await database.listen(CHANGE_CHANNEL, {
    onMessage(tag) {
      if (tag.startsWith(MARKER_PREFIX)) {
        waiting.get(tag)?.();
        return;
      }
      forEachCache((cache) => cache.invalidate(tag));
      for (const listener of listeners) listener(tag);
    },
    // Notices can no longer arrive: nothing may be served from the caches, and no writer may wait for its marker.
    onLost(error) {
      if (state === "lost") return;
      state = "lost";
      forEachCache((cache) => cache.suspend());
      for (const release of waiting.values()) release();
      log.warn({ err: error }, "change feed lost: read caches bypassed until it is back");
    },
    onRestored() {
      state = "listening";
      forEachCache((cache) => cache.resume());
      log.info("change feed restored: read caches resumed");
    },
    onHeartbeat(roundTripMs) {
      lag = roundTripMs;
    },
  });

  return {
    async caughtUp() {
      if (state === "lost") return;
      const marker = `${MARKER_PREFIX}${randomUUID()}`;
      let timer: NodeJS.Timeout | undefined;
      let arrivedAlready = false;
      let release = () => {
        arrivedAlready = true;
      };
      waiting.set(marker, () => release());
      try {
        await database.db.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${marker})`);
        if (arrivedAlready) return;
        // Counted from when the marker is sent: waiting for a pooled connection is not the feed's delay.
        await new Promise<void>((resolve) => {
          release = resolve;
          timer = setTimeout(() => {
            forEachCache((cache) => cache.clear());
            listening.reconnect(`own notice not back within ${CATCH_UP_TIMEOUT_MS} ms`);
            resolve();
          }, CATCH_UP_TIMEOUT_MS);
        });
      } catch (error) {
        log.warn({ err: error }, "change feed: could not send the catch-up marker; read caches emptied");
        forEachCache((cache) => cache.clear());
      } finally {
        clearTimeout(timer);
        waiting.delete(marker);
      }
    },
    state: () => state,
    lagMs: () => lag,
    onChange(listener) {
      listeners.push(listener);
    },
    async stop() {
      state = "lost";
      forEachCache((cache) => cache.suspend());
      for (const release of waiting.values()) release();
      await listening.stop();
    },
  };
}
