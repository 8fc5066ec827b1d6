// The admin console's latency at scale on the database path alone: the built server runs with its read caches off
// (READ_CACHE_MB=0) on a seeded 50,000-project PostgreSQL database. Each shape is measured one request at a time (what
// one admin waits for: p50/p95/p99) and under 10 connections for 5 s (autocannon: req/s and p97.5). Seed first:
//   DATABASE_URL=postgres://…/bp_bench npm run seed -- --customers 5000 --projects 50000
//   node scripts/build-server.mjs
//   BENCH_DATABASE_URL=postgres://…/bp_bench node --import tsx scripts/bench/admin.ts
// BENCH_BASE=<url> measures a server already running instead (then its own READ_CACHE_MB applies).
// BENCH_ONLY=search measures only the shapes whose name contains that word; BENCH_READ_CACHE_MB=64 runs the server with
// its read caches on (default 0: off).
import { createHash, randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import autocannon from "autocannon";
import pg from "pg";
import { envNumber } from "../lib/env-number";
import { startMeasuredServer } from "./measured-server";

const DATABASE_URL = process.env.BENCH_DATABASE_URL;
const SAMPLES = envNumber("BENCH_SAMPLES", 200);
const CONNECTIONS = envNumber("BENCH_CONNECTIONS", 10);
const DURATION_SECONDS = envNumber("BENCH_DURATION", 5);
/** The bound for these shapes under 10 connections with the caches off. */
const P97_5_TARGET_MS = 50;
const ADMIN_EMAIL = "bench-admin@blueprint.local";
const READ_CACHE_MB = process.env.BENCH_READ_CACHE_MB ?? "0";

const SCENARIOS = [
  ["stats", "/api/company/stats"],
  ["list, newest first", "/api/company/projects"],
  ["list, status filter", "/api/company/projects?status=development"],
  ["list, search name + status", "/api/company/projects?search=chen&status=development"],
  ["list, search name without its accent + status", "/api/company/projects?search=garcia&status=development"],
  ["list, search code by its number", "/api/company/projects?search=0002"],
  ["list, status filter, page 200", "/api/company/projects?status=development&page=200"],
  ["list, last page", "/api/company/projects?page=2000"],
  ["list, search code + package", "/api/company/projects?search=PRJ-2025-01&package=premium"],
  ["list, search project name, page 3", "/api/company/projects?search=harbor&page=3"],
  ["list, created month", "/api/company/projects?search=2025-03"],
  ["list, sort by customer", "/api/company/projects?sort=customerName&order=asc&status=testing"],
  ["user activity", "/api/company/user-activity"],
  ["charts", "/api/company/charts"],
] as const satisfies ReadonlyArray<readonly [string, string]>;

async function adminCookie(): Promise<string> {
  if (!DATABASE_URL) throw new Error("Set BENCH_DATABASE_URL to the seeded database the server uses");
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  const email = ADMIN_EMAIL;
  const { rows } = await client.query(
    `insert into users (email, name, role) values ($1, 'Bench Admin', 'company')
     on conflict ((lower(email))) do update set role = 'company' returning id`,
    [email],
  );
  const token = randomBytes(32).toString("base64url");
  await client.query(
    "insert into sessions (id, user_id, expires_at, idle_seconds) values ($1, $2, now() + interval '1 hour', 3600)",
    [createHash("sha256").update(token).digest("hex"), rows[0].id],
  );
  await client.end();
  return `bp_session=${token}`;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** The shapes the issue bounds at p97.5 ≤ 50 ms under 10 connections. */
const UNDER_LOAD = new Set([
  "stats",
  "list, newest first",
  "list, search name + status",
  "list, search name without its accent + status",
  "list, search code by its number",
  "list, status filter, page 200",
]);

async function sequential(base: string, path: string, cookie: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    const res = await fetch(`${base}${path}`, { headers: { cookie } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

async function underLoad(base: string, path: string, cookie: string) {
  const result = await autocannon({
    url: `${base}${path}`,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    headers: { cookie },
  });
  if (result.errors || result.non2xx) throw new Error(`${path}: ${result.errors} errors, ${result.non2xx} non-2xx`);
  return { requestsPerSecond: Math.round(result.requests.average), p50Ms: result.latency.p50, p97_5Ms: result.latency.p97_5 };
}

async function main() {
  if (!DATABASE_URL) throw new Error("Set BENCH_DATABASE_URL to the seeded database");
  const server = process.env.BENCH_BASE
    ? null
    : await startMeasuredServer({ databaseUrl: DATABASE_URL, env: { READ_CACHE_MB, ADMIN_EMAILS: ADMIN_EMAIL } });
  const base = process.env.BENCH_BASE ?? server?.base ?? "";
  try {
    const cookie = await adminCookie();
    const table: Array<Record<string, string | number>> = [];
    const only = process.env.BENCH_ONLY;
    for (const [name, path] of SCENARIOS) {
      if (only && !name.includes(only)) continue;
      const times = await sequential(base, path, cookie);
      const row: Record<string, string | number> = {
        scenario: name,
        "p50 ms": Number(percentile(times, 50).toFixed(1)),
        "p95 ms": Number(percentile(times, 95).toFixed(1)),
        "p99 ms": Number(percentile(times, 99).toFixed(1)),
      };
      if (UNDER_LOAD.has(name)) {
        const loaded = await underLoad(base, path, cookie);
        row[`${CONNECTIONS} conn req/s`] = loaded.requestsPerSecond;
        row[`${CONNECTIONS} conn p97.5 ms`] = loaded.p97_5Ms;
        row.target = loaded.p97_5Ms <= P97_5_TARGET_MS ? "met" : "MISSED";
        row.total = ((await (await fetch(`${base}${path}`, { headers: { cookie } })).json()) as { total?: number }).total ?? "";
      }
      table.push(row);
    }
    console.table(table);
    writeFileSync(
      "bench/results/admin.json",
      `${JSON.stringify({ measuredAt: new Date().toISOString(), cachesOff: !process.env.BENCH_BASE && READ_CACHE_MB === "0", table }, null, 2)}\n`,
    );
  } finally {
    await server?.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
