// Prototype versions through the real app: the first is the delivery (URL, clock stopped, testing), each later one
// ends the feedback round, the iteration limit answers 409 until the company raises it, and bad input stores nothing.
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Customer, createProjectWithStatus, customer, json } from "../../../../tests/factories";
import { GOOD_FEEDBACK, postFeedback } from "../../../../tests/setup/feedback";
import { createTestApp, signIn, type TestApp } from "../../../../tests/setup/test-app";
import { VERSION_MESSAGES } from "../../../shared/schemas/versions";
import { activityEvents, adminAuditLog, feedback, projects, projectVersions } from "../../db/schema";

const LISTED_ORIGIN = "http://127.0.0.1:45999";
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ PROTOTYPE_FRAME_ORIGINS: LISTED_ORIGIN });
  admin = await signIn(t.app, "admin@blueprint.local", "Ada Admin");
});
afterAll(async () => {
  await t.close();
});

const publish = (projectId: string, cookie: string, payload: unknown) =>
  t.app.inject({
    method: "POST",
    url: `/api/company/projects/${projectId}/versions`,
    payload: payload as Record<string, unknown>,
    headers: { cookie, ...json },
  });
const versions = (projectId: string, cookie: string) =>
  t.app.inject({ method: "GET", url: `/api/projects/${projectId}/versions`, headers: { cookie } });
const projectRow = async (id: string) => {
  const [row] = await t.app.ctx.db.select().from(projects).where(eq(projects.id, id));
  if (!row) throw new Error("no project");
  return row;
};
const versionCount = async (id: string) =>
  (await t.app.ctx.db.select({ n: count() }).from(projectVersions).where(eq(projectVersions.projectId, id)))[0]?.n;

async function projectInDevelopment(email: string): Promise<{ owner: Customer; projectId: string }> {
  const owner = await customer(t.app, email, "Olive Owner");
  const project = await createProjectWithStatus(t.app.ctx.db, { ownerId: owner.userId, status: "development" });
  await t.app.ctx.db
    .update(projects)
    .set({ deliveryStartedAt: new Date(Date.now() - 3_600_000), deliveryDueAt: new Date(Date.now() + 47 * 3_600_000) })
    .where(eq(projects.id, project.id));
  return { owner, projectId: project.id };
}

