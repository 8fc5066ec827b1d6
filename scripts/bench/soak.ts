// npm run bench:soak: the built server under a moderate, steady, mixed load for SOAK_MINUTES (10) over loopback, its
// memory sampled every 30 s, to show whether it grows. A throwaway PostgreSQL database is seeded at a small scale; a
// bounded number of clients (one connection each, at a fixed total rate) cycle through the main customer reads, some
// admin reads and two writes that are safe to repeat (mark a thread read, mark notifications read).
// Results: bench/results/soak.json.
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import autocannon from "autocannon";
import pg from "pg";
import { seedDatabase, sessionFor, throwawayDatabase } from "../lib/bench-database";
import { envNumber } from "../lib/env-number";
import { percentile } from "../lib/percentile";
import { cpuMs, machineDescription, openFileCount, rssMb } from "../lib/process-stats";
import { type HeapSample, type MeasuredServer, startMeasuredServer } from "./measured-server";

const MINUTES = envNumber("SOAK_MINUTES", 10);
/** Requests per second over all clients together. */
const RATE = envNumber("SOAK_RATE", 150);
const CONNECTIONS = envNumber("SOAK_CONNECTIONS", 10);
const PROJECTS = envNumber("SOAK_PROJECTS", 5_000);
const CUSTOMERS = envNumber("SOAK_CUSTOMERS", 500);
const SAMPLE_SECONDS = 30;
const ADMIN_EMAIL = "soak.admin@blueprint.local";
/** Memory growth from minute 5 to the end below this (MB or share) is read as flat: RSS moves by a few MB as V8 sizes its heap. */
const FLAT_TOLERANCE = { mb: 5, share: 0.03 };

type Request = { method: "GET" | "POST"; path: string; headers: Record<string, string> };
type Client = { name: string; kind: "customer" | "admin"; requests: Request[] };
type Sample = {
  atSeconds: number;
  rssMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  /** Heap used after a full collection (taken once a minute): what is really held. */
  liveHeapMb?: number;
  cpuPercent: number;
  openFiles: number;
};
type MinuteStats = { minute: number; requests: number; failures: number; p50Ms: number; p99Ms: number };

function customerRequests(cookie: string, base: string, projectId: string, threadId: string): Request[] {
  const get = (path: string): Request => ({ method: "GET", path, headers: { cookie } });
  const post = (path: string): Request => ({ method: "POST", path, headers: { cookie, origin: base } });
  return [
    get("/api/auth/user"),
    get("/api/projects"),
    get("/api/profile"),
    get("/api/dashboard/activity"),
    get("/api/notifications"),
    get(`/api/projects/${projectId}/requirements`),
    get(`/api/projects/${projectId}/feedback`),
    get(`/api/projects/${projectId}/communications`),
    post(`/api/projects/${projectId}/communications/${threadId}/read`),
    get(`/api/projects/${projectId}/meeting-requests`),
    get("/api/meeting-requests/stats"),
    post("/api/notifications/read-all"),
  ];
}

function adminRequests(cookie: string, page: number): Request[] {
  const get = (path: string): Request => ({ method: "GET", path, headers: { cookie } });
  return [
    get("/api/company/stats"),
    get("/api/company/projects"),
    get("/api/company/projects?search=chen&status=development&page=1"),
    get(`/api/company/projects?status=development&page=${page}`),
    get("/api/company/user-activity"),
    get("/api/company/communications"),
    get("/api/company/meeting-requests"),
    get("/api/company/feedback"),
    get("/api/auth/user"),
  ];
}

