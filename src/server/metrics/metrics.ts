// Prometheus metrics of one server process (prom-client), served on their own listener (METRICS_PORT, bound to
// METRICS_HOST, loopback by default, optionally behind METRICS_TOKEN) so they are never reachable through the public port: request durations by route, the read caches, the change feed,
// the email outbox, the open live streams, the database pool and the process itself.
import { timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { ByteBudget } from "../cache/byte-budget";
import type { ChangeFeed } from "../cache/change-feed";
import type { CacheEvents, ReadCache } from "../cache/read-cache";
import type { DatabaseHandle } from "../db/client";
import type { LiveHub } from "../live/hub";

export type Metrics = {
  registry: Registry;
  /** What the read caches report, counted per read name. */
  cacheEvents: CacheEvents;
  /** Times every request by route, and samples the rest at each scrape. */
  observe(sources: {
    app: FastifyInstance;
    budget: ByteBudget;
    caches: ReadCache<unknown>[];
    changeFeed: ChangeFeed;
    database: DatabaseHandle;
    live: LiveHub;
  }): void;
};

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labels = (names: string[]) => ({ registers: [registry], labelNames: names });
  const hits = new Counter({ name: "bp_read_cache_hits_total", help: "Reads answered from a read cache", ...labels(["read"]) });
  const misses = new Counter({
    name: "bp_read_cache_misses_total",
    help: "Cached reads that went to the database",
    ...labels(["read"]),
  });
  const evictions = new Counter({
    name: "bp_read_cache_evictions_total",
    help: "Entries dropped for room (budget, owner share), expired, or not kept as too large (oversize)",
    ...labels(["read", "reason"]),
  });
  return {
    registry,
    cacheEvents: {
      hit: (read) => hits.inc({ read }),
      miss: (read) => misses.inc({ read }),
      evicted: (read, reason) => evictions.inc({ read, reason }),
    },
    observe({ app, budget, caches, changeFeed, database, live }) {
      const duration = new Histogram({
        name: "bp_http_request_duration_seconds",
        help: "Time to answer a request, by route",
        buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
        ...labels(["method", "route", "status_code"]),
      });
      app.addHook("onResponse", async (request, reply) => {
        duration.observe(
          { method: request.method, route: request.routeOptions.url ?? "unmatched", status_code: String(reply.statusCode) },
          reply.elapsedTime / 1000,
        );
      });
      new Gauge({
        name: "bp_read_cache_bytes",
        help: "Bytes charged to the read caches (serialized answers)",
        registers: [registry],
        collect() {
          this.set(budget.usedBytes());
        },
      });
      const perRead = (name: string, help: string, figure: "bytes" | "entries") =>
        new Gauge({
          name,
          help,
          labelNames: ["read"],
          registers: [registry],
          collect() {
            this.reset();
            for (const [read, usage] of budget.usageByRead()) this.set({ read }, usage[figure]);
          },
        });
      perRead("bp_read_cache_read_bytes", "Bytes held by each cached read", "bytes");
      perRead("bp_read_cache_read_entries", "Entries held by each cached read", "entries");
      new Gauge({
        name: "bp_read_cache_budget_bytes",
        help: "The read caches' byte budget (READ_CACHE_MB)",
        registers: [registry],
        collect() {
          this.set(budget.limitBytes);
        },
      });
      new Gauge({
        name: "bp_read_cache_entries",
        help: "Entries held by the read caches",
        registers: [registry],
        collect() {
          this.set(caches.reduce((sum, cache) => sum + cache.size(), 0));
        },
      });
      new Gauge({
        name: "bp_change_feed_up",
        help: "1 while the change feed is listening (read caches in use), 0 while it is lost (caches bypassed)",
        registers: [registry],
        collect() {
          this.set(changeFeed.state() === "listening" ? 1 : 0);
        },
      });
      new Gauge({
        name: "bp_change_feed_lag_seconds",
        help: "Round trip of the last heartbeat notice through the change feed",
        registers: [registry],
        collect() {
          const lag = changeFeed.lagMs();
          if (lag !== null) this.set(lag / 1000);
        },
      });
      new Gauge({
        name: "bp_live_streams_open",
        help: "Open live-update streams (GET /api/events)",
        registers: [registry],
        collect() {
          this.set(live.streamCount());
        },
      });
      new Gauge({
        name: "bp_db_pool_connections",
        help: "Database pool connections by state (in_use, idle, waiting: requests queued for a connection)",
        labelNames: ["state"],
        registers: [registry],
        collect() {
          const pool = database.poolStats();
          if (!pool) return;
          this.set({ state: "in_use" }, pool.total - pool.idle);
          this.set({ state: "idle" }, pool.idle);
          this.set({ state: "waiting" }, pool.waiting);
        },
      });
      const outbox = async () => {
        const result = await database.db.execute<{ depth: number; oldest: number | null }>(
          sql`select count(*)::int as depth, extract(epoch from now() - min(created_at))::float8 as oldest
              from outgoing_emails where status in ('pending', 'sending')`,
        );
        const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{
          depth: number;
          oldest: number | null;
        }>;
        return rows[0] ?? { depth: 0, oldest: null };
      };
      new Gauge({
        name: "bp_email_outbox_depth",
        help: "Emails waiting to be delivered",
        registers: [registry],
        async collect() {
          this.set(Number((await outbox()).depth));
        },
      });
      new Gauge({
        name: "bp_email_outbox_oldest_age_seconds",
        help: "Age of the oldest email waiting to be delivered (0 when none)",
        registers: [registry],
        async collect() {
          this.set(Number((await outbox()).oldest ?? 0));
        },
      });
    },
  };
}

