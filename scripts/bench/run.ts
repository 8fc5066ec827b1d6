// npm run bench: starts the built server on a throwaway database, signs a customer in, and measures the API with autocannon.
// Database: BENCH_DATABASE_URL, else a throwaway database on the local PostgreSQL when one answers, else PGlite.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { VALID_PROFILE } from "../../tests/setup/onboarding";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const LOCAL_POSTGRES = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

type Scenario = { name: string; path: string; headers?: Record<string, string> };
type Result = {
  scenario: string;
  path: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
};

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

async function prepareDatabase(): Promise<{ url: string; label: string; cleanup(): Promise<void> }> {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, label: "given", cleanup: async () => {} };
  const admin = new pg.Client({ connectionString: LOCAL_POSTGRES, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
    const name = `bp_bench_${randomBytes(4).toString("hex")}`;
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(LOCAL_POSTGRES);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      label: "postgresql",
      async cleanup() {
        const client = new pg.Client({ connectionString: LOCAL_POSTGRES });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      },
    };
  } catch {
    const dir = mkdtempSync(path.join(tmpdir(), "bp-bench-"));
    return { url: `pglite://${dir}`, label: "pglite", cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
  }
}

async function waitForReady(base: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 120; i++) {
    if (child.exitCode !== null) throw new Error("the server exited during start-up");
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the server did not become ready");
}

async function signInDemo(base: string): Promise<string> {
  const headers = { "content-type": "application/json" };
  const email = "demo@blueprint.local";
  await fetch(`${base}/api/auth/request-code`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, name: "Bench Customer" }),
  });
  const res = await fetch(`${base}/api/auth/verify-code`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, code: "000000" }),
  });
  const cookie = res.headers.get("set-cookie")?.split(";")[0];
  if (!res.ok || !cookie) throw new Error(`sign-in failed: ${res.status}`);
  return cookie;
}

/** Gives the customer a profile (which opens their first project), so the dashboard's reads have rows to read. */
async function completeProfile(base: string, cookie: string): Promise<void> {
  const res = await fetch(`${base}/api/profile`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify(VALID_PROFILE),
  });
  if (!res.ok) throw new Error(`profile save failed: ${res.status} ${await res.text()}`);
}

async function measure(base: string, scenario: Scenario): Promise<Result> {
  const result = await autocannon({
    url: `${base}${scenario.path}`,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    headers: scenario.headers ?? {},
  });
  return {
    scenario: scenario.name,
    path: scenario.path,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

async function main(): Promise<void> {
  const database = await prepareDatabase();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "bp-bench-data-"));
  const child = spawn(process.execPath, ["dist/server/main.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      APP_URL: base,
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      SECRET_KEY: randomBytes(32).toString("hex"),
      DEMO_EMAIL: "demo@blueprint.local",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  try {
    await waitForReady(base, child);
    const cookie = await signInDemo(base);
    await completeProfile(base, cookie);
    const scenarios: Scenario[] = [
      { name: "session: GET /api/auth/user", path: "/api/auth/user", headers: { cookie } },
      { name: "ceiling: GET /readyz (select 1)", path: "/readyz" },
      { name: "dashboard: GET /api/projects", path: "/api/projects", headers: { cookie } },
      { name: "dashboard: GET /api/profile", path: "/api/profile", headers: { cookie } },
      { name: "dashboard: GET /api/dashboard/activity", path: "/api/dashboard/activity", headers: { cookie } },
      { name: "shell: GET /api/notifications", path: "/api/notifications", headers: { cookie } },
    ];
    const results: Result[] = [];
    for (const scenario of scenarios) results.push(await measure(base, scenario));
    const session = results.find((r) => r.path === "/api/auth/user");
    const ceiling = results.find((r) => r.path === "/readyz");
    const ratio = session && ceiling ? Number((session.requestsPerSecond / ceiling.requestsPerSecond).toFixed(2)) : null;

    console.log(`\nBlueprint API benchmark — ${database.label}, ${CONNECTIONS} connections, ${DURATION_SECONDS} s each\n`);
    console.table(
      results.map((r) => ({
        scenario: r.scenario,
        "req/s": r.requestsPerSecond,
        "p50 ms": r.p50Ms,
        "p99 ms": r.p99Ms,
        errors: r.errors,
        non2xx: r.non2xx,
      })),
    );
    console.log(`session / ceiling ratio: ${ratio}\n`);

    mkdirSync("bench/results", { recursive: true });
    const report = {
      at: new Date().toISOString(),
      database: database.label,
      connections: CONNECTIONS,
      durationSeconds: DURATION_SECONDS,
      results,
      sessionToCeilingRatio: ratio,
    };
    writeFileSync("bench/results/latest.json", `${JSON.stringify(report, null, 2)}\n`);
    console.log("written to bench/results/latest.json");
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
    await database.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
