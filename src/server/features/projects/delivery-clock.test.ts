// The delivery clock through the real app: it starts when both the brief is confirmed and the advance is received
// (whichever comes last, from the typed date or from wherever the date is set), or by hand (audited); it is due after
// the package's hours, stops at the first version, and the console filters, sorts, counts and emails by it.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Customer, createCompletedProfile, customer, json, newProject } from "../../../../tests/factories";
import { createTestApp, signIn, type TestApp } from "../../../../tests/setup/test-app";
import { adminAuditLog, projects, requirements } from "../../db/schema";
import { renderEmailOf } from "../../email/kinds";
import type { EmailMessage } from "../../email/outbox";
import { DELIVERY_REMINDER_EMAIL, sendDeliveryReminders } from "../admin";
import { DELIVERY_CLOCK_MESSAGES } from "./delivery-clock";

const HOUR = 3_600_000;
let t: TestApp;
let admin: string;
let counter = 0;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, "admin@blueprint.local", "Ada Admin");
});
afterAll(async () => {
  await t.close();
});

const req = (method: "GET" | "POST" | "PATCH", url: string, cookie: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie, ...(payload ? json : {}) }, payload: payload as Record<string, unknown> });
const row = async (id: string) => {
  const [found] = await t.app.ctx.db.select().from(projects).where(eq(projects.id, id));
  if (!found) throw new Error("no project");
  return found;
};

async function customerWithProject(): Promise<Customer & { projectId: string }> {
  const who = await customer(t.app, `clock-${++counter}@example.com`, "Dana Wells");
  await createCompletedProfile(t.app.ctx.db, { userId: who.userId });
  const project = await newProject(t.app, who);
  return { ...who, projectId: project.id };
}
const confirmBrief = (projectId: string) =>
  t.app.ctx.db
    .insert(requirements)
    .values({ projectId, problemStatement: "Bookings by phone take hours.", briefConfirmed: true });

describe("starting the clock", () => {
  it("starts when the advance is typed after the brief was confirmed, due after the package's hours, on every view", async () => {
    const a = await customerWithProject();
    await confirmBrief(a.projectId);
    expect((await row(a.projectId)).deliveryStartedAt).toBeNull();
    const before = Date.now();
    const res = await req("PATCH", `/api/company/projects/${a.projectId}`, admin, { advancePaymentReceivedDate: "2026-01-02" });
    expect(res.statusCode).toBe(200);
    const started = await row(a.projectId);
    expect(started.deliveryStartedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(started.deliveryDueAt?.getTime()).toBe((started.deliveryStartedAt?.getTime() ?? 0) + 48 * HOUR);
    expect(res.json()).toMatchObject({
      deliveryStartedAt: started.deliveryStartedAt?.toISOString(),
      deliveryDueAt: started.deliveryDueAt?.toISOString(),
      deliveredAt: null,
    });
    const mine = (await req("GET", "/api/projects", a.cookie)).json().items.find((p: { id: string }) => p.id === a.projectId);
    expect(mine).toMatchObject({ deliveryDueAt: started.deliveryDueAt?.toISOString(), deliveredAt: null });
    // The status follows at the rules' run; the clock is not started twice.
    await req("POST", "/api/admin/test-status-updates", admin, {});
    const moved = await row(a.projectId);
    expect(moved.status).toBe("development");
    expect(moved.deliveryStartedAt?.toISOString()).toBe(started.deliveryStartedAt?.toISOString());
  });

  it("starts from the status rules when the date was set elsewhere (a payment webhook), with the premium package's 96 hours", async () => {
    const a = await customerWithProject();
    await t.app.ctx.db
      .update(projects)
      .set({ packageType: "premium", advancePaymentReceivedDate: new Date() })
      .where(eq(projects.id, a.projectId));
    await req("POST", "/api/admin/test-status-updates", admin, {});
    expect((await row(a.projectId)).deliveryStartedAt).toBeNull(); // the brief is not confirmed yet
    await confirmBrief(a.projectId);
    await req("POST", "/api/admin/test-status-updates", admin, {});
    const started = await row(a.projectId);
    expect(started.status).toBe("development");
    expect(started.deliveryDueAt?.getTime()).toBe((started.deliveryStartedAt?.getTime() ?? 0) + 96 * HOUR);
  });

  it("moves the due time when the package changes while the clock runs", async () => {
    const a = await customerWithProject();
    await confirmBrief(a.projectId);
    await req("PATCH", `/api/company/projects/${a.projectId}`, admin, { advancePaymentReceivedDate: "2026-01-02" });
    await req("PATCH", `/api/company/projects/${a.projectId}`, admin, { packageType: "advanced" });
    const after = await row(a.projectId);
    expect(after.deliveryDueAt?.getTime()).toBe((after.deliveryStartedAt?.getTime() ?? 0) + 72 * HOUR);
  });

  it("lets the company start it by hand (audited), once, and never a customer", async () => {
    const a = await customerWithProject();
    const url = `/api/company/projects/${a.projectId}/delivery-clock/start`;
    expect((await req("POST", url, a.cookie)).statusCode).toBe(403);
    expect((await row(a.projectId)).deliveryStartedAt).toBeNull();
    const res = await req("POST", url, admin);
    expect(res.statusCode).toBe(200);
    const started = await row(a.projectId);
    expect(res.json()).toEqual({
      deliveryStartedAt: started.deliveryStartedAt?.toISOString(),
      deliveryDueAt: started.deliveryDueAt?.toISOString(),
      deliveredAt: null,
    });
    const [audit] = await t.app.ctx.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.projectId, a.projectId), eq(adminAuditLog.action, "project.delivery_clock_started")));
    expect(audit?.changes.map((c) => c.field).sort()).toEqual(["deliveryDueAt", "deliveryStartedAt"]);
    const again = await req("POST", url, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "CONFLICT", message: DELIVERY_CLOCK_MESSAGES.alreadyRunning });
    expect((await req("POST", "/api/company/projects/not-a-uuid/delivery-clock/start", admin)).statusCode).toBe(404);
  });
});