/** Customers that own a project with a thread, with sessions; and admins (the same admin user, one session each). */
async function prepareClients(databaseUrl: string, base: string): Promise<Client[]> {
  const admins = Math.max(1, Math.round(CONNECTIONS / 5));
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query(`insert into users (email, name, role) values ($1, 'Soak Admin', 'company') on conflict do nothing`, [
      ADMIN_EMAIL,
    ]);
    const { rows } = await db.query<{ email: string; project_id: string; thread_id: string }>(
      `select distinct on (u.id) u.email, p.id as project_id, c.id as thread_id
       from users u join projects p on p.user_id = u.id join communications c on c.project_id = p.id
       where u.email like 'customer%@seed.example'
       order by u.id, p.created_at desc, c.created_at desc
       limit $1`,
      [CONNECTIONS - admins],
    );
    if (rows.length < CONNECTIONS - admins) throw new Error(`the seed has only ${rows.length} customers with a thread`);
    const clients: Client[] = [];
    for (const row of rows) {
      const cookie = await sessionFor(db, row.email);
      clients.push({
        name: row.email,
        kind: "customer",
        requests: customerRequests(cookie, base, row.project_id, row.thread_id),
      });
    }
    for (let i = 0; i < admins; i++) {
      const cookie = await sessionFor(db, ADMIN_EMAIL);
      clients.push({ name: `${ADMIN_EMAIL} #${i + 1}`, kind: "admin", requests: adminRequests(cookie, 5 + i * 10) });
    }
    return clients;
  } finally {
    await db.end();
  }
}

