// Access that really ends (issue 30, §4) and who may invite (§3), through the real app: the reminders 30 and 7 days
// before the access expiry date (once each, across two runners, the last one past an "off" choice), the prototype
// viewer and invitations closed after the date while the documents, the hand-over package and the data export stay
// open, the company's extension (audited, the owner told, a past date or a forged id refused with nothing stored),
// and invitations from testing onward within the seat limit. Time moves by the `now` the reminder run takes.
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type Customer, createProjectWithStatus, customer, json } from "../../../../../tests/factories";
import { preferencesWith } from "../../../../../tests/setup/notification-preferences";
import { queuedEmails } from "../../../../../tests/setup/outbox";
import { createTestApp, signIn, type TestApp } from "../../../../../tests/setup/test-app";
import { ACCESS_EXPIRY_MESSAGES } from "../../../../shared/domain/access-expiry";
import { TEAM_MESSAGES } from "../../../../shared/schemas/team";
import {
  accessExpiryReminders,
  activityEvents,
  adminAuditLog,
  projectMembers,
  projects,
  projectVersions,
  requirements,
} from "../../../db/schema";
import type { EmailKind } from "../../../email/kinds";
import { ACCESS_REMINDERS_JOB, sendAccessExpiryReminders, startAccessExpiryReminders } from "./reminders";

const DAY = 86_400_000;
const ORIGIN = "http://127.0.0.1:45997";
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ PROTOTYPE_FRAME_ORIGINS: ORIGIN });
  admin = await signIn(t.app, "admin@blueprint.local", "Ada Admin");
});
afterAll(async () => {
  await t.close();
});

