// Progress updates through the real app: the company posts (JSON or with up to four images), the project's people read
// them newest first, each is emailed by the recipient's choice for "Progress updates", the console's Update due filter
// and count follow the 24-hour rule, the draft lists what happened since the last update, and bad input stores nothing.
import { randomBytes } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type Customer, createProjectWithStatus, customer, json, openTeam } from "../../../../tests/factories";
import { HTML_BYTES, JPEG_BYTES, pngOfSize } from "../../../../tests/setup/images";
import { preferencesWith } from "../../../../tests/setup/notification-preferences";
import { openForFile } from "../../../../tests/setup/per-file";
import { inviteMembers } from "../../../../tests/setup/team";
import { createTestApp, signIn } from "../../../../tests/setup/test-app";
import { UPDATE_MESSAGES } from "../../../shared/schemas/updates";
import {
  activityEvents,
  adminAuditLog,
  fileAttachments,
  notificationDigestItems,
  outgoingEmails,
  projects,
  projectUpdates,
} from "../../db/schema";

const t = openForFile(() => createTestApp());
let admin: string;
beforeAll(async () => {
  admin = await signIn(t.app, "admin@blueprint.local", "Ada Admin");
});

const GOOD = {
  summary: "The **checkout** flow is clickable.\n\n- cart\n- payment",
  health: "on_track",
  nextSteps: "Order history next.",
};
const PNG = pngOfSize(2048);

type Image = { bytes: Buffer; filename: string; contentType: string };
/** A multipart body with text fields and any number of `images` file parts, as a browser's FormData sends it. */
function form(fields: Record<string, string>, images: Image[]) {
  const boundary = `----bp-test-${randomBytes(8).toString("hex")}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const image of images) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="${image.filename}"\r\nContent-Type: ${image.contentType}\r\n\r\n`,
      ),
      image.bytes,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}
const png = (name: string): Image => ({ bytes: PNG, filename: name, contentType: "image/png" });

const post = (projectId: string, cookie: string, payload: unknown) =>
  t.app.inject({
    method: "POST",
    url: `/api/company/projects/${projectId}/updates`,
    payload: payload as Record<string, unknown>,
    headers: { cookie, ...json },
  });
const postForm = (projectId: string, cookie: string, body: ReturnType<typeof form>) =>
  t.app.inject({
    method: "POST",
    url: `/api/company/projects/${projectId}/updates`,
    payload: body.payload,
    headers: { cookie, ...body.headers },
  });
const list = (projectId: string, cookie?: string, query = "") =>
  t.app.inject({ method: "GET", url: `/api/projects/${projectId}/updates${query}`, headers: cookie ? { cookie } : {} });
const get = (url: string, cookie: string) => t.app.inject({ method: "GET", url, headers: { cookie } });

async function projectWithStatus(email: string, status: "requirements" | "development" | "testing" = "development") {
  const owner = await customer(t.app, email, "Olive Owner");
  const project = await createProjectWithStatus(t.app.ctx.db, { ownerId: owner.userId, status });
  return { owner, projectId: project.id, projectCode: project.projectCode };
}
/** Invites a member: the team opens in testing (issue 30 §3), so the project passes through it and comes back. */
async function addMember(projectId: string, owner: Customer, email: string, accessLevel: "admin" | "user" | "view_only") {
  const [before] = await t.app.ctx.db.select({ status: projects.status }).from(projects).where(eq(projects.id, projectId));
  await openTeam(t.app, projectId);
  await inviteMembers(t.app, { projectId, ownerCookie: owner.cookie }, [[email, accessLevel]]);
  if (before) await t.app.ctx.db.update(projects).set({ status: before.status }).where(eq(projects.id, projectId));
}
const setPreferences = (cookie: string, updates: "email" | "digest" | "off") =>
  t.app.inject({
    method: "PUT",
    url: "/api/me/notification-preferences",
    payload: preferencesWith({ updates }),
    headers: { cookie, ...json },
  });