/** Serves GET /metrics on its own port; anything else is 404. */
/** A scrape within this long of the last rendering gets that rendering again (see serveMetrics). */
export const METRICS_REUSE_MS = 1000;

/**
 * The metrics listener: METRICS_HOST (default 127.0.0.1, never HOST: HOST=0.0.0.0 published them), an optional bearer
 * token (METRICS_TOKEN), and a scrape whose cost does not grow with the number of scrapers: scrapes that arrive while
 * the metrics are being rendered share that rendering, and one rendered less than METRICS_REUSE_MS ago is served again.
 */
export async function serveMetrics(
  registry: Registry,
  options: { host: string; port: number; token: string | null; reuseMs?: number },
): Promise<Server & { url: string; renders(): number }> {
  const reuseMs = options.reuseMs ?? METRICS_REUSE_MS;
  const expected = options.token === null ? null : Buffer.from(`Bearer ${options.token}`);
  let rendering: Promise<string> | null = null;
  let last: { body: string; at: number } | null = null;
  let renders = 0;
  const render = (): Promise<string> => {
    if (last && Date.now() - last.at < reuseMs) return Promise.resolve(last.body);
    rendering ??= registry
      .metrics()
      .then((body) => {
        renders++;
        last = { body, at: Date.now() };
        return body;
      })
      .finally(() => {
        rendering = null;
      });
    return rendering;
  };
  const authorized = (header: string | undefined): boolean => {
    if (expected === null) return true;
    const given = Buffer.from(header ?? "");
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  const server = createServer((request, response) => {
    // Scrapes come every 15 s or more, after Node's 5 s keep-alive: a reused idle connection could be reset by the
    // server just as the scraper sends on it, so each answer closes its connection.
    response.setHeader("connection", "close");
    if (request.method !== "GET" || request.url?.split("?")[0] !== "/metrics") {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found\n");
      return;
    }
    if (!authorized(request.headers.authorization)) {
      response
        .writeHead(401, { "content-type": "text/plain", "www-authenticate": 'Bearer realm="metrics"' })
        .end("unauthorized\n");
      return;
    }
    render().then(
      (body) => response.writeHead(200, { "content-type": registry.contentType }).end(body),
      (error: Error) => response.writeHead(503, { "content-type": "text/plain" }).end(`metrics unavailable: ${error.message}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return Object.assign(server, { url: `http://${shownHost}:${address.port}/metrics`, renders: () => renders });
}
