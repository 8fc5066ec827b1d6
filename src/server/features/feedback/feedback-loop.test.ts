// The feedback loop through the real app (issue 28, part 4): the company marks an item fixed in a published version or
// won't fix with a reason; the reporter and the owner are told (bell and email); the customer confirms the fix or
// reopens the item with a reason, which returns it to pending in the current round; every step is in the item's
// history, returned with the item. Bad input answers 4xx with the JSON error shape and stores nothing.
import { and, desc, eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createProjectWithStatus, customer, json, openTeam } from "../../../../tests/factories";
import { feedbackUrl, patchFeedback, postFeedback } from "../../../../tests/setup/feedback";
import { asFeedbackId } from "../../../../tests/setup/ids";
import { openForFile } from "../../../../tests/setup/per-file";
import { startSmtpServer } from "../../../../tests/setup/smtp";
import { inviteMembers } from "../../../../tests/setup/team";
import { createTestApp, signIn } from "../../../../tests/setup/test-app";
import { FEEDBACK_MESSAGES } from "../../../shared/schemas/feedback";
import { activityEvents, adminAuditLog, feedback, projects } from "../../db/schema";

const smtp = openForFile(() => startSmtpServer());
const t = openForFile(() => createTestApp({ SMTP_URL: smtp.url }));
let admin: string;
const who: Record<string, string> = {};
let ownerId: string;
let projectId: string;
let otherProjectId: string;

beforeAll(async () => {
  admin = await signIn(t.app, "admin@blueprint.local", "Ada Admin");
  const owner = await customer(t.app, "loop-owner@example.com", "Olive Owner");
  ownerId = owner.userId;
  projectId = (await createProjectWithStatus(t.app.ctx.db, { ownerId: owner.userId, status: "development" })).id;
  // The team is invited while the project is in testing (issue 30 §3); the loop then starts from development again.
  await openTeam(t.app, projectId);
  await inviteMembers(t.app, { projectId, ownerCookie: owner.cookie }, [
    ["loop-admin@example.com", "admin"],
    ["loop-user@example.com", "user"],
    ["loop-user2@example.com", "user"],
    ["loop-viewer@example.com", "view_only"],
  ]);
  await t.app.ctx.db.update(projects).set({ status: "development", prototypeUrl: null }).where(eq(projects.id, projectId));
  Object.assign(who, {
    owner: owner.cookie,
    adminMember: await signIn(t.app, "loop-admin@example.com", "Adam Member"),
    userMember: await signIn(t.app, "loop-user@example.com", "Ursula User"),
    otherUserMember: await signIn(t.app, "loop-user2@example.com", "Otto User"),
    viewOnly: await signIn(t.app, "loop-viewer@example.com", "Vera Viewer"),
  });
  expect((await publish(projectId, "https://proto.example.com/v1", "First prototype")).statusCode).toBe(201);
  const stranger = await customer(t.app, "loop-stranger@example.com");
  otherProjectId = (await createProjectWithStatus(t.app.ctx.db, { ownerId: stranger.userId, status: "development" })).id;
  for (const n of [1, 2, 3, 4]) {
    expect((await publish(otherProjectId, `https://other.example.com/v${n}`, `Other ${n}`)).statusCode).toBe(201);
  }
});

function publish(id: string, url: string, releaseNotes: string) {
  return t.app.inject({
    method: "POST",
    url: `/api/company/projects/${id}/versions`,
    payload: { url, releaseNotes },
    headers: { cookie: admin, ...json },
  });
}
const resolve = (feedbackId: string, payload: object, cookie = admin, id = projectId) =>
  t.app.inject({
    method: "POST",
    url: `/api/company/projects/${id}/feedback/${feedbackId}/resolution`,
    payload,
    headers: { cookie, ...json },
  });
const confirm = (feedbackId: string, cookie: string) =>
  t.app.inject({ method: "POST", url: `${feedbackUrl(projectId, feedbackId)}/confirm`, headers: { cookie } });
const reopen = (feedbackId: string, cookie: string, payload: object) =>
  t.app.inject({ method: "POST", url: `${feedbackUrl(projectId, feedbackId)}/reopen`, payload, headers: { cookie, ...json } });