const stored = async (projectId: string) => ({
  updates: (await t.app.ctx.db.select({ n: count() }).from(projectUpdates).where(eq(projectUpdates.projectId, projectId)))[0]?.n,
  files: (await t.app.ctx.db.select({ n: count() }).from(fileAttachments).where(eq(fileAttachments.projectId, projectId)))[0]?.n,
});
const updateEmailsTo = (to: string) =>
  t.app.ctx.db
    .select()
    .from(outgoingEmails)
    .where(and(eq(outgoingEmails.toAddress, to), eq(outgoingEmails.kind, "project-update")));

describe("posting a progress update", () => {
  it("answers 201 with the update, stores it, tells the owner and members (bell), audits it, and lists it for them", async () => {
    const { owner, projectId } = await projectWithStatus("upd-post@example.com");
    await addMember(projectId, owner, "upd-post-viewer@example.com", "view_only");
    const viewer = await customer(t.app, "upd-post-viewer@example.com", "Vera Viewer");
    const res = await post(projectId, admin, GOOD);
    expect(res.statusCode).toBe(201);
    const update = res.json();
    expect(update).toMatchObject({
      projectId,
      summary: GOOD.summary,
      health: "on_track",
      nextSteps: "Order history next.",
      images: [],
      author: { name: "Ada Admin" },
    });
    const [project] = await t.app.ctx.db.select().from(projects).where(eq(projects.id, projectId));
    expect(project?.lastUpdateAt?.toISOString()).toBe(update.createdAt);

    for (const cookie of [owner.cookie, viewer.cookie, admin]) {
      const listed = await list(projectId, cookie);
      expect(listed.statusCode).toBe(200);
      expect(listed.json()).toMatchObject({ total: 1, page: 1, pageSize: 10 });
      expect(listed.json().items[0]).toEqual(update);
    }
    const bells = await t.app.ctx.db
      .select({ userId: activityEvents.userId, type: activityEvents.type, notify: activityEvents.notify })
      .from(activityEvents)
      .where(and(eq(activityEvents.projectId, projectId), eq(activityEvents.type, "project.update_posted")));
    expect(bells).toEqual(
      expect.arrayContaining([
        { userId: owner.userId, type: "project.update_posted", notify: true },
        { userId: viewer.userId, type: "project.update_posted", notify: true },
      ]),
    );
    const [audit] = await t.app.ctx.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.projectId, projectId), eq(adminAuditLog.action, "project.update_posted")));
    expect(audit?.actorEmail).toBe("admin@blueprint.local");
    expect(audit?.changes).toContainEqual({ field: "updateHealth", before: null, after: "on_track" });
  });

  it("takes up to four images as multipart, checked by content, served to the project's people only", async () => {
    const { owner, projectId } = await projectWithStatus("upd-images@example.com");
    const res = await postForm(
      projectId,
      admin,
      form({ summary: "Screens attached.", health: "at_risk", nextSteps: "" }, [
        png("one.png"),
        { bytes: JPEG_BYTES, filename: "two.jpg", contentType: "image/jpeg" },
        png("three.png"),
        png("four.png"),
      ]),
    );
    expect(res.statusCode).toBe(201);
    const update = res.json();
    expect(update).toMatchObject({ health: "at_risk", nextSteps: null });
    expect(update.images.map((i: { contentType: string }) => i.contentType)).toEqual([
      "image/png",
      "image/jpeg",
      "image/png",
      "image/png",
    ]);
    const image = await get(update.images[1].url, owner.cookie);
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/jpeg");
    const stranger = await customer(t.app, "upd-images-stranger@example.com");
    expect((await get(update.images[1].url, stranger.cookie)).statusCode).toBe(404);
    expect((await list(projectId, owner.cookie)).json().items[0].images).toEqual(update.images);
  });

  it("emails the owner and members by their choice for progress updates: each time, in the daily digest, or not at all", async () => {
    const { owner, projectId } = await projectWithStatus("upd-mail@example.com");
    await addMember(projectId, owner, "upd-mail-daily@example.com", "user");
    await addMember(projectId, owner, "upd-mail-quiet@example.com", "admin");
    await addMember(projectId, owner, "upd-mail-new@example.com", "view_only");
    const daily = await customer(t.app, "upd-mail-daily@example.com");
    const quiet = await customer(t.app, "upd-mail-quiet@example.com");
    expect((await setPreferences(daily.cookie, "digest")).statusCode).toBe(200);
    expect((await setPreferences(quiet.cookie, "off")).statusCode).toBe(200);

    expect((await post(projectId, admin, { ...GOOD, health: "blocked" })).statusCode).toBe(201);
    const [toOwner] = await updateEmailsTo(owner.email);
    expect(toOwner?.subject).toMatch(/^Progress update \(Blocked\): /);
    // The summary's Markdown reaches the inbox as plain words: no marks.
    expect(toOwner?.textBody).toContain("The checkout flow is clickable.");
    expect(toOwner?.textBody).not.toContain("**");
    expect(toOwner?.textBody).toContain("Order history next.");
    expect(toOwner?.textBody).toMatch(/\/unsubscribe\?u=[0-9a-f-]{36}&k=updates&t=/);
    // An invited member who has not signed in yet is emailed at their address.
    expect(await updateEmailsTo("upd-mail-new@example.com")).toHaveLength(1);
    expect(await updateEmailsTo(daily.email)).toEqual([]);
    expect(await updateEmailsTo(quiet.email)).toEqual([]);
    const held = await t.app.ctx.db
      .select()
      .from(notificationDigestItems)
      .where(eq(notificationDigestItems.userId, daily.userId));
    expect(held).toHaveLength(1);
    expect(held[0]?.kind).toBe("updates");
    expect(
      await t.app.ctx.db.select().from(notificationDigestItems).where(eq(notificationDigestItems.userId, quiet.userId)),
    ).toEqual([]);
  });

  it("lists updates newest first, paged, and hides them from strangers and visitors", async () => {
    const { owner, projectId } = await projectWithStatus("upd-list@example.com");
    for (const summary of ["First", "Second", "Third"]) {
      expect((await post(projectId, admin, { summary, health: "on_track" })).statusCode).toBe(201);
    }
    const all = await list(projectId, owner.cookie);
    expect(all.json().items.map((u: { summary: string }) => u.summary)).toEqual(["Third", "Second", "First"]);
    const second = await list(projectId, owner.cookie, "?page=2&pageSize=1");
    expect(second.json()).toMatchObject({ total: 3, page: 2, pageSize: 1 });
    expect(second.json().items.map((u: { summary: string }) => u.summary)).toEqual(["Second"]);
    expect((await list(projectId, owner.cookie, "?pageSize=500")).statusCode).toBe(400);
    const stranger = await customer(t.app, "upd-list-stranger@example.com");
    const theirs = await list(projectId, stranger.cookie);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe((await list(crypto.randomUUID(), stranger.cookie)).json().message);
    expect((await list(projectId)).statusCode).toBe(401);
  });
});