describe("publishing a prototype version", () => {
  it("makes the first version the delivery: the prototype URL, the clock stopped, testing, the customer told, audited", async () => {
    const { owner, projectId } = await projectInDevelopment("ver-first@example.com");
    const res = await publish(projectId, admin, {
      url: "https://proto.example.com/app",
      releaseNotes: "First working prototype: **sign-in** and the booking flow.",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      projectId,
      number: 1,
      url: "https://proto.example.com/app",
      releaseNotes: "First working prototype: **sign-in** and the booking flow.",
      publishedBy: { name: "Ada Admin" },
    });
    const project = await projectRow(projectId);
    expect(project.prototypeUrl).toBe("https://proto.example.com/app");
    expect(project.status).toBe("testing");
    expect(project.deliveredAt).toBeInstanceOf(Date);
    expect(project.iterationsUsed).toBe(0);

    const listed = await t.app.inject({ method: "GET", url: "/api/projects", headers: { cookie: owner.cookie } });
    const dto = listed.json().items.find((p: { id: string }) => p.id === projectId);
    expect(dto.deliveredAt).toBe(project.deliveredAt?.toISOString());
    expect(dto.deliveryStartedAt).toBe(project.deliveryStartedAt?.toISOString());

    const events = await t.app.ctx.db
      .select({ type: activityEvents.type, title: activityEvents.title, notify: activityEvents.notify })
      .from(activityEvents)
      .where(eq(activityEvents.projectId, projectId));
    expect(events).toContainEqual({ type: "project.prototype_ready", title: "Your prototype is online", notify: true });
    const [audit] = await t.app.ctx.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.projectId, projectId), eq(adminAuditLog.action, "project.version_published")));
    expect(audit?.actorEmail).toBe("admin@blueprint.local");
    expect(audit?.changes).toContainEqual({ field: "latestVersion", before: null, after: 1 });
    expect(audit?.changes).toContainEqual({ field: "status", before: "development", after: "testing" });
  });

  it("lists versions newest first for the project's people, and hides them from strangers", async () => {
    const { owner, projectId } = await projectInDevelopment("ver-list@example.com");
    expect((await publish(projectId, admin, { url: "https://p.example.com/v1", releaseNotes: "One" })).statusCode).toBe(201);
    expect((await publish(projectId, admin, { url: "https://p.example.com/v2", releaseNotes: "Two" })).statusCode).toBe(201);
    const res = await versions(projectId, owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 2, page: 1 });
    expect(res.json().items.map((v: { number: number; url: string }) => [v.number, v.url])).toEqual([
      [2, "https://p.example.com/v2"],
      [1, "https://p.example.com/v1"],
    ]);
    expect((await projectRow(projectId)).prototypeUrl).toBe("https://p.example.com/v2");
    expect((await versions(projectId, admin)).statusCode).toBe(200);
    const stranger = await customer(t.app, "ver-stranger@example.com");
    expect((await versions(projectId, stranger.cookie)).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: `/api/projects/${projectId}/versions` })).statusCode).toBe(401);
  });

  it("ends the open round with each later version: pending items move on, iterationsUsed counts, items name their version", async () => {
    const { owner, projectId } = await projectInDevelopment("ver-rounds@example.com");
    const before = await postFeedback(t.app, projectId, owner.cookie, GOOD_FEEDBACK);
    expect(before.json().versionNumber).toBeNull();
    await publish(projectId, admin, { url: "https://p.example.com/v1", releaseNotes: "One" });
    const item = await postFeedback(t.app, projectId, owner.cookie, GOOD_FEEDBACK);
    expect(item.json()).toMatchObject({ round: 1, versionNumber: 1 });

    const v2 = await publish(projectId, admin, { url: "https://p.example.com/v2", releaseNotes: "Two" });
    expect(v2.statusCode).toBe(201);
    expect((await projectRow(projectId)).iterationsUsed).toBe(1);
    const [moved] = await t.app.ctx.db.select().from(feedback).where(eq(feedback.id, item.json().id));
    expect(moved?.round).toBe(2);
    const after = await postFeedback(t.app, projectId, owner.cookie, GOOD_FEEDBACK);
    expect(after.json()).toMatchObject({ round: 2, versionNumber: 2 });
    const [told] = await t.app.ctx.db
      .select({ title: activityEvents.title })
      .from(activityEvents)
      .where(and(eq(activityEvents.projectId, projectId), eq(activityEvents.type, "project.version_published")));
    expect(told?.title).toBe("Version 2 of your prototype is online");
  });

  it("answers 409 past maxIterations with nothing stored, until the company raises the limit (audited)", async () => {
    const { projectId } = await projectInDevelopment("ver-limit@example.com");
    for (const n of [1, 2, 3, 4]) {
      const res = await publish(projectId, admin, { url: `https://p.example.com/v${n}`, releaseNotes: `Version ${n}` });
      expect(res.statusCode).toBe(201);
    }
    expect((await projectRow(projectId)).iterationsUsed).toBe(3);
    const refused = await publish(projectId, admin, { url: "https://p.example.com/v5", releaseNotes: "Five" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "ROUNDS_USED_UP", message: VERSION_MESSAGES.roundsUsedUp(3) });
    expect(refused.json().requestId).toEqual(expect.any(String));
    expect(await versionCount(projectId)).toBe(4);
    const project = await projectRow(projectId);
    expect(project).toMatchObject({ iterationsUsed: 3, prototypeUrl: "https://p.example.com/v4" });

    const raise = await t.app.inject({
      method: "PATCH",
      url: `/api/company/projects/${projectId}`,
      payload: { maxIterations: 4 },
      headers: { cookie: admin, ...json },
    });
    expect(raise.statusCode).toBe(200);
    const audits = await t.app.ctx.db.select().from(adminAuditLog).where(eq(adminAuditLog.projectId, projectId));
    expect(audits.flatMap((a) => a.changes)).toContainEqual({ field: "maxIterations", before: 3, after: 4 });
    const fifth = await publish(projectId, admin, { url: "https://p.example.com/v5", releaseNotes: "Five" });
    expect(fifth.statusCode).toBe(201);
    expect(fifth.json().number).toBe(5);
  });
});