const row = async (id: string) => {
  const [found] = await t.app.ctx.db
    .select()
    .from(feedback)
    .where(eq(feedback.id, asFeedbackId(id)));
  if (!found) throw new Error("no feedback row");
  return found;
};
const report = async (cookie: string) => {
  const res = await postFeedback(t.app, projectId, cookie);
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string };
};
const latestProject = async () => {
  const [found] = await t.app.ctx.db.select().from(projects).where(eq(projects.id, projectId));
  if (!found) throw new Error("no project");
  return found;
};

describe("the feedback loop", () => {
  it("walks reported → fixed in version 2 → reopened → fixed in version 3 → confirmed, telling each side", async () => {
    const item = await report(who.userMember as string);
    expect(item).toMatchObject({ status: "pending", versionNumber: 1, resolution: null, verifiable: true });

    expect((await publish(projectId, "https://proto.example.com/v2", "Fixes the Save button")).statusCode).toBe(201);
    const fixed = await resolve(item.id, { resolution: "fixed", versionNumber: 2 });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json()).toMatchObject({ status: "done", resolution: "fixed", fixedInVersion: 2, confirmedAt: null });

    // The reporter and the owner: a bell entry and an email each.
    await t.app.emailWorker.drain();
    for (const email of ["loop-user@example.com", "loop-owner@example.com"]) {
      const mail = await smtp.waitFor((m) => m.to === email && m.subject.startsWith("Fixed in version 2"));
      expect(mail.text).toContain("Confirm or reopen");
      // A feedback notification: its one-click unsubscribe line (email/kinds.test.ts checks the headers of every kind).
      expect(mail.text).toMatch(/unsubscribe/i);
    }
    const bells = await t.app.ctx.db
      .select()
      .from(activityEvents)
      .where(and(eq(activityEvents.projectId, projectId), eq(activityEvents.type, "feedback.fixed")));
    expect(bells).toHaveLength(2);
    expect(bells.every((b) => b.notify && b.title === "Fixed in version 2")).toBe(true);
    const [audit] = await t.app.ctx.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.projectId, projectId), eq(adminAuditLog.action, "feedback.resolved")));
    expect(audit?.changes).toContainEqual({ field: "fixedInVersion", before: null, after: 2 });

    // Still broken: the reporter reopens it; it returns to pending in the current round (round 2 after version 2).
    const reopened = await reopen(item.id, who.userMember as string, { reason: "  Still does nothing on the second click  " });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toMatchObject({ status: "pending", resolution: null, fixedInVersion: null, round: 2 });
    expect((await latestProject()).iterationsUsed).toBe(1);
    const [companyBell] = await t.app.ctx.db
      .select()
      .from(activityEvents)
      .where(and(isNull(activityEvents.userId), eq(activityEvents.type, "feedback.reopened")))
      .orderBy(desc(activityEvents.createdAt));
    expect(companyBell).toMatchObject({ notify: true, projectId });
    expect(companyBell?.description).toContain("Still does nothing on the second click");

    // The company sees it reopened, with the reason, in Feedback Management.
    const company = await t.app.inject({
      method: "GET",
      url: `/api/company/feedback?projectId=${projectId}&status=pending`,
      headers: { cookie: admin },
    });
    const listed = company.json().items.find((i: { id: string }) => i.id === item.id);
    expect(listed.history.at(-1)).toMatchObject({
      kind: "reopened",
      note: "Still does nothing on the second click",
      actorName: "Ursula User",
      round: 2,
      status: "pending",
    });

    expect((await publish(projectId, "https://proto.example.com/v3", "Save works every time")).statusCode).toBe(201);
    expect((await resolve(item.id, { resolution: "fixed", versionNumber: 3 })).statusCode).toBe(200);
    const confirmed = await confirm(item.id, who.owner as string);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: "done", resolution: "fixed", fixedInVersion: 3 });
    expect(confirmed.json().confirmedAt).toEqual(expect.any(String));

    // The whole history, in order, with the item in the project's list (one request for the page).
    const list = await t.app.inject({ method: "GET", url: feedbackUrl(projectId), headers: { cookie: who.owner as string } });
    const history = list.json().items.find((i: { id: string }) => i.id === item.id).history;
    expect(history.map((e: { kind: string; versionNumber: number | null }) => [e.kind, e.versionNumber])).toEqual([
      ["reported", 1],
      ["fixed", 2],
      ["reopened", null],
      ["fixed", 3],
      ["confirmed", 3],
    ]);
    const times = history.map((e: { at: string }) => Date.parse(e.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(history[0]).toMatchObject({ actorName: "Ursula User", byCompany: false });
    expect(history[1]).toMatchObject({ actorName: "Ada Admin", byCompany: true });
  });

  it("marks an item won't fix with its reason, tells the owner, and lets the owner reopen it", async () => {
    const item = await report(who.owner as string);
    const res = await resolve(item.id, { resolution: "wont_fix", reason: "The layout follows the approved brief." });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "done", resolution: "wont_fix", fixedInVersion: null });
    expect(res.json().history.at(-1)).toMatchObject({ kind: "wont_fix", note: "The layout follows the approved brief." });
    await t.app.emailWorker.drain();
    const mail = await smtp.waitFor((m) => m.to === "loop-owner@example.com" && m.subject.includes("will not be fixed"));
    expect(mail.text).toContain("The layout follows the approved brief.");
    // Only the owner is told once when the owner reported it.
    const bells = await t.app.ctx.db
      .select()
      .from(activityEvents)
      .where(and(eq(activityEvents.userId, ownerId), eq(activityEvents.type, "feedback.wont_fix")));
    expect(bells).toHaveLength(1);
    // A won't-fix item cannot be "confirmed": there is no fix.
    const refused = await confirm(item.id, who.owner as string);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "CONFLICT", message: FEEDBACK_MESSAGES.onlyFixedConfirmed });
    const again = await reopen(item.id, who.adminMember as string, { reason: "The brief was changed in our call." });
    expect(again.statusCode).toBe(200);
    expect(again.json().status).toBe("pending");
  });

  it("records the company's reply as an answered event, and its marking pending again clears the fix", async () => {
    const item = await report(who.owner as string);
    const answered = await patchFeedback(t.app, projectId, item.id, admin, { adminComment: "Looking into it", status: "done" });
    expect(answered.statusCode).toBe(200);
    expect(answered.json().history.map((e: { kind: string }) => e.kind)).toEqual(["reported", "answered"]);
    expect(answered.json().history[1]).toMatchObject({ note: "Looking into it", status: "done", byCompany: true });
    expect((await resolve(item.id, { resolution: "fixed", versionNumber: 3 })).statusCode).toBe(200);
    const back = await patchFeedback(t.app, projectId, item.id, admin, { status: "pending" });
    expect(back.json()).toMatchObject({ status: "pending", resolution: null, fixedInVersion: null });
  });
});

