// npm run bench:handover: the hand-over package's peak memory and the process's responsiveness while it streams
// (issue 42), in process over PostgreSQL. A completed project holds 60 feedback items (BENCH_HANDOVER_ITEMS), each
// with the same 5 MB screenshot (stored once, as the portal stores equal bytes). After a first download that warms the
// process up (not counted), the owner downloads the package over HTTP, then the owner and an admin at once, then six
// people at once (the issue's six), each read to its end by a client process while it asks /healthz every 20 ms.
// Reported per run: the server process's peak resident memory above its idle one (after a full garbage collection; run
// with --expose-gc, as the npm script does), /healthz's median and slowest answer, and the server's event loop delay
// (what the server held up itself, apart from what a busy machine adds). Database: BENCH_DATABASE_URL (memory:// for
// the embedded PGlite), else a throwaway database on the local PostgreSQL. The bench reads only the HTTP routes, so it
// measures an older checkout the same way.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { eq } from "drizzle-orm";
import { buildApp } from "../../src/server/app";
import { createSession, sessionCookieName } from "../../src/server/auth/sessions";
import { feedback, projects, users } from "../../src/server/db/schema";
import { benchConfig, throwawayDatabase } from "../lib/bench-database";
import { envNumber } from "../lib/env-number";

/** BENCH_HANDOVER_ITEMS: the feedback items (each with the screenshot); 60 by default. */
const ITEMS = envNumber("BENCH_HANDOVER_ITEMS", 60);
const SCREENSHOT_BYTES = 5 * 1024 * 1024;
const MB = 1024 * 1024;

async function main(): Promise<void> {
  const database = await throwawayDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), "bp-bench-handover-"));
  const adminEmails = Array.from({ length: 5 }, (_, n) => `handover-admin-${n + 1}@example.com`);
  const config = benchConfig(database.url, dataDir, { ADMIN_EMAILS: adminEmails.join(",") });
  const app = await buildApp({ config, scheduledJobs: false });
  try {
    const base = await app.listen({ port: 0, host: "127.0.0.1" });
    const { db } = app.ctx;
    const [owner] = await db.insert(users).values({ email: "handover-owner@example.com", name: "Hand Over" }).returning();
    const admins = await db
      .insert(users)
      .values(adminEmails.map((email, n) => ({ email, name: `Admin ${n + 1}`, role: "company" as const })))
      .returning();
    if (!owner) throw new Error("no owner");
    const [project] = await db
      .insert(projects)
      .values({ userId: owner.id, projectCode: "BENCH-HANDOVER", status: "completed", acceptedAt: null })
      .returning();
    if (!project) throw new Error("no project");
    const screenshot = await app.ctx.files.put(randomBytes(SCREENSHOT_BYTES), "image/png");
    await db.insert(feedback).values(
      Array.from({ length: ITEMS }, (_, n) => ({
        projectId: project.id,
        authorId: owner.id,
        feedbackType: "error" as const,
        issueFaced: `Item ${n + 1}: the button does nothing.`,
        changeDescription: "It should save.",
        screenshotFileId: screenshot.id,
      })),
    );
    await db.update(projects).set({ status: "completed" }).where(eq(projects.id, project.id));
    const cookieOf = async (user: { id: string; role: "customer" | "company" }) =>
      `${sessionCookieName(config)}=${(await createSession(db, user, {})).token}`;
    const cookies = [await cookieOf({ id: owner.id, role: "customer" })];
    for (const admin of admins) cookies.push(await cookieOf({ id: admin.id, role: "company" }));

    // A first download, not counted: the code it loads and compiles on first use is not the package's cost.
    await measure(base, project.id, cookies.slice(1));
    const rows: Record<string, Record<string, string>> = {};
    for (const downloaders of [cookies.slice(0, 1), cookies.slice(0, 2), cookies]) {
      const run = await measure(base, project.id, downloaders);
      rows[`${downloaders.length} at once`] = {
        "package MB": (run.sizes[0] ?? 0).toFixed(0),
        "time s": run.seconds.toFixed(1),
        "peak RSS over idle MB": run.peakOverIdleMb.toFixed(1),
        "idle RSS MB": run.idleMb.toFixed(0),
        "/healthz answers": String(run.health.length),
        "/healthz median ms": (run.health[Math.floor(run.health.length / 2)] ?? 0).toFixed(1),
        "/healthz slowest ms": (run.health.at(-1) ?? 0).toFixed(1),
        "event loop delay p99 / max ms": `${run.loopDelayP99Ms.toFixed(0)} / ${run.loopDelayMaxMs.toFixed(0)}`,
      };
    }
    console.table(rows);
    console.log(
      `load average ${loadavg()
        .map((load) => load.toFixed(1))
        .join(" ")} on ${cpus().length} cores`,
    );
  } finally {
    await app.close();
    await database.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const kbOf = (field: string): number => {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB$`, "m").exec(readFileSync("/proc/self/status", "utf8"));
  return Number(match?.[1] ?? 0);
};

/** The clients, in a process of their own so that the server's memory and event loop are the only ones measured. */
const CLIENTS = `
import http from "node:http";
const { base, projectId, cookies } = JSON.parse(process.env.BENCH_CLIENTS);
const get = (path, cookie) => new Promise((resolve, reject) => {
  http.get(base + path, { headers: cookie ? { cookie } : {} }, (res) => {
    let bytes = 0;
    res.on("data", (chunk) => { bytes += chunk.length; });
    res.on("end", () => (res.statusCode === 200 ? resolve(bytes) : reject(new Error(path + ": " + res.statusCode))));
    res.on("error", reject);
  }).on("error", reject);
});
const health = [];
let downloading = true;
const probe = (async () => {
  while (downloading) {
    const asked = performance.now();
    await get("/healthz");
    health.push(performance.now() - asked);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
})();
const started = performance.now();
const sizes = await Promise.all(cookies.map((cookie) => get("/api/projects/" + projectId + "/handover", cookie)));
const seconds = (performance.now() - started) / 1000;
downloading = false;
await probe;
process.stdout.write(JSON.stringify({ sizes, seconds, health }));
`;

/**
 * The downloads, read to their end at once by the client process, while it asks /healthz every 20 ms. The peak is the
 * kernel's high-water mark of this process's resident memory (VmHWM, reset to the idle RSS first through
 * /proc/self/clear_refs), so a peak reached while the event loop was blocked is counted too.
 */
async function measure(base: string, projectId: string, cookies: string[]) {
  (globalThis as { gc?: () => void }).gc?.();
  writeFileSync("/proc/self/clear_refs", "5");
  const idleKb = kbOf("VmRSS");
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const child = spawn(process.execPath, ["--input-type=module", "-e", CLIENTS], {
    env: { ...process.env, BENCH_CLIENTS: JSON.stringify({ base, projectId, cookies }) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  loopDelay.disable();
  if (code !== 0) throw new Error(`the clients exited with ${code}`);
  const run = JSON.parse(output) as { sizes: number[]; seconds: number; health: number[] };
  run.health.sort((a, b) => a - b);
  return {
    ...run,
    sizes: run.sizes.map((bytes) => bytes / MB),
    idleMb: idleKb / 1024,
    peakOverIdleMb: (kbOf("VmHWM") - idleKb) / 1024,
    loopDelayP99Ms: loopDelay.percentile(99) / 1e6,
    loopDelayMaxMs: loopDelay.max / 1e6,
  };
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