describe("bad input", () => {
  const cases: Array<{
    name: string;
    send: (
      projectId: string,
    ) => Promise<{ statusCode: number; json(): { message?: unknown; code?: unknown; fields?: Record<string, string> } }>;
    status: number;
    field?: string;
    message?: string;
  }> = [
    {
      name: "an empty summary",
      send: (id) => post(id, admin, { ...GOOD, summary: "   " }),
      status: 400,
      field: "summary",
      message: UPDATE_MESSAGES.summaryRequired,
    },
    {
      name: "no summary",
      send: (id) => post(id, admin, { health: "on_track" }),
      status: 400,
      field: "summary",
      message: UPDATE_MESSAGES.summaryRequired,
    },
    {
      name: "a summary over 5,000 characters",
      send: (id) => post(id, admin, { ...GOOD, summary: "x".repeat(5001) }),
      status: 400,
      field: "summary",
      message: UPDATE_MESSAGES.summaryTooLong,
    },
    {
      name: "a health outside the list",
      send: (id) => post(id, admin, { ...GOOD, health: "great" }),
      status: 400,
      field: "health",
      message: UPDATE_MESSAGES.healthInvalid,
    },
    {
      name: "next steps over 2,000 characters",
      send: (id) => post(id, admin, { ...GOOD, nextSteps: "y".repeat(2001) }),
      status: 400,
      field: "nextSteps",
      message: UPDATE_MESSAGES.nextStepsTooLong,
    },
    {
      name: "a field nobody may set",
      send: (id) => post(id, admin, { ...GOOD, authorId: crypto.randomUUID() }),
      status: 400,
      field: "authorId",
    },
    {
      name: "five images",
      send: (id) => postForm(id, admin, form(GOOD, [png("1.png"), png("2.png"), png("3.png"), png("4.png"), png("5.png")])),
      status: 400,
      field: "images",
      message: UPDATE_MESSAGES.tooManyImages,
    },
    {
      name: "a file that is not an image (an HTML page named .png), after a good one",
      send: (id) =>
        postForm(id, admin, form(GOOD, [png("ok.png"), { bytes: HTML_BYTES, filename: "shot.png", contentType: "image/png" }])),
      status: 415,
      field: "images",
    },
    {
      name: "an image over 5 MB",
      send: (id) =>
        postForm(id, admin, form(GOOD, [{ bytes: pngOfSize(5.5 * 1024 * 1024), filename: "big.png", contentType: "image/png" }])),
      status: 413,
      field: "images",
    },
    {
      name: "a bad field with good images",
      send: (id) => postForm(id, admin, form({ ...GOOD, health: "fine" }, [png("ok.png")])),
      status: 400,
      field: "health",
    },
  ];

  it.each(cases)("$name: $status with the field's message, nothing stored or sent", async ({ send, status, field, message }) => {
    const { owner, projectId } = await projectWithStatus(`upd-bad-${randomBytes(4).toString("hex")}@example.com`);
    const res = await send(projectId);
    expect(res.statusCode).toBe(status);
    const body = res.json();
    expect(typeof body.message).toBe("string");
    expect(typeof body.code).toBe("string");
    if (field) expect(body.fields?.[field]).toEqual(message ?? expect.any(String));
    expect(await stored(projectId)).toEqual({ updates: 0, files: 0 });
    expect(await updateEmailsTo(owner.email)).toEqual([]);
    const [project] = await t.app.ctx.db.select().from(projects).where(eq(projects.id, projectId));
    expect(project?.lastUpdateAt).toBeNull();
  });

  it("answers a customer on the company route 403, even the project's owner, and stores nothing", async () => {
    const { owner, projectId } = await projectWithStatus("upd-customer@example.com");
    const res = await post(projectId, owner.cookie, GOOD);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("FORBIDDEN");
    expect(
      (
        await t.app.inject({
          method: "GET",
          url: `/api/company/projects/${projectId}/updates/draft`,
          headers: { cookie: owner.cookie },
        })
      ).statusCode,
    ).toBe(403);
    expect(await stored(projectId)).toEqual({ updates: 0, files: 0 });
  });

  it("answers 404 for a project id that names no project (forged or malformed), storing no image", async () => {
    const before = (await t.app.ctx.db.select({ n: count() }).from(fileAttachments))[0]?.n;
    for (const id of [crypto.randomUUID(), "not-a-project"]) {
      const res = await post(id, admin, GOOD);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe("NOT_FOUND");
      expect((await postForm(id, admin, form(GOOD, [png("x.png")]))).statusCode).toBe(404);
    }
    expect((await t.app.ctx.db.select({ n: count() }).from(fileAttachments))[0]?.n).toBe(before);
  });
});

