// npm run bench:cache-memory: the read caches' memory attack, measured on the built server over PostgreSQL. A
// self-registered customer puts 60 large feedback items on their own project, then reads their feedback list 123 ways
// (pageSize 60–100 × no status, pending, done), several rounds; the server's resident memory must stay within +150 MB
// of what it was before. Also: what the caches hold (bytes charged) and the same after the entries' lifetime.
// Database: BENCH_DATABASE_URL, else a throwaway database on the local PostgreSQL.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "../../tests/setup/free-port";
import { sessionFor, throwawayDatabase } from "../lib/bench-database";
import { waitForReady } from "../lib/built-server";
import { envNumber } from "../lib/env-number";
import { rssMb } from "../lib/process-stats";

const ITEMS = 60;
const ROUNDS = envNumber("BENCH_ATTACK_ROUNDS", 3);
const LIMIT_MB = 150;
const ATTACKER = "attacker@self-registered.example";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One item as large as the feedback form allows: long texts, the page URL, the browser and 20 console errors. */
function largeItem(projectId: string, authorId: string, i: number) {
  const text = (label: string, length: number) => `${label} ${i} `.padEnd(length, "lorem ipsum dolor sit amet ");
  return [
    projectId,
    authorId,
    i % 2 === 0 ? "error" : "enhancement",
    i % 3 === 0 ? "done" : "pending",
    text("issue", 5_000),
    text("change", 5_000),
    JSON.stringify({
      pageUrl: `https://prototype.example/${"p".repeat(2_000)}`,
      browser: "Chromium 140",
      os: "Linux",
      userAgent: "u".repeat(512),
      viewport: { width: 1280, height: 800 },
      capturedAt: "2026-01-01T00:00:00.000Z",
      timezone: "Europe/Berlin",
      consoleErrors: Array.from({ length: 20 }, (_, n) => ({ message: text(`error ${n}`, 1_000), at: "2026-01-01T00:00:00Z" })),
    }),
  ];
}

async function metric(metricsUrl: string, name: string): Promise<number> {
  const text = await (await fetch(metricsUrl)).text();
  const line = text.split("\n").find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(" ")[1]) : Number.NaN;
}

async function main(): Promise<void> {
  const database = await throwawayDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), "bp-bench-cache-"));
  let child: ChildProcess | undefined;
  try {
    const port = await freePort();
    const metricsPort = await freePort();
    const base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ["dist/server/main.js"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        SECRET_KEY: randomBytes(32).toString("hex"),
        SMTP_URL: "smtp://127.0.0.1:9",
        LOG_LEVEL: "warn",
        PORT: String(port),
        APP_URL: base,
        METRICS_PORT: String(metricsPort),
      },
      stdio: ["ignore", "inherit", "inherit"],
    });
    await waitForReady(base, child);
    const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows: users } = await client.query<{ id: string }>(
      `insert into users (email, name, role) values ($1, 'Self Registered', 'customer') returning id`,
      [ATTACKER],
    );
    const userId = users[0]?.id ?? "";
    const cookie = await sessionFor(client, ATTACKER);
    const created = await fetch(`${base}/api/projects`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json", origin: base },
      body: "{}",
    });
    if (created.status !== 201) throw new Error(`project not created: ${created.status} ${await created.text()}`);
    const projectId = ((await created.json()) as { id: string }).id;
    for (let i = 0; i < ITEMS; i++) {
      await client.query(
        `insert into feedback (project_id, author_id, feedback_type, status, issue_faced, change_description, context)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        largeItem(projectId, userId, i),
      );
    }
    await client.end();

    // Warm the ordinary screens first, so the baseline includes what normal use holds.
    for (const url of ["/api/projects", "/api/profile", "/api/notifications", `/api/projects/${projectId}/feedback`]) {
      await (await fetch(base + url, { headers: { cookie } })).arrayBuffer();
    }
    await sleep(2_000);
    const before = await rssMb(child.pid);

    const variants: string[] = [];
    for (let pageSize = 60; pageSize <= 100; pageSize++) {
      for (const status of ["", "&status=pending", "&status=done"]) variants.push(`pageSize=${pageSize}${status}`);
    }
    let peak = before;
    let answeredBytes = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (const variant of variants) {
        const response = await fetch(`${base}/api/projects/${projectId}/feedback?${variant}`, { headers: { cookie } });
        if (!response.ok) throw new Error(`${variant} answered ${response.status}`);
        answeredBytes += (await response.arrayBuffer()).byteLength;
      }
      peak = Math.max(peak, await rssMb(child.pid));
    }
    await sleep(2_000);
    const after = await rssMb(child.pid);
    const cacheBytes = await metric(metricsUrl, "bp_read_cache_bytes");

    console.log(`\nRead-cache memory attack — PostgreSQL, built server, ${ITEMS} large feedback items\n`);
    console.table({
      reads: { value: variants.length * ROUNDS, note: `${variants.length} variants × ${ROUNDS} rounds` },
      "answers, MB": { value: Math.round(answeredBytes / 1024 / 1024), note: "bytes the server sent" },
      "RSS before, MB": { value: before, note: "after start and the ordinary screens" },
      "RSS peak, MB": { value: peak, note: "" },
      "RSS after, MB": { value: after, note: "2 s after the last read" },
      "growth, MB": { value: Math.round((Math.max(peak, after) - before) * 10) / 10, note: `limit +${LIMIT_MB} MB` },
      "cache bytes": { value: cacheBytes, note: "charged to the read caches (bp_read_cache_bytes)" },
    });
    const growth = Math.max(peak, after) - before;
    if (growth > LIMIT_MB) {
      console.error(`FAIL: resident memory grew ${growth} MB (limit ${LIMIT_MB} MB)`);
      process.exitCode = 1;
    }
  } finally {
    if (child && child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((resolve) => child?.once("exit", resolve));
    }
    await database.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