describe("who may confirm or reopen", () => {
  it.each([
    ["the owner", "owner", 200],
    ["an admin member", "adminMember", 200],
    ["the reporter (a user member)", "userMember", 200],
    ["another user member", "otherUserMember", 403],
    ["a view-only member", "viewOnly", 403],
    ["the company", "company", 403],
  ])("%s (%s) confirming a user member's fixed item answers %s", async (_label, role, status) => {
    const item = await report(who.userMember as string);
    expect((await resolve(item.id, { resolution: "fixed", versionNumber: 3 })).statusCode).toBe(200);
    const before = await row(item.id);
    const cookie = role === "company" ? admin : (who[role] as string);
    const res = await confirm(item.id, cookie);
    expect(res.statusCode).toBe(status);
    if (status === 403) {
      expect(res.json()).toMatchObject({ code: "FORBIDDEN", message: FEEDBACK_MESSAGES.notVerifiable });
      expect(await row(item.id)).toEqual(before);
      const reopenRes = await reopen(item.id, cookie, { reason: "Not fixed for me" });
      expect(reopenRes.statusCode).toBe(403);
      expect(await row(item.id)).toEqual(before);
    }
  });

  it("a stranger to the project gets 404 and changes nothing", async () => {
    const item = await report(who.owner as string);
    await resolve(item.id, { resolution: "fixed", versionNumber: 3 });
    const before = await row(item.id);
    const stranger = await signIn(t.app, "loop-stranger@example.com");
    expect((await confirm(item.id, stranger)).statusCode).toBe(404);
    expect(await row(item.id)).toEqual(before);
  });
});