const call = (method: "GET" | "POST" | "PATCH" | "PUT", url: string, cookie: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: payload === undefined ? { cookie } : { cookie, ...json },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const invite = (projectId: string, cookie: string, email: string) =>
  call("POST", `/api/projects/${projectId}/users`, cookie, { email, accessLevel: "user" });
const extend = (projectId: string, cookie: string, customerAccessExpiryDate: unknown) =>
  call("POST", `/api/company/projects/${projectId}/access-expiry`, cookie, { customerAccessExpiryDate });
const frameCheck = (projectId: string, cookie: string) => call("GET", `/api/projects/${projectId}/prototype/frame-check`, cookie);

async function projectRow(id: string) {
  const [row] = await t.app.ctx.db.select().from(projects).where(eq(projects.id, id));
  if (!row) throw new Error("no project");
  return row;
}
const emailsTo = (address: string, kind: EmailKind) => queuedEmails(t.app.ctx.db, address, kind);

/** A project in testing with a prototype, its expiry set through the console's deployment date. */
async function projectInTesting(
  email: string,
  deployment: Date,
  status: "testing" | "completed" = "testing",
): Promise<{ owner: Customer; projectId: string; projectCode: string }> {
  const owner = await customer(t.app, email, "Olive Owner");
  const project = await createProjectWithStatus(t.app.ctx.db, { ownerId: owner.userId, status, prototypeUrl: `${ORIGIN}/v1` });
  const set = await call("PATCH", `/api/company/projects/${project.id}`, admin, { deploymentDate: deployment.toISOString() });
  expect(set.statusCode).toBe(200);
  return { owner, projectId: project.id, projectCode: project.projectCode };
}
const yearAgo = (plusDays: number) => {
  const at = new Date(Date.now() + plusDays * DAY);
  at.setUTCFullYear(at.getUTCFullYear() - 1);
  return at;
};

describe("reminders before the access expiry date", () => {
  it("emails the owner 30 and 7 days before, once each even with two runners, and the owner's choice applies to the first only", async () => {
    const { owner, projectId, projectCode } = await projectInTesting("expiry-remind@example.com", yearAgo(40));
    const expiry = (await projectRow(projectId)).customerAccessExpiryDate;
    if (!expiry) throw new Error("no expiry");
    const at = (daysBefore: number) => new Date(expiry.getTime() - daysBefore * DAY);
    const ctx = { db: t.app.ctx.db, email: t.app.ctx.email };

    await sendAccessExpiryReminders(ctx, at(31));
    expect(await emailsTo(owner.email, "access-expiry-reminder")).toHaveLength(0);

    // Two runners at the same moment (two processes): one email.
    await Promise.all([sendAccessExpiryReminders(ctx, at(29.5)), sendAccessExpiryReminders(ctx, at(29.5))]);
    await sendAccessExpiryReminders(ctx, at(20));
    const first = await emailsTo(owner.email, "access-expiry-reminder");
    expect(first).toHaveLength(1);
    expect(first[0]?.subject).toBe(`${projectCode}: your access ends in 30 days`);
    expect(first[0]?.textBody).toContain("the prototype viewer and invitations close");
    expect(first[0]?.listUnsubscribe).toBeTruthy();

    // The owner turns status emails off: the last reminder still goes, once, with nothing to unsubscribe from.
    const off = await call("PUT", "/api/me/notification-preferences", owner.cookie, preferencesWith({ status: "off" }));
    expect(off.statusCode).toBe(200);
    await Promise.all([sendAccessExpiryReminders(ctx, at(6.9)), sendAccessExpiryReminders(ctx, at(6.9))]);
    await sendAccessExpiryReminders(ctx, at(1));
    const all = await emailsTo(owner.email, "access-expiry-reminder");
    expect(all).toHaveLength(2);
    expect(all[0]?.subject).toBe(`${projectCode}: your access ends in 7 days`);
    expect(all[0]?.listUnsubscribe).toBeNull();
    const claims = await t.app.ctx.db.select().from(accessExpiryReminders).where(eq(accessExpiryReminders.projectId, projectId));
    expect(claims.map((row) => row.daysBefore).sort()).toEqual([30, 7]);

    // After the date, nothing more.
    await sendAccessExpiryReminders(ctx, new Date(expiry.getTime() + DAY));
    expect(await emailsTo(owner.email, "access-expiry-reminder")).toHaveLength(2);
  });

  it("drops the 30-day reminder for an owner who turned status emails off, and sends the 7-day one", async () => {
    const { owner, projectId } = await projectInTesting("expiry-optout@example.com", yearAgo(35));
    await call("PUT", "/api/me/notification-preferences", owner.cookie, preferencesWith({ status: "off" }));
    const expiry = (await projectRow(projectId)).customerAccessExpiryDate as Date;
    const ctx = { db: t.app.ctx.db, email: t.app.ctx.email };
    await sendAccessExpiryReminders(ctx, new Date(expiry.getTime() - 25 * DAY));
    expect(await emailsTo(owner.email, "access-expiry-reminder")).toHaveLength(0);
    await sendAccessExpiryReminders(ctx, new Date(expiry.getTime() - 3 * DAY));
    const sent = await emailsTo(owner.email, "access-expiry-reminder");
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toContain("ends in 7 days");
  });

  it("runs as a scheduled job once per tick across two processes", async () => {
    const { owner } = await projectInTesting("expiry-job@example.com", yearAgo(15));
    const options = { db: t.app.ctx.db, email: t.app.ctx.email, log: t.app.log };
    const first = startAccessExpiryReminders(options);
    const second = startAccessExpiryReminders(options);
    first.stop();
    second.stop();
    const now = new Date(Date.now() + DAY);
    expect([await first.checkNow(now), await second.checkNow(now)].sort()).toEqual([false, true]);
    expect(ACCESS_REMINDERS_JOB).toBe("access-expiry-reminders");
    // 14 days left at the tick: the 30-day reminder, sent by the one process that won the tick.
    expect(await emailsTo(owner.email, "access-expiry-reminder")).toHaveLength(1);
  });
});

describe("after the access expiry date", () => {
  it("closes the prototype viewer and invitations with a message saying why and whom to ask; documents, the hand-over package and the export stay open", async () => {
    const { owner, projectId } = await projectInTesting("expiry-closed@example.com", yearAgo(-3), "completed");
    await t.app.ctx.db.insert(requirements).values({
      projectId,
      projectName: "Glacier",
      generatedBrief: "# Glacier\n\nBookings online.",
      briefConfirmed: true,
      briefConfirmedAt: new Date(),
    });

    const viewer = await frameCheck(projectId, owner.cookie);
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json()).toMatchObject({ code: "ACCESS_EXPIRED", message: ACCESS_EXPIRY_MESSAGES.prototypeClosed });
    expect(viewer.json().message).toContain("ask the Blueprint team");

    const invited = await invite(projectId, owner.cookie, "late-dev@example.com");
    expect(invited.statusCode).toBe(403);
    expect(invited.json()).toMatchObject({ code: "ACCESS_EXPIRED", message: ACCESS_EXPIRY_MESSAGES.invitationsClosed });
    expect(await t.app.ctx.db.select().from(projectMembers).where(eq(projectMembers.projectId, projectId))).toHaveLength(0);
    expect(await emailsTo("late-dev@example.com", "project-invitation")).toHaveLength(0);

    expect((await call("GET", `/api/projects/${projectId}/handover`, owner.cookie)).statusCode).toBe(200);
    expect((await call("GET", `/api/projects/${projectId}/brief.pdf`, owner.cookie)).statusCode).toBe(200);
    expect((await call("GET", "/api/me/export", owner.cookie)).statusCode).toBe(200);
    expect((await call("GET", `/api/projects/${projectId}/versions`, owner.cookie)).statusCode).toBe(200);
    // The company still sees the prototype.
    expect((await frameCheck(projectId, admin)).statusCode).toBe(200);
  });
});