describe("bad input stores nothing", () => {
  it.each([
    [{ url: "http://proto.example.com", releaseNotes: "x" }, "url", VERSION_MESSAGES.urlHttps],
    [{ url: "ftp://proto.example.com", releaseNotes: "x" }, "url", VERSION_MESSAGES.urlHttps],
    [{ url: "not a web address", releaseNotes: "x" }, "url", VERSION_MESSAGES.urlHttps],
    [{ url: "", releaseNotes: "x" }, "url", VERSION_MESSAGES.urlRequired],
    [{ url: "https://127.0.0.1/app", releaseNotes: "x" }, "url", VERSION_MESSAGES.urlPrivate],
    [{ url: "https://10.0.0.5/app", releaseNotes: "x" }, "url", VERSION_MESSAGES.urlPrivate],
    [{ url: "https://169.254.169.254/latest", releaseNotes: "x" }, "url", VERSION_MESSAGES.urlPrivate],
    [{ url: "https://[::1]/app", releaseNotes: "x" }, "url", VERSION_MESSAGES.urlPrivate],
    [{ url: "https://localhost:3000/", releaseNotes: "x" }, "url", VERSION_MESSAGES.urlPrivate],
    [{ url: "https://intranet/", releaseNotes: "x" }, "url", VERSION_MESSAGES.urlPrivate],
    [{ url: "https://p.example.com", releaseNotes: "   " }, "releaseNotes", VERSION_MESSAGES.notesRequired],
    [{ url: "https://p.example.com" }, "releaseNotes", VERSION_MESSAGES.notesRequired],
    [{ url: "https://p.example.com", releaseNotes: "x".repeat(5001) }, "releaseNotes", VERSION_MESSAGES.notesTooLong],
    [{ url: "https://p.example.com", releaseNotes: "x", number: 7 }, "number", "Unknown field: number"],
  ])("refuses %j with the field's message", async (payload, field, message) => {
    const { projectId } = await projectInDevelopment(`ver-bad-${field}-${Math.random().toString(36).slice(2)}@example.com`);
    const res = await publish(projectId, admin, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "VALIDATION_FAILED", fields: { [field]: message } });
    expect(res.json().requestId).toEqual(expect.any(String));
    expect(await versionCount(projectId)).toBe(0);
    expect((await projectRow(projectId)).prototypeUrl).toBeNull();
  });

  it("accepts an origin the operator listed for framing (a local prototype), http included", async () => {
    const { projectId } = await projectInDevelopment("ver-listed@example.com");
    const res = await publish(projectId, admin, { url: `${LISTED_ORIGIN}/proto`, releaseNotes: "Local" });
    expect(res.statusCode).toBe(201);
  });

  it("refuses a customer calling the company route (even the owner), an unknown and a malformed project", async () => {
    const { owner, projectId } = await projectInDevelopment("ver-owner@example.com");
    const res = await publish(projectId, owner.cookie, { url: "https://p.example.com", releaseNotes: "Mine" });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: "FORBIDDEN" });
    expect(await versionCount(projectId)).toBe(0);
    const anonymous = await t.app.inject({
      method: "POST",
      url: `/api/company/projects/${projectId}/versions`,
      payload: { url: "https://p.example.com", releaseNotes: "x" },
      headers: json,
    });
    expect(anonymous.statusCode).toBe(401);
    const unknown = await publish("7d3f1b7e-6a55-4b1f-9d3c-2a4b5c6d7e8f", admin, {
      url: "https://p.example.com",
      releaseNotes: "x",
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await publish("not-a-uuid", admin, { url: "https://p.example.com", releaseNotes: "x" });
    expect(malformed.statusCode).toBe(404);
  });
});
