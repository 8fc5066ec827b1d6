// npm run bench:handover: the hand-over package's peak memory and the process's responsiveness while it streams
// (issue 42). A completed project holds 60 feedback items, each with the same 5 MB screenshot (stored once, as the
// portal stores equal bytes); the owner and an admin each download the package at once over HTTP, read to the end,
// while resident memory is sampled every 5 ms and /healthz is asked every 20 ms. Reported: the peak RSS above the
// baseline (after a full garbage collection; run with --expose-gc, as the npm script does), and /healthz's slowest
// and median answer. Database: BENCH_DATABASE_URL, else a throwaway database on the local PostgreSQL.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { buildApp } from "../../src/server/app";
import { createSession, sessionCookieName } from "../../src/server/auth/sessions";
import { loadConfig } from "../../src/server/config";
import { feedback, projects, users } from "../../src/server/db/schema";
import { throwawayDatabase } from "../lib/bench-database";

const ITEMS = 60;
const SCREENSHOT_BYTES = 5 * 1024 * 1024;
const MB = 1024 * 1024;

async function main(): Promise<void> {
  const database = await throwawayDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), "bp-bench-handover-"));
  const config = loadConfig({
    NODE_ENV: "production",
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    SECRET_KEY: randomBytes(32).toString("hex"),
    SMTP_URL: "smtp://127.0.0.1:9",
    APP_URL: "http://127.0.0.1:9",
    ADMIN_EMAILS: "handover-admin@example.com",
    LOG_LEVEL: "silent",
  });
  const app = await buildApp({ config, scheduledJobs: false });
  try {
    const base = await app.listen({ port: 0, host: "127.0.0.1" });
    const { db } = app.ctx;
    const [owner] = await db.insert(users).values({ email: "handover-owner@example.com", name: "Hand Over" }).returning();
    const [admin] = await db
      .insert(users)
      .values({ email: "handover-admin@example.com", name: "Ada Admin", role: "company" })
      .returning();
    if (!owner || !admin) throw new Error("no users");
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
    const cookies = [await cookieOf({ id: owner.id, role: "customer" }), await cookieOf({ id: admin.id, role: "company" })];

    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    const health: number[] = [];
    let downloading = true;
    const probe = (async () => {
      while (downloading) {
        const started = performance.now();
        await (await fetch(`${base}/healthz`)).arrayBuffer();
        health.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const started = performance.now();
    const sizes = await Promise.all(
      cookies.map(async (cookie) => {
        const res = await fetch(`${base}/api/projects/${project.id}/handover`, { headers: { cookie } });
        if (!res.ok || !res.body) throw new Error(`handover: ${res.status} ${await res.text()}`);
        let bytes = 0;
        for await (const chunk of res.body) bytes += (chunk as Uint8Array).byteLength;
        return bytes;
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    downloading = false;
    await probe;
    clearInterval(sampler);
    health.sort((a, b) => a - b);
    console.table({
      packages: { value: `${sizes.length} at once, ${(sizes[0] ?? 0) / MB > 0 ? ((sizes[0] ?? 0) / MB).toFixed(0) : 0} MB each` },
      "download time s": { value: seconds.toFixed(1) },
      "peak RSS over idle MB": { value: ((peak - baseline) / MB).toFixed(1) },
      "/healthz answers": { value: health.length },
      "/healthz median ms": { value: (health[Math.floor(health.length / 2)] ?? 0).toFixed(1) },
      "/healthz slowest ms": { value: (health.at(-1) ?? 0).toFixed(1) },
    });
  } finally {
    await app.close();
    await database.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