/** Every request once, in order: a route that fails here would fail for the whole soak. */
async function preflight(base: string, clients: Client[]): Promise<void> {
  for (const client of clients) {
    for (const request of client.requests) {
      const response = await fetch(base + request.path, { method: request.method, headers: request.headers });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${request.method} ${request.path} (${client.name}): ${response.status}`);
    }
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const round1 = (value: number) => Math.round(value * 10) / 10;

/** The load: one autocannon instance per client (one connection each), per-minute latencies from its responses. */
async function runLoad(base: string, clients: Client[], seconds: number) {
  const started = performance.now();
  // The last responses arrive just after the duration: they count in the last minute.
  const minutes = Array.from({ length: Math.ceil(seconds / 60) }, () => ({ latencies: [] as number[], failures: 0 }));
  const bucket = () => minutes[Math.min(minutes.length - 1, Math.floor((performance.now() - started) / 60_000))];
  const byKind: Record<Client["kind"], number[]> = { customer: [], admin: [] };
  const results = await Promise.all(
    clients.map(
      (client) =>
        new Promise<autocannon.Result>((resolve, reject) => {
          const instance = autocannon(
            { url: base, connections: 1, overallRate: RATE / clients.length, duration: seconds, requests: client.requests },
            (error, result) => (error ? reject(error) : resolve(result)),
          );
          instance.on("response", (_client, statusCode, _bytes, responseTime) => {
            const current = bucket();
            if (!current) return;
            current.latencies.push(responseTime);
            byKind[client.kind].push(responseTime);
            if (statusCode < 200 || statusCode >= 300) current.failures++;
          });
          instance.on("reqError", () => {
            const current = bucket();
            if (current) current.failures++;
          });
        }),
    ),
  );
  const perMinute: MinuteStats[] = minutes
    .map((m, index) => {
      const sorted = m.latencies.sort((a, b) => a - b);
      return {
        minute: index + 1,
        requests: sorted.length,
        failures: m.failures,
        p50Ms: round1(percentile(sorted, 50)),
        p99Ms: round1(percentile(sorted, 99)),
      };
    })
    .filter((m) => m.requests > 0 || m.failures > 0);
  const all = minutes.flatMap((m) => m.latencies).sort((a, b) => a - b);
  return {
    requests: results.reduce((sum, r) => sum + r.requests.total, 0),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    timeouts: results.reduce((sum, r) => sum + r.timeouts, 0),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    requestsPerSecond: round1(results.reduce((sum, r) => sum + r.requests.total, 0) / seconds),
    p50Ms: round1(percentile(all, 50)),
    p99Ms: round1(percentile(all, 99)),
    maxMs: round1(all.at(-1) ?? 0),
    byKind: Object.fromEntries(
      Object.entries(byKind).map(([kind, latencies]) => {
        const sorted = latencies.sort((a, b) => a - b);
        return [kind, { requests: sorted.length, p50Ms: round1(percentile(sorted, 50)), p99Ms: round1(percentile(sorted, 99)) }];
      }),
    ),
    perMinute,
  };
}

/** Samples the server every 30 s until `until` (performance.now() time); a full-collection heap reading once a minute. */
async function sampleMemory(server: MeasuredServer, started: number, until: number, samples: Sample[]): Promise<void> {
  let lastCpu = await cpuMs(server.pid);
  let lastAt = performance.now();
  for (let k = 1; started + k * SAMPLE_SECONDS * 1000 <= until + 1; k++) {
    await sleep(started + k * SAMPLE_SECONDS * 1000 - performance.now());
    const atSeconds = k * SAMPLE_SECONDS;
    const rss = await rssMb(server.pid);
    const heap: HeapSample = await server.memory();
    const cpu = await cpuMs(server.pid);
    const now = performance.now();
    const sample: Sample = {
      atSeconds,
      rssMb: rss,
      heapUsedMb: heap.heapUsedMb,
      heapTotalMb: heap.heapTotalMb,
      cpuPercent: Math.round(((cpu - lastCpu) / (now - lastAt)) * 100),
      openFiles: await openFileCount(server.pid),
    };
    if (atSeconds % 60 === 0) sample.liveHeapMb = (await server.memory({ collect: true })).heapUsedMb;
    lastCpu = cpu;
    lastAt = now;
    samples.push(sample);
    console.log(
      `  ${String(atSeconds).padStart(4)} s: RSS ${sample.rssMb} MB, heap ${sample.heapUsedMb}/${sample.heapTotalMb} MB` +
        `${sample.liveHeapMb === undefined ? "" : ` (live ${sample.liveHeapMb} MB)`}, CPU ${sample.cpuPercent} %, ${sample.openFiles} fds`,
    );
  }
}

/** Least-squares slope (per minute) of value over time, from the samples at or after `fromSeconds`. */
function slopePerMinute(samples: Sample[], fromSeconds: number, value: (s: Sample) => number | undefined): number {
  const points = samples
    .filter((s) => s.atSeconds >= fromSeconds && value(s) !== undefined)
    .map((s) => [s.atSeconds / 60, value(s) ?? 0] as const);
  if (points.length < 2) return 0;
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / points.length;
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / points.length;
  const numerator = points.reduce((sum, [x, y]) => sum + (x - meanX) * (y - meanY), 0);
  const denominator = points.reduce((sum, [x]) => sum + (x - meanX) ** 2, 0);
  return Math.round((numerator / denominator) * 100) / 100;
}

function growth(from: number | undefined, to: number | undefined) {
  if (from === undefined || to === undefined) return { mb: null, percent: null, flat: null };
  const mb = round1(to - from);
  return {
    mb,
    percent: round1((mb / from) * 100),
    flat: mb <= Math.max(FLAT_TOLERANCE.mb, from * FLAT_TOLERANCE.share),
  };
}

async function main(): Promise<void> {
  const loadBefore = loadavg().map(round1);
  const database = await throwawayDatabase();
  let server: MeasuredServer | undefined;
  try {
    console.log(`seeding ${PROJECTS} projects / ${CUSTOMERS} customers`);
    const seedSeconds = await seedDatabase(database.url, { customers: CUSTOMERS, projects: PROJECTS });
    server = await startMeasuredServer({
      databaseUrl: database.url,
      env: { ADMIN_EMAILS: ADMIN_EMAIL, DEMO_EMAIL: "demo@blueprint.local" },
    });
    const readyMs = server.readyMs;
    const clients = await prepareClients(database.url, server.base);
    await preflight(server.base, clients);
    await sleep(2_000);
    const atStart = { rssMb: await rssMb(server.pid), liveHeapMb: (await server.memory({ collect: true })).heapUsedMb };
    console.log(
      `soak: ${MINUTES} min at ${RATE} req/s over ${clients.length} connections; server ready in ${readyMs} ms, ` +
        `RSS ${atStart.rssMb} MB, live heap ${atStart.liveHeapMb} MB`,
    );

    const seconds = MINUTES * 60;
    const samples: Sample[] = [];
    const started = performance.now();
    const [load] = await Promise.all([
      runLoad(server.base, clients, seconds),
      sampleMemory(server, started, started + seconds * 1000, samples),
    ]);
    const cpuDuringLoad = Math.round(samples.reduce((sum, s) => sum + s.cpuPercent, 0) / Math.max(1, samples.length));
    const loadAfter = loadavg().map(round1);

    // Idle afterwards: what the server keeps once the load has gone.
    await sleep(30_000);
    const afterIdle = { rssMb: await rssMb(server.pid), liveHeapMb: (await server.memory({ collect: true })).heapUsedMb };
    const stopped = await server.stop();
    server = undefined;

    const at = (minute: number) => samples.find((s) => s.atSeconds === minute * 60);
    const midpoint = Math.min(5, Math.floor(MINUTES / 2));
    const report = {
      at: new Date().toISOString(),
      machine: machineDescription(),
      loadAverage: { before: loadBefore, atEnd: loadAfter },
      database: "postgresql",
      projects: PROJECTS,
      customers: CUSTOMERS,
      seedSeconds,
      minutes: MINUTES,
      targetRequestsPerSecond: RATE,
      connections: clients.length,
      clients: clients.map((c) => ({ name: c.name, kind: c.kind, requests: c.requests.map((r) => `${r.method} ${r.path}`) })),
      serverReadyMs: readyMs,
      atStart,
      rssMb: { minute1: at(1)?.rssMb, [`minute${midpoint}`]: at(midpoint)?.rssMb, [`minute${MINUTES}`]: at(MINUTES)?.rssMb },
      liveHeapMb: {
        minute1: at(1)?.liveHeapMb,
        [`minute${midpoint}`]: at(midpoint)?.liveHeapMb,
        [`minute${MINUTES}`]: at(MINUTES)?.liveHeapMb,
      },
      growthFromMidpoint: {
        fromMinute: midpoint,
        toMinute: MINUTES,
        rss: growth(at(midpoint)?.rssMb, at(MINUTES)?.rssMb),
        liveHeap: growth(at(midpoint)?.liveHeapMb, at(MINUTES)?.liveHeapMb),
        rssSlopeMbPerMinute: slopePerMinute(samples, midpoint * 60, (s) => s.rssMb),
        liveHeapSlopeMbPerMinute: slopePerMinute(samples, midpoint * 60, (s) => s.liveHeapMb),
      },
      afterIdle30s: afterIdle,
      serverCpuPercentDuringLoad: cpuDuringLoad,
      load,
      shutdown: stopped,
      samples,
    };

    console.log(
      `\nBlueprint soak — ${MINUTES} min, ${load.requestsPerSecond} req/s achieved (target ${RATE}), ${clients.length} connections`,
    );
    console.table(
      samples.map((s) => ({
        s: s.atSeconds,
        "RSS MB": s.rssMb,
        "heap MB": s.heapUsedMb,
        "live heap MB": s.liveHeapMb ?? "",
        "CPU %": s.cpuPercent,
        fds: s.openFiles,
      })),
    );
    console.table(load.perMinute);
    console.log(
      `RSS: start ${atStart.rssMb} MB, minute 1 ${at(1)?.rssMb}, minute ${midpoint} ${at(midpoint)?.rssMb}, minute ${MINUTES} ` +
        `${at(MINUTES)?.rssMb}; growth ${report.growthFromMidpoint.rss.mb} MB (${report.growthFromMidpoint.rss.percent} %), ` +
        `slope ${report.growthFromMidpoint.rssSlopeMbPerMinute} MB/min; after 30 s idle ${afterIdle.rssMb} MB`,
    );
    console.log(
      `live heap: start ${atStart.liveHeapMb} MB, minute ${midpoint} ${at(midpoint)?.liveHeapMb}, minute ${MINUTES} ` +
        `${at(MINUTES)?.liveHeapMb}; growth ${report.growthFromMidpoint.liveHeap.mb} MB; after 30 s idle ${afterIdle.liveHeapMb} MB`,
    );
    console.log(
      `requests ${load.requests}, errors ${load.errors}, timeouts ${load.timeouts}, non-2xx ${load.non2xx}, ` +
        `p50 ${load.p50Ms} ms, p99 ${load.p99Ms} ms (customers ${load.byKind.customer?.p50Ms}/${load.byKind.customer?.p99Ms}, ` +
        `admin ${load.byKind.admin?.p50Ms}/${load.byKind.admin?.p99Ms}), server CPU ${cpuDuringLoad} %, load average ${loadBefore.join(" ")} → ${loadAfter.join(" ")}`,
    );
    mkdirSync("bench/results", { recursive: true });
    writeFileSync("bench/results/soak.json", `${JSON.stringify(report, null, 2)}\n`);
    console.log("written to bench/results/soak.json");
    if (load.errors + load.timeouts + load.non2xx > 0) process.exitCode = 1;
  } finally {
    if (server) await server.stop();
    await database.cleanup();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
