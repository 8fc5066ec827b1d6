// The Overdue and Update due cards move with the clock, not only with writes: they are served from the read cache and
// still turn at the instant a delivery clock runs out or an update turns 24 hours old, with no write in between.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProjectWithStatus, customer } from "../../../../tests/factories";
import { createTestApp, signIn, type TestApp } from "../../../../tests/setup/test-app";
import { UPDATE_INTERVAL_HOURS } from "../../../shared/domain/progress-updates";
import { projects } from "../../db/schema";

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ METRICS_PORT: "0", HOST: "127.0.0.1" }, { metricsReuseMs: 0 });
  admin = await signIn(t.app, "admin@blueprint.local", "Ada Admin");
});
afterAll(() => t.close());

const stats = async () => {
  const res = await t.app.inject({ method: "GET", url: "/api/company/stats", headers: { cookie: admin } });
  expect(res.statusCode).toBe(200);
  return res.json() as { overdue: number; updateDue: number; totalProjects: number };
};
const cacheCount = async (metric: "hits" | "misses") => {
  const text = await (await fetch(t.app.metricsUrl ?? "")).text();
  const line = text.split("\n").find((l) => l.startsWith(`bp_read_cache_${metric}_total{read="company-clock-counts"`));
  return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(" ") + 1));
};
const sleepUntil = (time: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, time - Date.now()) + 50));

describe("GET /api/company/stats: the cards the clock moves", () => {
  it("are kept between calls, and turn when a delivery clock runs out or an update turns stale, without a write", async () => {
    const owner = await customer(t.app, "clock-owner@example.com");
    const base = await stats();
    const now = Date.now();
    const dueAt = new Date(now + 1_500);
    // A project in development whose last update turns 24 hours old 2.5 s from now, and one due in 1.5 s.
    const updating = await createProjectWithStatus(t.app.ctx.db, { ownerId: owner.userId, status: "development" });
    await t.app.ctx.db
      .update(projects)
      .set({
        developmentStartedAt: new Date(now - (UPDATE_INTERVAL_HOURS + 1) * 3_600_000),
        lastUpdateAt: new Date(now - UPDATE_INTERVAL_HOURS * 3_600_000 + 2_500),
      })
      .where(eq(projects.id, updating.id));
    const delivering = await createProjectWithStatus(t.app.ctx.db, { ownerId: owner.userId, status: "requirements" });
    await t.app.ctx.db.update(projects).set({ deliveryDueAt: dueAt }).where(eq(projects.id, delivering.id));

    // The writes' change notices have dropped what the first call kept.
    await expect.poll(async () => (await stats()).totalProjects).toBe(base.totalProjects + 2);
    const fresh = await stats();
    expect(fresh.overdue).toBe(base.overdue);
    expect(fresh.updateDue).toBe(base.updateDue);
    const missesBefore = await cacheCount("misses");
    const hitsBefore = await cacheCount("hits");
    expect(await stats()).toEqual(fresh);
    expect(await cacheCount("hits")).toBe(hitsBefore + 1);
    expect(await cacheCount("misses")).toBe(missesBefore);

    await sleepUntil(dueAt.getTime());
    const late = await stats();
    expect(late.overdue).toBe(base.overdue + 1);
    expect(late.updateDue).toBe(base.updateDue);

    await sleepUntil(now + 2_500);
    const stale = await stats();
    expect(stale.overdue).toBe(base.overdue + 1);
    expect(stale.updateDue).toBe(base.updateDue + 1);

    // A write still drops them at once: the delivery made, the project is no longer overdue.
    await t.app.ctx.db.update(projects).set({ deliveredAt: new Date() }).where(eq(projects.id, delivering.id));
    await expect.poll(async () => (await stats()).overdue).toBe(base.overdue);
  });
});