describe("the prototype's address after the access expiry date", () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const listed = async (cookie: string, projectId: string) => {
    const res = await call("GET", "/api/projects", cookie);
    expect(res.statusCode).toBe(200);
    const project = res.json().items.find((p: { id: string }) => p.id === projectId);
    if (!project) throw new Error("project not listed");
    return project as { prototypeUrl: string | null; hasPrototype: boolean };
  };

  it("is not answered to the owner or a member once the date passes (even a list read before it), and still to the company", async () => {
    // Access ends in an hour; the clock then moves two hours on (within the company session's 12 hours).
    const { owner, projectId } = await projectInTesting("expiry-url@example.com", yearAgo(1 / 24), "completed");
    const member = await customer(t.app, "expiry-url-member@example.com", "Mo Member");
    await t.app.ctx.db.insert(projectMembers).values({ projectId, email: member.email, accessLevel: "admin" });
    // The lists read (and cached) while access is open carry the address.
    expect((await listed(owner.cookie, projectId)).prototypeUrl).toBe(`${ORIGIN}/v1`);
    expect((await listed(member.cookie, projectId)).prototypeUrl).toBe(`${ORIGIN}/v1`);

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 2 * 3600_000);
    for (const cookie of [owner.cookie, member.cookie]) {
      const project = await listed(cookie, projectId);
      expect(project.prototypeUrl).toBeNull();
      // Still a project with a prototype: User Management and the hand-over stay where they were.
      expect(project.hasPrototype).toBe(true);
    }
    expect((await listed(admin, projectId)).prototypeUrl).toBe(`${ORIGIN}/v1`);
    const console = await call(
      "GET",
      `/api/company/projects?search=${encodeURIComponent((await projectRow(projectId)).projectCode)}`,
      admin,
    );
    expect(console.body).toContain(`${ORIGIN}/v1`);
  });

  it("is not in the versions list either once access has ended (the release notes stay), and is again once extended", async () => {
    const { owner, projectId } = await projectInTesting("expiry-versions@example.com", yearAgo(-2), "completed");
    await t.app.ctx.db
      .insert(projectVersions)
      .values({ projectId, number: 1, url: `${ORIGIN}/v1`, releaseNotes: "First delivery." });
    const versions = async (cookie: string) => {
      const res = await call("GET", `/api/projects/${projectId}/versions`, cookie);
      expect(res.statusCode).toBe(200);
      return (res.json().items as { url: string | null; releaseNotes: string }[]).map(({ url, releaseNotes }) => ({
        url,
        releaseNotes,
      }));
    };
    expect(await versions(owner.cookie)).toEqual([{ url: null, releaseNotes: "First delivery." }]);
    expect(await versions(admin)).toEqual([{ url: `${ORIGIN}/v1`, releaseNotes: "First delivery." }]);
    expect((await extend(projectId, admin, new Date(Date.now() + 30 * DAY).toISOString())).statusCode).toBe(200);
    expect(await versions(owner.cookie)).toEqual([{ url: `${ORIGIN}/v1`, releaseNotes: "First delivery." }]);
  });

  it("is answered again once the company extends the date", async () => {
    const { owner, projectId } = await projectInTesting("expiry-url-back@example.com", yearAgo(-2), "completed");
    expect((await listed(owner.cookie, projectId)).prototypeUrl).toBeNull();
    expect((await extend(projectId, admin, new Date(Date.now() + 30 * DAY).toISOString())).statusCode).toBe(200);
    expect((await listed(owner.cookie, projectId)).prototypeUrl).toBe(`${ORIGIN}/v1`);
  });
});

