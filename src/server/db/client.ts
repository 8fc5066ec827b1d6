// One Drizzle database over PGlite (embedded or in memory) or a node-postgres pool: the same query code serves all.
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { type Logger, sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { secureDataDir } from "../data-dir";
import { checkEmbeddedFormat, recordEmbeddedFormat } from "./embedded-format";
import { MIGRATION_LOCK_KEY, recordMigrationTags, refuseNewerDatabase, type SqlRunner } from "./migration-level";
import {
  copyPgliteTemplate,
  installedPgliteVersion,
  migrationFingerprints,
  type PgliteTemplateManifest,
  pgliteTemplateManifestFile,
} from "./pglite-template";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** What a listener hears besides its messages. */
export type ListenEvents = {
  onMessage(payload: string): void;
  /** The connection was lost (or stopped carrying traffic): notices sent from now on until onRestored are lost. */
  onLost?(error: Error): void;
  /** Listening works again after a loss. */
  onRestored?(): void;
  /** A heartbeat came back through the connection after this many milliseconds. */
  onHeartbeat?(roundTripMs: number): void;
};

export type Listening = {
  stop(): Promise<void>;
  /** Drops the connection and listens again on a new one (e.g. a writer's own notice never came back). */
  reconnect(reason: string): void;
};

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /**
   * Receives NOTIFY payloads on a channel: node-postgres uses one dedicated connection outside the pool, checked by a
   * heartbeat and reopened with back-off after a drop; PGlite its in-process listen API. Notifications sent inside a
   * transaction arrive at its commit. Those sent while the connection was down are lost: onRestored says when
   * listening works again.
   */
  listen(channel: string, events: ListenEvents): Promise<Listening>;
  /** Runs the migrations not run yet (from `migrationsFolder`, default the one the database was opened with). */
  migrate(options?: { migrationsFolder?: string }): Promise<void>;
  /** The embedded database's folder made private again (folders 0700, files 0600): it creates new files 0666. */
  secureFiles?(): void;
  ping(): Promise<void>;
  /** The node-postgres pool's connections (null on PGlite: one in-process connection). */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  close(): Promise<void>;
};

/** The drizzle/ folder, found from this file whether it runs from src/ or from the built dist/. */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, "drizzle");
    if (existsSync(path.join(candidate, "meta", "_journal.json"))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error("drizzle migrations folder not found");
}

/** Extensions the schema's indexes need (pg_trgm: the admin console's contains-search). Trusted, so no superuser needed. */
const CREATE_EXTENSIONS = "create extension if not exists pg_trgm";

/**
 * PostgreSQL settings for one small embedded instance: PGlite's defaults (128 MB shared buffers) are sized for a
 * server, and the WebAssembly memory they grow never goes back to the system.
 */
const PGLITE_SETTINGS = {
  shared_buffers: "16MB",
  work_mem: "4MB",
  maintenance_work_mem: "16MB",
  temp_buffers: "4MB",
  wal_buffers: "1MB",
};
// PGlite's own start parameters (they are replaced, not extended, when startParams is given).
const PGLITE_START_PARAMS = [
  "--single",
  "-F",
  "-O",
  "-j",
  ...Object.entries({
    search_path: "public",
    exit_on_error: "false",
    log_checkpoints: "false",
    max_worker_processes: "0",
    max_parallel_workers: "0",
    max_parallel_workers_per_gather: "0",
    io_method: "sync",
    max_parallel_maintenance_workers: "0",
    ...PGLITE_SETTINGS,
  }).flatMap(([name, value]) => ["-c", `${name}=${value}`]),
];

/**
 * Creating and migrating a new embedded database (initdb) costs about 600 MB that WebAssembly keeps for the life of
 * the process, so a short-lived child process does it and exits; the caller then opens the finished folder.
 */
