// npm run bench: seeds a throwaway database at scale, starts the built server, and measures every main route with
// autocannon, each run right after a run of the ceiling (GET /readyz: one round trip through the same pool), so a
// route's ratio to the ceiling is read under the same machine load. Also: the sign-in flow, the server's memory, and
// 1 vs 2 processes behind nginx. Database: BENCH_DATABASE_URL, else a throwaway database on the local PostgreSQL.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { freePort } from "../../tests/setup/free-port";
import { codeIn, startSmtpServer, type TestSmtpServer } from "../../tests/setup/smtp";
import { seedDatabase, sessionFor, throwawayDatabase } from "../lib/bench-database";
import { waitForReady } from "../lib/built-server";
import { startCluster } from "../lib/cluster";
import { envNumber } from "../lib/env-number";
import { machineDescription, rssMb } from "../lib/process-stats";
import { signInThroughApi } from "../lib/sign-in";

const CONNECTIONS = envNumber("BENCH_CONNECTIONS", 50);
const DURATION_SECONDS = envNumber("BENCH_DURATION", 5);
const PROJECTS = envNumber("BENCH_PROJECTS", 50_000);
const CUSTOMERS = envNumber("BENCH_CUSTOMERS", 5_000);
const ADMIN_EMAIL = "bench.admin@blueprint.local";

type Scenario = { name: string; path: string; cookie?: string; kind: "customer" | "admin" | "session" };
type Run = { requestsPerSecond: number; p50Ms: number; p95Ms: number; p99Ms: number; errors: number; non2xx: number };
type Result = Run & {
  scenario: string;
  path: string;
  kind: string;
  ceilingRequestsPerSecond: number;
  ratio: number;
  /** One request right after a change that drops the route's cached answer: what the first reader after a write waits. */
  afterChange: { p50Ms: number; maxMs: number };
};

