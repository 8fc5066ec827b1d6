// The admin console's latency at scale, per search/filter/sort shape: percentiles of sequential requests (what one
// admin waits for) on a seeded 50,000-project database, which `npm run bench` (throughput under load on an empty
// throwaway database) does not measure. Start the server on that database first, e.g.
//   npm run seed -- --customers 5000 --projects 50000   (DATABASE_URL=...)
//   PORT=3108 DATABASE_URL=... npm run dev
//   BENCH_BASE=http://127.0.0.1:3108 BENCH_DATABASE_URL=... node --import tsx scripts/bench/admin.ts
import { createHash, randomBytes } from "node:crypto";
import pg from "pg";

const BASE = process.env.BENCH_BASE ?? "http://127.0.0.1:3108";
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);

const SCENARIOS = [
  ["stats", "/api/company/stats"],
  ["list, newest first", "/api/company/projects"],
  ["list, status filter", "/api/company/projects?status=development"],
  ["list, search name + status", "/api/company/projects?search=chen&status=development"],
  ["list, search code + package", "/api/company/projects?search=PRJ-2025-01&package=premium"],
  ["list, search project name, page 3", "/api/company/projects?search=harbor&page=3"],
  ["list, created month", "/api/company/projects?search=2025-03"],
  ["list, sort by customer", "/api/company/projects?sort=customerName&order=asc&status=testing"],
  ["user activity", "/api/company/user-activity"],
  ["charts", "/api/company/charts"],
] as const;

async function adminCookie(): Promise<string> {
  if (!DATABASE_URL) throw new Error("Set BENCH_DATABASE_URL to the seeded database the server uses");
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  const email = "bench-admin@blueprint.local";
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

async function main() {
  const cookie = await adminCookie();
  const table: Array<Record<string, string | number>> = [];
  for (const [name, path] of SCENARIOS) {
    const times: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const started = performance.now();
      const res = await fetch(`${BASE}${path}`, { headers: { cookie } });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${path}: ${res.status}`);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    table.push({
      scenario: name,
      "p50 ms": Number(percentile(times, 50).toFixed(1)),
      "p95 ms": Number(percentile(times, 95).toFixed(1)),
      "p99 ms": Number(percentile(times, 99).toFixed(1)),
    });
  }
  console.table(table);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