function initdbInChildProcess(dataDir: string, folder: string): void {
  const script = `
    const { PGlite } = await import(${JSON.stringify(import.meta.resolve("@electric-sql/pglite"))});
    const { pg_trgm } = await import(${JSON.stringify(import.meta.resolve("@electric-sql/pglite/contrib/pg_trgm"))});
    const { drizzle } = await import(${JSON.stringify(import.meta.resolve("drizzle-orm/pglite"))});
    const { migrate } = await import(${JSON.stringify(import.meta.resolve("drizzle-orm/pglite/migrator"))});
    const client = await PGlite.create(${JSON.stringify(dataDir)}, {
      startParams: ${JSON.stringify(PGLITE_START_PARAMS)},
      extensions: { pg_trgm },
    });
    await client.exec(${JSON.stringify(CREATE_EXTENSIONS)});
    await migrate(drizzle(client), { migrationsFolder: ${JSON.stringify(folder)} });
    await client.close();`;
  execFileSync(process.execPath, ["--input-type=module", "--eval", script], { stdio: "inherit" });
}

/**
 * Where the build puts the template: beside the built server (dist/server). Run from src/ (`npm run dev`, the tests'
 * child servers) there is none beside the code, so the last build's is used when there is one; either is copied only
 * when it fits (this PGlite, its migrations the first ones of drizzle/), else initdb runs as without one.
 */
const HERE = path.dirname(fileURLToPath(import.meta.url));
const DEFAULT_PGLITE_TEMPLATE_DIR = [
  path.join(HERE, "pglite-template"),
  ...(HERE.endsWith(path.join("src", "server", "db")) ? [path.resolve(HERE, "../../../dist/server/pglite-template")] : []),
].find((dir) => existsSync(pgliteTemplateManifestFile(dir)));

/** A new data folder starts as a copy of the build's template when it fits, else from initdb in a child process. */
function initialisePgliteDataDir(dataDir: string, templateDir: string | null, folder: string): void {
  if (existsSync(path.join(dataDir, "PG_VERSION"))) {
    // An existing folder opens only with the engine that made it (or one of the same PostgreSQL major).
    checkEmbeddedFormat(dataDir);
    return;
  }
  if (!templateDir || !copyPgliteTemplate({ templateDir, dataDir, migrationsFolder: folder })) {
    initdbInChildProcess(dataDir, folder);
  }
  recordEmbeddedFormat(dataDir);
}

/**
 * Makes the template a new embedded database starts from (`npm run build`): a migrated data folder, and beside it the
 * manifest (PGlite version, migrations) written last, which says the folder is complete and what it holds.
 */
export function createPgliteTemplate(templateDir: string, folder = migrationsFolder()): void {
  const manifestFile = pgliteTemplateManifestFile(templateDir);
  rmSync(manifestFile, { force: true });
  rmSync(templateDir, { recursive: true, force: true });
  initdbInChildProcess(templateDir, folder);
  const manifest: PgliteTemplateManifest = { pglite: installedPgliteVersion(), migrations: migrationFingerprints(folder) };
  writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
}

type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: Error | boolean) => void,
) => void;

/**
 * Drizzle's transaction() never releases its client when BEGIN itself fails (the connection died, e.g. PostgreSQL
 * restarting): each outage would leak clients until the pool is empty and every request times out. So a checked-out
 * client is handed back (and dropped by the pool) as soon as its connection ends; a later release is then a no-op.
 */
function releaseClientsWhoseConnectionEnds(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as unknown as (callback?: ConnectCallback) => Promise<pg.PoolClient> | undefined;
  const guard = (client: pg.PoolClient) => {
    const release = client.release;
    let released = false;
    const onEnd = () => {
      if (released) return;
      released = true;
      release(new Error("connection ended"));
    };
    client.once("end", onEnd);
    client.release = (error?: Error | boolean) => {
      if (released) return;
      released = true;
      client.removeListener("end", onEnd);
      release(error);
    };
  };
  pool.connect = ((callback?: ConnectCallback) => {
    if (typeof callback === "function") {
      return connect((error, client, done) => {
        if (client) guard(client);
        callback(error, client, client ? client.release : done);
      });
    }
    return (connect() as Promise<pg.PoolClient>).then((client) => {
      guard(client);
      return client;
    });
  }) as typeof pool.connect;
}

type OpenDatabaseOptions = {
  url: string;
  /** A PGlite data directory dump to start from (tests use a migrated snapshot). */
  pgliteSnapshot?: Blob | File;
  /** The migrated data folder a new embedded database is copied from (default: the build's; null: none, run initdb). */
  pgliteTemplateDir?: string | null;
  onPoolError?: (error: Error) => void;
  /** Called with every statement Drizzle runs, as it starts (tests compare the work two requests do). */
  logQuery?: (query: string, params: unknown[]) => void;
  /** The migrations to create and migrate with (default: drizzle/; a restore uses the backup's first ones). */
  migrationsFolder?: string;
};