describe("extending access", () => {
  it("refuses a date that has passed, a forged id and a customer, storing nothing", async () => {
    const { owner, projectId } = await projectInTesting("expiry-refuse@example.com", yearAgo(-1));
    const before = (await projectRow(projectId)).customerAccessExpiryDate;
    const audits = async () =>
      t.app.ctx.db
        .select()
        .from(adminAuditLog)
        .where(and(eq(adminAuditLog.projectId, projectId), eq(adminAuditLog.action, "project.access_extended")));

    const past = await extend(projectId, admin, new Date(Date.now() - DAY).toISOString());
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({
      message: ACCESS_EXPIRY_MESSAGES.extensionPast,
      fields: { customerAccessExpiryDate: ACCESS_EXPIRY_MESSAGES.extensionPast },
    });
    const garbage = await extend(projectId, admin, "next year");
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().fields).toEqual({ customerAccessExpiryDate: ACCESS_EXPIRY_MESSAGES.extensionInvalid });
    const future = new Date(Date.now() + 90 * DAY).toISOString();
    expect((await extend("00000000-0000-4000-8000-000000000000", admin, future)).statusCode).toBe(404);
    expect((await extend("not-a-project", admin, future)).statusCode).toBe(404);
    expect((await extend(projectId, owner.cookie, future)).statusCode).toBe(403);
    expect((await projectRow(projectId)).customerAccessExpiryDate).toEqual(before);
    expect(await audits()).toHaveLength(0);
    expect(await emailsTo(owner.email, "access-extended")).toHaveLength(0);
  });

  it("extends an expired project: audited with the admin, the owner told by email and in their activity, the viewer and invitations open again, new reminders for the new date", async () => {
    const { owner, projectId, projectCode } = await projectInTesting("expiry-extend@example.com", yearAgo(-2));
    const before = (await projectRow(projectId)).customerAccessExpiryDate as Date;
    expect((await frameCheck(projectId, owner.cookie)).statusCode).toBe(403);

    const until = new Date(Date.now() + 20 * DAY);
    const res = await extend(projectId, admin, until.toISOString());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ customerAccessExpiryDate: until.toISOString() });
    expect((await projectRow(projectId)).customerAccessExpiryDate).toEqual(until);

    const [audit] = await t.app.ctx.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.projectId, projectId), eq(adminAuditLog.action, "project.access_extended")));
    expect(audit?.actorEmail).toBe("admin@blueprint.local");
    expect(audit?.changes).toEqual([
      { field: "customerAccessExpiryDate", before: before.toISOString(), after: until.toISOString() },
    ]);
    const [told] = await t.app.ctx.db
      .select()
      .from(activityEvents)
      .where(and(eq(activityEvents.projectId, projectId), eq(activityEvents.type, "project.access_extended")));
    expect(told).toMatchObject({ userId: owner.userId, title: "Access extended", notify: true });
    const [mail] = await emailsTo(owner.email, "access-extended");
    expect(mail?.subject).toBe(`${projectCode}: your access is extended`);

    expect((await frameCheck(projectId, owner.cookie)).statusCode).toBe(200);
    expect((await invite(projectId, owner.cookie, "back-dev@example.com")).statusCode).toBe(201);

    // The new date is 20 days away: its 30-day reminder goes at the next run.
    await sendAccessExpiryReminders({ db: t.app.ctx.db, email: t.app.ctx.email });
    expect(await emailsTo(owner.email, "access-expiry-reminder")).toHaveLength(1);
  });
});

describe("who may invite, and when", () => {
  it("refuses invitations before testing, takes them in testing and after completion, and holds the seat limit", async () => {
    const owner = await customer(t.app, "expiry-team@example.com", "Olive Owner");
    const project = await createProjectWithStatus(t.app.ctx.db, { ownerId: owner.userId, status: "development" });
    const early = await invite(project.id, owner.cookie, "too-early@example.com");
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: "TEAM_NOT_OPEN", message: ACCESS_EXPIRY_MESSAGES.teamNotOpen });
    expect(await t.app.ctx.db.select().from(projectMembers).where(eq(projectMembers.projectId, project.id))).toHaveLength(0);

    await t.app.ctx.db
      .update(projects)
      .set({ status: "testing", prototypeUrl: `${ORIGIN}/v1`, userLimit: 2 })
      .where(eq(projects.id, project.id));
    expect((await invite(project.id, owner.cookie, "tester@example.com")).statusCode).toBe(201);
    await t.app.ctx.db.update(projects).set({ status: "completed" }).where(eq(projects.id, project.id));
    expect((await invite(project.id, owner.cookie, "developer@example.com")).statusCode).toBe(201);
    const full = await invite(project.id, owner.cookie, "one-too-many@example.com");
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: "NO_SLOTS", message: TEAM_MESSAGES.noSlots });
  });
});