async function measure(url: string, cookie?: string, connections = CONNECTIONS): Promise<Run> {
  const result = await autocannon({
    url,
    connections,
    duration: DURATION_SECONDS,
    headers: cookie ? { cookie } : {},
  });
  const latency = result.latency as typeof result.latency & { p95?: number; p97_5: number };
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p95Ms: latency.p95 ?? latency.p97_5,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/**
 * The whole sign-in as a new user does it, `flows` times one after another (each a new address and browser): request a
 * code, receive the email (the bench's SMTP server), verify. A failed flow stops the bench.
 */
async function measureSignIn(
  base: string,
  smtp: TestSmtpServer,
  flows: number,
): Promise<{ flowsPerSecond: number; p50Ms: number }> {
  const durations: number[] = [];
  for (let i = 0; i < flows; i++) {
    const email = `signin${i}.${Date.now()}@bench.example`;
    const started = performance.now();
    await signInThroughApi(base, email, async () => codeIn((await smtp.waitFor((mail) => mail.to === email, 30_000)).text));
    durations.push(performance.now() - started);
  }
  durations.sort((a, b) => a - b);
  const total = durations.reduce((sum, value) => sum + value, 0);
  return {
    flowsPerSecond: Math.round((flows / total) * 1000 * 10) / 10,
    p50Ms: Math.round(durations[Math.floor(durations.length / 2)] ?? 0),
  };
}

type StartFigures = { firstAnswerMs: number; rssMb: number };

/**
 * The built server on a new embedded database, then again on the data folder the first start made (what `npm start`
 * does every later time): time to the first answer and memory once started, each time.
 */
async function measureEmbeddedStart(env: Record<string, string>): Promise<StartFigures & { secondStart: StartFigures }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bp-bench-embedded-"));
  const { DATABASE_URL: _postgres, ...embeddedEnv } = env;
  const start = async (): Promise<StartFigures> => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const started = performance.now();
    const server = spawn(process.execPath, ["dist/server/main.js"], {
      env: { ...process.env, ...embeddedEnv, DATA_DIR: dataDir, PORT: String(port), APP_URL: base },
      stdio: ["ignore", "inherit", "inherit"],
    });
    try {
      await waitForReady(base, server);
      const firstAnswerMs = Math.round(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      return { firstAnswerMs, rssMb: await rssMb(server.pid) };
    } finally {
      server.kill("SIGTERM");
      await new Promise((resolve) => server.once("exit", resolve));
    }
  };
  try {
    const first = await start();
    return { ...first, secondStart: await start() };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Writes that touch every row the measured reads come from (the customer, the admin, the customer's projects and
 * timeline), so the change triggers drop the cached session, access and answers: the next request reads the database.
 */
const DROP_CACHED_ANSWERS = `
  update users set name = name where email in ('customer1@seed.example', '${ADMIN_EMAIL}');
  update projects set updated_at = updated_at where user_id = (select id from users where email = 'customer1@seed.example');
  update activity_events set read_at = read_at
   where id = (select id from activity_events where user_id = (select id from users where email = 'customer1@seed.example') limit 1);`;

/** One request at a time, each right after `change` (and time for its notices to arrive): the cache-miss latency. */
async function measureAfterChange(url: string, cookie: string | undefined, change: () => Promise<unknown>, rounds = 15) {
  const durations: number[] = [];
  for (let i = 0; i < rounds; i++) {
    await change();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const started = performance.now();
    const response = await fetch(url, { headers: cookie ? { cookie } : {} });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status} after a change`);
    durations.push(performance.now() - started);
  }
  durations.sort((a, b) => a - b);
  const round1 = (ms: number) => Math.round(ms * 10) / 10;
  return { p50Ms: round1(durations[Math.floor(rounds / 2)] ?? 0), maxMs: round1(durations.at(-1) ?? 0) };
}

type MixedResult = {
  scenario: string;
  readRequestsPerSecond: number;
  ceilingRequestsPerSecond: number;
  ratio: number;
  p99Ms: number;
  writeRequestsPerSecond: number;
  writeP50Ms: number;
  writeP99Ms: number;
  errors: number;
};

/** Of every 10 requests on each connection, this many are writes. */
const WRITES_IN_TEN = 1;

/**
 * A read route measured while writes flow: on all CONNECTIONS, every tenth request posts a message to the customer's
 * project (dropping cached answers: the project's threads, the bell, the console's views, and waiting for its own change
 * notices), the others read the route. Write latency is timed by one more client posting one message at a time.
 */
async function measureMixed(base: string, scenario: Scenario, write: { path: string; cookie: string }): Promise<MixedResult> {
  const ceiling = await measure(`${base}/readyz`);
  const read = { method: "GET" as const, path: scenario.path, headers: scenario.cookie ? { cookie: scenario.cookie } : {} };
  const body = JSON.stringify({ type: "message", subject: "Bench write", content: "A message posted while the reads run." });
  const post = {
    method: "POST" as const,
    path: write.path,
    headers: { cookie: write.cookie, "content-type": "application/json", origin: base },
    body,
  };
  let probing = true;
  const writeDurations: number[] = [];
  const probe = (async () => {
    while (probing) {
      const started = performance.now();
      const response = await fetch(base + write.path, { method: "POST", headers: post.headers, body });
      await response.arrayBuffer();
      if (response.status === 201) writeDurations.push(performance.now() - started);
    }
  })();
  const mixed = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    requests: [...Array.from({ length: 10 - WRITES_IN_TEN }, () => read), ...Array.from({ length: WRITES_IN_TEN }, () => post)],
  });
  probing = false;
  await probe;
  writeDurations.sort((x, y) => x - y);
  const at = (q: number) =>
    Math.round(writeDurations[Math.min(writeDurations.length - 1, Math.floor(q * writeDurations.length))] ?? 0);
  const total = mixed.requests.average;
  const reads = Math.round((total * (10 - WRITES_IN_TEN)) / 10);
  return {
    scenario: scenario.name,
    readRequestsPerSecond: reads,
    ceilingRequestsPerSecond: ceiling.requestsPerSecond,
    ratio: Number((reads / Math.max(1, ceiling.requestsPerSecond)).toFixed(2)),
    p99Ms: mixed.latency.p99,
    writeRequestsPerSecond: Math.round((total * WRITES_IN_TEN) / 10),
    writeP50Ms: at(0.5),
    writeP99Ms: at(0.99),
    errors: mixed.errors + mixed.non2xx,
  };
}

async function main(): Promise<void> {
  const database = await throwawayDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), "bp-bench-data-"));
  // The server's emails (the sign-in codes the sign-in flow reads) go to an SMTP server in this process.
  const smtp = await startSmtpServer();
  const serverEnv = {
    NODE_ENV: "production",
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    SECRET_KEY: randomBytes(32).toString("hex"),
    SMTP_URL: smtp.url,
    DEMO_EMAIL: "demo@blueprint.local",
    ADMIN_EMAILS: ADMIN_EMAIL,
    LOG_LEVEL: "warn",
  };
  let child: ChildProcess | undefined;
  try {
    const embedded = await measureEmbeddedStart(serverEnv);
    const seedSeconds = await seedDatabase(database.url, { customers: CUSTOMERS, projects: PROJECTS });

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query(`insert into users (email, name, role) values ($1, 'Bench Admin', 'company') on conflict do nothing`, [
      ADMIN_EMAIL,
    ]);
    const customerCookie = await sessionFor(client, "customer1@seed.example");
    const adminCookie = await sessionFor(client, ADMIN_EMAIL);
    const { rows } = await client.query<{ id: string }>(
      `select p.id from projects p join users u on u.id = p.user_id where u.email = 'customer1@seed.example'
       order by (p.status in ('testing', 'completed')) desc, p.created_at desc limit 1`,
    );
    const projectId = rows[0]?.id;
    if (!projectId) throw new Error("the seed made no project for customer1@seed.example");

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const started = performance.now();
    child = spawn(process.execPath, ["dist/server/main.js"], {
      env: { ...process.env, ...serverEnv, PORT: String(port), APP_URL: base },
      stdio: ["ignore", "inherit", "inherit"],
    });
    await waitForReady(base, child);
    const firstAnswerMs = Math.round(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const rssAfterStart = await rssMb(child.pid);

    const scenarios: Scenario[] = [
      { kind: "session", name: "session check", path: "/api/auth/user", cookie: customerCookie },
      { kind: "customer", name: "customer project list", path: "/api/projects", cookie: customerCookie },
      { kind: "customer", name: "dashboard: profile", path: "/api/profile", cookie: customerCookie },
      { kind: "customer", name: "dashboard: activity", path: "/api/dashboard/activity", cookie: customerCookie },
      { kind: "customer", name: "shell: notifications", path: "/api/notifications", cookie: customerCookie },
      { kind: "customer", name: "requirements", path: `/api/projects/${projectId}/requirements`, cookie: customerCookie },
      { kind: "customer", name: "feedback list", path: `/api/projects/${projectId}/feedback`, cookie: customerCookie },
      { kind: "customer", name: "communications", path: `/api/projects/${projectId}/communications`, cookie: customerCookie },
      { kind: "customer", name: "meeting requests", path: `/api/projects/${projectId}/meeting-requests`, cookie: customerCookie },
      { kind: "customer", name: "meeting request stats", path: "/api/meeting-requests/stats", cookie: customerCookie },
      {
        kind: "admin",
        name: "admin projects: search + filter, page 1",
        path: "/api/company/projects?search=chen&status=development&page=1",
        cookie: adminCookie,
      },
      {
        kind: "admin",
        name: "admin projects: filter, deep page",
        path: "/api/company/projects?status=development&page=200",
        cookie: adminCookie,
      },
      { kind: "admin", name: "admin stats", path: "/api/company/stats", cookie: adminCookie },
      { kind: "admin", name: "admin user activity", path: "/api/company/user-activity", cookie: adminCookie },
    ];

    const results: Result[] = [];
    for (const scenario of scenarios) {
      const ceiling = await measure(`${base}/readyz`);
      const measured = await measure(base + scenario.path, scenario.cookie);
      const afterChange = await measureAfterChange(base + scenario.path, scenario.cookie, () =>
        client.query(DROP_CACHED_ANSWERS),
      );
      results.push({
        afterChange,
        scenario: scenario.name,
        path: scenario.path,
        kind: scenario.kind,
        ...measured,
        ceilingRequestsPerSecond: ceiling.requestsPerSecond,
        ratio: Number((measured.requestsPerSecond / Math.max(1, ceiling.requestsPerSecond)).toFixed(2)),
      });
      console.log(`  ${scenario.name}: ${measured.requestsPerSecond} req/s (ceiling ${ceiling.requestsPerSecond})`);
    }
    // Before the writes below fill the outbox with notification emails, which the sign-in codes would queue behind.
    const signIn = await measureSignIn(base, smtp, 10);
    // Reads while writes flow (every tenth request posts a message to the customer's project).
    const mixed: MixedResult[] = [];
    const writeTarget = { path: `/api/projects/${projectId}/communications`, cookie: customerCookie };
    for (const scenario of scenarios.filter((s) => s.kind !== "admin")) {
      const result = await measureMixed(base, scenario, writeTarget);
      mixed.push(result);
      console.log(
        `  mixed, ${scenario.name}: ${result.readRequestsPerSecond} req/s with ${result.writeRequestsPerSecond} writes/s`,
      );
    }

    const rssAfterBench = await rssMb(child.pid);
    await client.end();
    child.kill("SIGTERM");
    await new Promise((resolve) => child?.once("exit", resolve));
    child = undefined;

    // 1 vs 2 processes through nginx, on the same database, the customer project list.
    const throughNginx: Array<{ processes: number; requestsPerSecond: number; p99Ms: number }> = [];
    for (const processes of [1, 2]) {
      const cluster = await startCluster({ databaseUrl: database.url, processes, env: serverEnv, log: "inherit" });
      try {
        const measured = await measure(`${cluster.url}/api/projects`, customerCookie);
        throughNginx.push({ processes, requestsPerSecond: measured.requestsPerSecond, p99Ms: measured.p99Ms });
      } finally {
        await cluster.close();
      }
    }

    console.log(
      `\nBlueprint API benchmark — PostgreSQL, ${PROJECTS} projects / ${CUSTOMERS} customers, ${CONNECTIONS} connections, ${DURATION_SECONDS} s each\n`,
    );
    console.table(
      results.map((r) => ({
        route: r.scenario,
        "req/s": r.requestsPerSecond,
        "p50 ms": r.p50Ms,
        "p95 ms": r.p95Ms,
        "p99 ms": r.p99Ms,
        ceiling: r.ceilingRequestsPerSecond,
        ratio: r.ratio,
        "after a change p50 ms": r.afterChange.p50Ms,
        errors: r.errors + r.non2xx,
      })),
    );
    console.log(
      `\nReads while writes flow: ${CONNECTIONS} connections, ${WRITES_IN_TEN} request in 10 a write (POST a message)\n`,
    );
    console.table(
      mixed.map((m) => ({
        route: m.scenario,
        "reads/s": m.readRequestsPerSecond,
        "p99 ms (all)": m.p99Ms,
        ceiling: m.ceilingRequestsPerSecond,
        ratio: m.ratio,
        "writes/s": m.writeRequestsPerSecond,
        "write p50 ms": m.writeP50Ms,
        "write p99 ms": m.writeP99Ms,
        errors: m.errors,
      })),
    );
    console.log(`sign-in flow (request, email, verify; new users): ${signIn.flowsPerSecond} flows/s, p50 ${signIn.p50Ms} ms`);
    console.log(
      `PostgreSQL: first answer ${firstAnswerMs} ms after start, RSS ${rssAfterStart} MB after start, ${rssAfterBench} MB after the bench`,
    );
    console.log(
      `embedded (PGlite): new data folder: first answer ${embedded.firstAnswerMs} ms after start, RSS ${embedded.rssMb} MB; ` +
        `existing folder: ${embedded.secondStart.firstAnswerMs} ms, RSS ${embedded.secondStart.rssMb} MB`,
    );
    console.log(`seed of ${PROJECTS} projects: ${seedSeconds} s`);
    console.table(throughNginx);

    mkdirSync("bench/results", { recursive: true });
    const report = {
      at: new Date().toISOString(),
      machine: machineDescription(),
      database: "postgresql",
      projects: PROJECTS,
      customers: CUSTOMERS,
      connections: CONNECTIONS,
      durationSeconds: DURATION_SECONDS,
      seedSeconds,
      postgres: { firstAnswerMs, rssAfterStartMb: rssAfterStart, rssAfterBenchMb: rssAfterBench },
      embedded,
      results,
      mixed,
      signIn,
      throughNginx,
    };
    writeFileSync("bench/results/latest.json", `${JSON.stringify(report, null, 2)}\n`);
    console.log("written to bench/results/latest.json");
  } finally {
    if (child) {
      child.kill("SIGTERM");
      await new Promise((resolve) => child?.once("exit", resolve));
    }
    await database.cleanup();
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
