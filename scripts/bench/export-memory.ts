import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { buildApp } from "../../src/server/app";
import type { SessionUser } from "../../src/server/auth/sessions";
import { users } from "../../src/server/db/schema";
import { benchConfig, throwawayDatabase } from "../lib/bench-database";

const THREADS = 100;
const REPLIES_PER_THREAD = 199;
const SIZE = 2_000;
const MB = 1024 * 1024;

async function main(): Promise<void> {
  const database = await throwawayDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), "bp-bench-export-"));
  const app = await buildApp({
    config: benchConfig(database.url, dataDir),
    scheduledJobs: false,
  });
  try {
    await app.ready();
    const { db } = app.ctx;
    const email = "export-bench@example.com";
    const [user] = await db.insert(users).values({ email, name: "Export Bench" }).returning();
    if (!user) throw new Error("no user");
    await db.execute(sql`insert into projects (user_id, project_code) values (${user.id}, 'BENCH-EXPORT')`);
    const body = "m".repeat(SIZE);
    await db.execute(sql`insert into communications (project_id, author_id, type, subject, content, reply_count)
      select p.id, ${user.id}, 'message', 'Thread ' || n, ${body}, ${REPLIES_PER_THREAD}
      from projects p, generate_series(1, ${THREADS}) n where p.user_id = ${user.id}`);
    await db.execute(sql`insert into communication_replies (communication_id, author_id, author_email, content, created_at)
      select c.id, ${user.id}, ${email}, ${body}, now() + (n || ' milliseconds')::interval
      from communications c, generate_series(1, ${REPLIES_PER_THREAD}) n where c.author_id = ${user.id}`);
    const camel = user as unknown as SessionUser;

    const modulePath = process.env.BENCH_EXPORT_MODULE ?? "../../src/server/features/account/export-data";
    const { streamAccountExport } = (await import(modulePath)) as typeof import("../../src/server/features/account/export-data");
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    const base = process.memoryUsage();
    let peakHeap = base.heapUsed;
    let peakRss = base.rss;
    const sample = setInterval(() => {
      const now = process.memoryUsage();
      peakHeap = Math.max(peakHeap, now.heapUsed);
      peakRss = Math.max(peakRss, now.rss);
    }, 5);
    const started = performance.now();
    let bytes = 0;
    const silent = { warn: () => {} } as unknown as FastifyBaseLogger;
    for await (const chunk of streamAccountExport(app.ctx, { user: camel, log: silent })) bytes += (chunk as Buffer).length;
    clearInterval(sample);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `export of ${THREADS * (REPLIES_PER_THREAD + 1)} messages (${((THREADS * (REPLIES_PER_THREAD + 1) * SIZE) / MB).toFixed(0)} MB of text): ` +
        `peak heap +${((peakHeap - base.heapUsed) / MB).toFixed(1)} MB, peak RSS +${((peakRss - base.rss) / MB).toFixed(1)} MB ` +
        `over the baseline, ZIP ${(bytes / MB).toFixed(2)} MB in ${seconds.toFixed(1)} s${gc ? "" : " (no --expose-gc)"}`,
    );
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