describe("bad input stores nothing", () => {
  const cases: [string, object, string, string][] = [
    ["won't fix without a reason", { resolution: "wont_fix" }, "reason", FEEDBACK_MESSAGES.wontFixReasonRequired],
    [
      "won't fix with a blank reason",
      { resolution: "wont_fix", reason: "   " },
      "reason",
      FEEDBACK_MESSAGES.wontFixReasonRequired,
    ],
    ["fixed without a version", { resolution: "fixed" }, "versionNumber", FEEDBACK_MESSAGES.versionRequired],
    [
      "a version not published",
      { resolution: "fixed", versionNumber: 9 },
      "versionNumber",
      FEEDBACK_MESSAGES.versionNotPublished(9),
    ],
    // Version 4 exists only on another project.
    [
      "a version of another project",
      { resolution: "fixed", versionNumber: 4 },
      "versionNumber",
      FEEDBACK_MESSAGES.versionNotPublished(4),
    ],
    ["no resolution", { versionNumber: 2 }, "resolution", FEEDBACK_MESSAGES.resolutionRequired],
    ["a resolution outside the list", { resolution: "done" }, "resolution", FEEDBACK_MESSAGES.resolutionRequired],
  ];
  it.each(cases)("%s answers 400 with the field's message", async (_label, payload, field, message) => {
    const item = await report(who.owner as string);
    const before = await row(item.id);
    const res = await resolve(item.id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("VALIDATION_FAILED");
    expect(res.json().fields[field]).toBe(message);
    expect(await row(item.id)).toEqual(before);
  });

  it("a fix in a version older than the one it was reported on answers 400", async () => {
    const item = await report(who.owner as string); // reported on version 3
    const res = await resolve(item.id, { resolution: "fixed", versionNumber: 2 });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.versionNumber).toBe(FEEDBACK_MESSAGES.versionBeforeReport(2, 3));
  });

  it("a customer calling the company route answers 403 and stores nothing", async () => {
    const item = await report(who.owner as string);
    const before = await row(item.id);
    const audits = await t.app.ctx.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, "feedback.resolved"));
    for (const cookie of [who.owner, who.adminMember] as string[]) {
      const res = await resolve(item.id, { resolution: "fixed", versionNumber: 3 }, cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: "FORBIDDEN", message: expect.any(String) });
    }
    expect(await row(item.id)).toEqual(before);
    expect(await t.app.ctx.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, "feedback.resolved"))).toHaveLength(
      audits.length,
    );
  });

  it("an item of another project through this project's path answers 404", async () => {
    const item = await report(who.owner as string);
    const res = await resolve(item.id, { resolution: "fixed", versionNumber: 1 }, admin, otherProjectId);
    expect(res.statusCode).toBe(404);
    expect((await row(item.id)).resolution).toBeNull();
  });

  it.each([
    ["no body", undefined],
    ["no reason", {}],
    ["a blank reason", { reason: "  " }],
    ["an overlong reason", { reason: "x".repeat(2001) }],
  ])("a reopen with %s answers 400 and stays fixed", async (_label, payload) => {
    const item = await report(who.owner as string);
    await resolve(item.id, { resolution: "fixed", versionNumber: 3 });
    const before = await row(item.id);
    const res = payload
      ? await reopen(item.id, who.owner as string, payload)
      : await t.app.inject({
          method: "POST",
          url: `${feedbackUrl(projectId, item.id)}/reopen`,
          headers: { cookie: who.owner as string },
        });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("VALIDATION_FAILED");
    if (payload && "reason" in payload && payload.reason.length > 10) {
      expect(res.json().fields.reason).toBe(FEEDBACK_MESSAGES.reasonTooLong);
    } else if (payload) {
      expect(res.json().fields.reason).toBe(FEEDBACK_MESSAGES.reopenReasonRequired);
    }
    expect(await row(item.id)).toEqual(before);
  });

  it("reopening an open item and confirming twice answer 409", async () => {
    const item = await report(who.owner as string);
    const open = await reopen(item.id, who.owner as string, { reason: "Still broken" });
    expect(open.statusCode).toBe(409);
    expect(open.json().message).toBe(FEEDBACK_MESSAGES.alreadyOpen);
    await resolve(item.id, { resolution: "fixed", versionNumber: 3 });
    expect((await confirm(item.id, who.owner as string)).statusCode).toBe(200);
    const before = await row(item.id);
    const twice = await confirm(item.id, who.owner as string);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(FEEDBACK_MESSAGES.alreadyConfirmed);
    expect(await row(item.id)).toEqual(before);
  });
});