describe("the console's view of the clock", () => {
  it("filters Overdue, counts it on the stats, and sorts by due time with delivered and unstarted ones last", async () => {
    const late = await customerWithProject();
    const soon = await customerWithProject();
    const delivered = await customerWithProject();
    const now = Date.now();
    const set = (id: string, values: Partial<typeof projects.$inferInsert>) =>
      t.app.ctx.db.update(projects).set(values).where(eq(projects.id, id));
    await set(late.projectId, { deliveryStartedAt: new Date(now - 50 * HOUR), deliveryDueAt: new Date(now - 2 * HOUR) });
    await set(soon.projectId, { deliveryStartedAt: new Date(now - HOUR), deliveryDueAt: new Date(now + 47 * HOUR) });
    await set(delivered.projectId, {
      deliveryStartedAt: new Date(now - 60 * HOUR),
      deliveryDueAt: new Date(now - 12 * HOUR),
      deliveredAt: new Date(now - 20 * HOUR),
    });
    const overdue = (await req("GET", "/api/company/projects?due=overdue&pageSize=100", admin)).json();
    const ids = overdue.items.map((p: { id: string }) => p.id);
    expect(ids).toContain(late.projectId);
    expect(ids).not.toContain(soon.projectId);
    expect(ids).not.toContain(delivered.projectId);
    expect(overdue.total).toBe(ids.length);
    const stats = (await req("GET", "/api/company/stats", admin)).json();
    expect(stats.overdue).toBe(overdue.total);

    const sorted = (await req("GET", "/api/company/projects?sort=deliveryDueAt&order=asc&pageSize=100", admin)).json();
    const order = sorted.items.map((p: { id: string }) => p.id);
    expect(order.indexOf(late.projectId)).toBeLessThan(order.indexOf(soon.projectId));
    expect(order.indexOf(soon.projectId)).toBeLessThan(order.indexOf(delivered.projectId));
    expect((await req("GET", "/api/company/projects?due=late", admin)).statusCode).toBe(400);
  });

  it("emails the company once per project 6 hours before an undelivered project is due", async () => {
    const soon = await customerWithProject();
    const later = await customerWithProject();
    const done = await customerWithProject();
    const now = new Date();
    const set = (id: string, values: Partial<typeof projects.$inferInsert>) =>
      t.app.ctx.db.update(projects).set(values).where(eq(projects.id, id));
    await set(soon.projectId, {
      projectName: "Glacier",
      deliveryStartedAt: now,
      deliveryDueAt: new Date(now.getTime() + 5 * HOUR),
    });
    await set(later.projectId, { deliveryStartedAt: now, deliveryDueAt: new Date(now.getTime() + 7 * HOUR) });
    await set(done.projectId, { deliveryStartedAt: now, deliveryDueAt: new Date(now.getTime() + HOUR), deliveredAt: now });
    const config = { adminEmails: ["admin@blueprint.local"], appUrl: "http://localhost:3000" };
    const sent: (EmailMessage & { subject: string; text: string })[] = [];
    const outbox = {
      async enqueue(message: EmailMessage, tx?: Parameters<typeof t.app.ctx.email.enqueue>[1]) {
        await t.app.ctx.email.enqueue(message, tx);
        sent.push({ ...message, ...renderEmailOf(message, config.appUrl) });
      },
    };
    await sendDeliveryReminders(t.app.ctx.db, { outbox, config, now });
    const code = (await row(soon.projectId)).projectCode;
    const mine = sent.filter((m) => m.subject.includes(code));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ kind: DELIVERY_REMINDER_EMAIL, to: "admin@blueprint.local" });
    expect(mine[0]?.subject).toBe(`Delivery due within 6 hours: ${code} · Glacier`);
    expect(mine[0]?.text).toContain("http://localhost:3000/admin?tab=projects&due=overdue");
    for (const other of [later, done]) {
      const otherCode = (await row(other.projectId)).projectCode;
      expect(sent.some((m) => m.subject.includes(otherCode))).toBe(false);
    }
    const count = sent.length;
    await sendDeliveryReminders(t.app.ctx.db, { outbox, config, now: new Date(now.getTime() + HOUR) });
    expect(sent.filter((m) => m.subject.includes(code))).toHaveLength(1);
    // An hour on, the 7-hour one is within 6 hours: its own single email.
    expect(sent.length).toBe(count + 1);
  });
});