/** What either driver's Drizzle is built with: the schema, and the statement logger when one is asked for. */
function drizzleConfig({ logQuery }: OpenDatabaseOptions): { schema: typeof schema; logger: Logger | undefined } {
  return { schema, logger: logQuery ? { logQuery } : undefined };
}

/**
 * Brings a database up to date on either driver: the extensions first, then the migrations it has not run yet. A
 * database migrated by a newer build stops here (NewerDatabaseError) before anything runs.
 */
async function migrateSchema(driver: {
  runner: SqlRunner;
  migrate: (config: { migrationsFolder: string }) => Promise<void>;
  folder: string;
}): Promise<void> {
  await refuseNewerDatabase(driver.runner, driver.folder);
  await driver.runner.query(CREATE_EXTENSIONS);
  await driver.migrate({ migrationsFolder: driver.folder });
  await recordMigrationTags(driver.runner, driver.folder);
}

/** On PostgreSQL one process migrates at a time: the others wait on the advisory lock, then find nothing to run. */
async function migratePostgres(pool: pg.Pool, folder: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      await migrateSchema({ runner: client, folder, migrate: (config) => migratePg(drizzlePg(client), config) });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const { url } = options;
  const folder = options.migrationsFolder ?? migrationsFolder();
  if (url.startsWith("postgres://") || url.startsWith("postgresql://")) {
    const pool = new pg.Pool({
      connectionString: url,
      max: 20,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
    });
    pool.on("error", (error) => options.onPoolError?.(error));
    // A client checked out of the pool (e.g. inside a transaction, between statements) has no listener of its own:
    // when PostgreSQL restarts, its "terminating connection" error would be an uncaught exception and stop the
    // process. With this one the error only fails that client's query (503), and the pool drops the client.
    pool.on("connect", (client) => {
      client.on("error", (error) => options.onPoolError?.(error));
    });
    releaseClientsWhoseConnectionEnds(pool);
    const db = drizzlePg(pool, drizzleConfig(options)) as unknown as Database;
    return {
      db,
      kind: "postgres",
      migrate: (migrateOptions) => migratePostgres(pool, migrateOptions?.migrationsFolder ?? folder),
      listen: (channel, events) => listenPostgres(url, channel, events),
      ping: async () => {
        await pool.query("select 1");
      },
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
  }
  const dataDir = url === "memory://" ? undefined : url.replace(/^pglite:\/\//, "");
  if (dataDir && !options.pgliteSnapshot) {
    initialisePgliteDataDir(
      dataDir,
      options.pgliteTemplateDir === undefined ? (DEFAULT_PGLITE_TEMPLATE_DIR ?? null) : options.pgliteTemplateDir,
      folder,
    );
  }
  const client = await PGlite.create(dataDir, {
    startParams: PGLITE_START_PARAMS,
    extensions: { pg_trgm },
    ...(options.pgliteSnapshot ? { loadDataDir: options.pgliteSnapshot } : {}),
  });
  // The embedded database creates its files 0666 whatever the umask: tightened after each step that makes new ones.
  const secure = () => {
    if (dataDir) secureDataDir(dataDir);
  };
  secure();
  const db = drizzlePglite(client, drizzleConfig(options)) as unknown as Database;
  return {
    db,
    kind: "pglite",
    migrate: async (migrateOptions) => {
      await migrateSchema({
        runner: client,
        folder: migrateOptions?.migrationsFolder ?? folder,
        migrate: (config) => migratePglite(drizzlePglite(client), config),
      });
      secure();
    },
    secureFiles: secure,
    listen: async (channel, events) => {
      const unsubscribe = await client.listen(channel, events.onMessage);
      return {
        async stop() {
          if (!client.closed) await unsubscribe();
        },
        // In-process: nothing can silently stop carrying notices.
        reconnect() {},
      };
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    poolStats: () => null,
    close: async () => {
      await client.close();
      secure();
    },
  };
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const RECONNECT_DELAYS_MS = [250, 500, 1_000, 2_000];
/**
 * A connection that stops carrying traffic without closing (an idle-timed-out NAT or firewall) sends no error: a
 * heartbeat notice goes through it every few seconds and must come back in time, or the connection is dropped.
 */
export const LISTEN_HEARTBEAT = { everyMs: 2_000, timeoutMs: 3_000 } as const;
/** TCP keepalive on listening connections: the OS default (about two hours) would never notice a dead peer. */
const LISTEN_KEEPALIVE_MS = 10_000;
const HEARTBEAT_PREFIX = "heartbeat:";

/** Rejects when `promise` has not settled within `ms`. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * LISTEN on a dedicated node-postgres connection, checked by a heartbeat through the channel itself; after a drop or
 * a missed heartbeat the connection is destroyed and a new one opened with back-off.
 */
async function listenPostgres(url: string, channel: string, events: ListenEvents): Promise<Listening> {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`invalid channel name: ${channel}`);
  let stopped = false;
  let client: pg.Client | null = null;
  let failures = 0;
  let lost = false;
  let retry: NodeJS.Timeout | null = null;
  let beat: { payload: string; sentAt: number; timer: NodeJS.Timeout } | null = null;
  let sequence = 0;
  const instance = randomUUID();

  const destroy = (target: pg.Client) => {
    target.removeAllListeners("end");
    target.removeAllListeners("notification");
    target.on("error", () => {});
    // end() would wait for a reply a dead link never sends.
    (target as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
  };
  const drop = (target: pg.Client, error: Error) => {
    if (client !== target) return;
    client = null;
    if (beat) clearTimeout(beat.timer);
    beat = null;
    destroy(target);
    if (!lost) {
      lost = true;
      events.onLost?.(error);
    }
    if (!stopped) scheduleReconnect();
  };

  const sendHeartbeat = () => {
    const current = client;
    if (!current || beat || stopped) return;
    const payload = `${HEARTBEAT_PREFIX}${instance}:${++sequence}`;
    const timer = setTimeout(
      () => drop(current, new Error(`no heartbeat back within ${LISTEN_HEARTBEAT.timeoutMs} ms`)),
      LISTEN_HEARTBEAT.timeoutMs,
    );
    timer.unref();
    beat = { payload, sentAt: performance.now(), timer };
    current.query("select pg_notify($1, $2)", [channel, payload]).catch(() => {});
  };
  const heartbeat = setInterval(sendHeartbeat, LISTEN_HEARTBEAT.everyMs);
  heartbeat.unref();

  const connect = async (): Promise<void> => {
    const next = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
      keepAliveInitialDelayMillis: LISTEN_KEEPALIVE_MS,
    });
    next.on("notification", (message) => {
      if (message.channel !== channel || message.payload === undefined) return;
      if (message.payload.startsWith(HEARTBEAT_PREFIX)) {
        if (beat && message.payload === beat.payload) {
          clearTimeout(beat.timer);
          events.onHeartbeat?.(performance.now() - beat.sentAt);
          beat = null;
        }
        return;
      }
      events.onMessage(message.payload);
    });
    next.on("error", (error) => drop(next, error));
    next.on("end", () => drop(next, new Error("LISTEN connection ended")));
    client = next;
    try {
      await within(
        next.connect().then(() => next.query(`LISTEN ${channel}`)),
        LISTEN_HEARTBEAT.timeoutMs,
        "LISTEN",
      );
    } catch (error) {
      if (client === next) client = null;
      destroy(next);
      throw error;
    }
    failures = 0;
    if (lost) {
      lost = false;
      events.onRestored?.();
    }
  };
  const scheduleReconnect = () => {
    if (retry) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)] ?? 2_000;
    failures++;
    retry = setTimeout(() => {
      retry = null;
      if (stopped) return;
      connect().catch((error: Error) => {
        if (!lost) {
          lost = true;
          events.onLost?.(error);
        }
        if (!stopped) scheduleReconnect();
      });
    }, delay);
    retry.unref();
  };

  await connect();
  return {
    reconnect(reason) {
      if (client) drop(client, new Error(reason));
    },
    async stop() {
      stopped = true;
      clearInterval(heartbeat);
      if (beat) clearTimeout(beat.timer);
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      if (current) {
        current.removeAllListeners("end");
        current.removeAllListeners("error");
        current.on("error", () => {});
        await current.end().catch(() => {});
      }
    },
  };
}

export async function dumpPglite(handle: DatabaseHandle): Promise<Blob> {
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  return client.dumpDataDir("none");
}