describe("Update due", () => {
  const dueList = async (projectCode: string) =>
    (await get(`/api/company/projects?update=due&search=${projectCode}`, admin))
      .json()
      .items.map((p: { projectCode: string }) => p.projectCode);
  const dueCount = async () => (await get("/api/company/stats", admin)).json().updateDue as number;

  it("lists a project in development or testing with no update in 24 hours or none since development began, and counts it", async () => {
    const fresh = await projectWithStatus("upd-due-fresh@example.com", "development");
    const early = await projectWithStatus("upd-due-early@example.com", "requirements");
    expect(await dueList(fresh.projectCode)).toEqual([fresh.projectCode]);
    expect(await dueList(early.projectCode)).toEqual([]);
    const countBefore = await dueCount();

    expect((await post(fresh.projectId, admin, GOOD)).statusCode).toBe(201);
    expect(await dueList(fresh.projectCode)).toEqual([]);
    expect(await dueCount()).toBe(countBefore - 1);

    // A day later with nothing new, it is due again.
    await t.app.ctx.db
      .update(projects)
      .set({ lastUpdateAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(projects.id, fresh.projectId));
    expect(await dueList(fresh.projectCode)).toEqual([fresh.projectCode]);
    expect(await dueCount()).toBe(countBefore);

    // An update posted during requirements does not count once the project enters development.
    expect((await post(early.projectId, admin, GOOD)).statusCode).toBe(201);
    const moved = await t.app.inject({
      method: "PATCH",
      url: `/api/company/projects/${early.projectId}`,
      payload: { status: "development" },
      headers: { cookie: admin, ...json },
    });
    expect(moved.statusCode).toBe(200);
    expect(await dueList(early.projectCode)).toEqual([early.projectCode]);
    expect(await dueCount()).toBe(countBefore + 1);
  });
});

describe("the draft from activity", () => {
  it("lists the versions, answered feedback and messages since the last update, and nothing once an update covers them", async () => {
    const { owner, projectId } = await projectWithStatus("upd-draft@example.com");
    const draft = () => get(`/api/company/projects/${projectId}/updates/draft`, admin);
    expect((await draft()).json()).toEqual({ summary: "", since: null, items: 0 });

    const version = await post(projectId, admin, GOOD).then(() =>
      t.app.inject({
        method: "POST",
        url: `/api/company/projects/${projectId}/versions`,
        payload: { url: "https://proto.example.com/v1", releaseNotes: "Sign-in and the booking flow\n\nMore text." },
        headers: { cookie: admin, ...json },
      }),
    );
    expect(version.statusCode).toBe(201);
    const item = await t.app.inject({
      method: "POST",
      url: `/api/projects/${projectId}/feedback`,
      payload: { feedbackType: "error", issueFaced: "The *Book* button does nothing", changeDescription: "Make it book" },
      headers: { cookie: owner.cookie, ...json },
    });
    expect(item.statusCode).toBe(201);
    const answered = await t.app.inject({
      method: "PATCH",
      url: `/api/projects/${projectId}/feedback/${item.json().id}`,
      payload: { status: "done", adminComment: "Fixed in version 1" },
      headers: { cookie: admin, ...json },
    });
    expect(answered.statusCode).toBe(200);
    const message = await t.app.inject({
      method: "POST",
      url: `/api/projects/${projectId}/communications`,
      payload: { type: "message", subject: "Colours", content: "Can the header be darker?" },
      headers: { cookie: owner.cookie, ...json },
    });
    expect(message.statusCode).toBe(201);

    const res = await draft();
    expect(res.statusCode).toBe(200);
    const { summary, since, items } = res.json();
    expect(since).not.toBeNull();
    expect(items).toBe(3);
    expect(summary).toContain("Since our last update:");
    expect(summary).toContain("- Version 1 is online: Sign-in and the booking flow");
    expect(summary).toContain("- “The \\*Book\\* button does nothing”: done (Fixed in version 1)");
    expect(summary).toContain("- “Colours”");

    expect((await post(projectId, admin, { summary, health: "on_track" })).statusCode).toBe(201);
    expect((await draft()).json()).toMatchObject({ summary: "", items: 0 });
  });
});
