// Feedback through the real app: screenshots as data URLs and uploads, the edit lock, the company's side, rounds.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type Customer, customer, json, newProject } from "../../../../tests/factories";
import { feedbackUrl, GOOD_FEEDBACK, multipartBody, patchFeedback, postFeedback } from "../../../../tests/setup/feedback";
import { HTML_BYTES, pngOfSize } from "../../../../tests/setup/images";
import { openForFile } from "../../../../tests/setup/per-file";
import { pngDataUrl } from "../../../../tests/setup/png";
import { startSmtpServer } from "../../../../tests/setup/smtp";
import { createTestApp, signIn } from "../../../../tests/setup/test-app";
import { FEEDBACK_MESSAGES } from "../../../shared/schemas/feedback";
import { activityEvents, fileAttachments, fileBlobs, projects } from "../../db/schema";

const smtp = openForFile(() => startSmtpServer());
const t = openForFile(() => createTestApp({ SMTP_URL: smtp.url }));
let admin: string;
beforeAll(async () => {
  admin = await signIn(t.app, "admin@blueprint.local", "Ada Admin");
});

const MB = 1024 * 1024;
const CHROME_UA =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

/** The feedback form as a multipart body (`multipartBody`), sent by `cookie`. */
const postForm = (projectId: string, cookie: string, form: ReturnType<typeof multipartBody>) =>
  t.app.inject({ method: "POST", url: feedbackUrl(projectId), payload: form.payload, headers: { cookie, ...form.headers } });

async function ownerWithProject(email: string): Promise<{ owner: Customer; projectId: string; projectCode: string }> {
  const owner = await customer(t.app, email, "Olive Owner");
  const project = await newProject(t.app, owner);
  return { owner, projectId: project.id, projectCode: project.projectCode };
}

describe("submitting feedback", () => {
  it("stores a 4 MB screenshot sent as a data URL once, as a file the project's people can fetch, with the context", async () => {
    const { owner, projectId } = await ownerWithProject("fb-create@example.com");
    const image = pngOfSize(4 * MB);
    const res = await t.app.inject({
      method: "POST",
      url: feedbackUrl(projectId),
      payload: {
        ...GOOD_FEEDBACK,
        screenshotUrl: pngDataUrl(image),
        projectId,
        status: "done",
        adminComment: "I approve my own feedback",
        context: {
          pageUrl: "https://proto.example.com/booking?step=2",
          viewport: { width: 1280, height: 720 },
          timezone: "Europe/London",
        },
      },
      headers: { cookie: owner.cookie, "user-agent": CHROME_UA, ...json },
    });
    expect(res.statusCode).toBe(201);
    const item = res.json();
    expect(item).toMatchObject({
      ...GOOD_FEEDBACK,
      status: "pending",
      adminComment: null,
      adminUpdatedAt: null,
      round: 1,
      editable: true,
      author: { email: "fb-create@example.com", name: "Olive Owner" },
      context: {
        pageUrl: "https://proto.example.com/booking?step=2",
        browser: "Chrome 126",
        os: "macOS 10.15",
        viewport: { width: 1280, height: 720 },
        timezone: "Europe/London",
        consoleErrors: [],
      },
    });
    expect(item.screenshotUrl).toMatch(/^\/api\/files\/[0-9a-f]{64}$/);
    const file = await t.app.inject({ method: "GET", url: item.screenshotUrl, headers: { cookie: owner.cookie } });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(image)).toBe(true);
    const [blob] = await t.app.ctx.db
      .select({ size: fileBlobs.size })
      .from(fileBlobs)
      .where(eq(fileBlobs.id, item.screenshotUrl.slice(11)));
    expect(blob?.size).toBe(4 * MB);
  });

  it("answers every field's own message for an empty form", async () => {
    const { owner, projectId } = await ownerWithProject("fb-validate@example.com");
    const res = await postFeedback(t.app, projectId, owner.cookie, {
      feedbackType: "",
      issueFaced: "too short",
      changeDescription: "   ",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      feedbackType: "Please select feedback type",
      issueFaced: "Please describe the issue (at least 10 characters)",
      changeDescription: "Please describe the change needed (at least 10 characters)",
    });
    const unknown = await postFeedback(t.app, projectId, owner.cookie, { ...GOOD_FEEDBACK, ownerId: "x" });
    expect(unknown.json().fields).toEqual({ ownerId: "Unknown field: ownerId" });
  });

  it("refuses images over 5 MB with the shared message, whether the body passes the 7 MB limit or not", async () => {
    const { owner, projectId } = await ownerWithProject("fb-big@example.com");
    for (const size of [6.5 * MB, 5 * MB + 1]) {
      const res = await postFeedback(t.app, projectId, owner.cookie, {
        ...GOOD_FEEDBACK,
        screenshotUrl: pngDataUrl(pngOfSize(size)),
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({
        message: "Image size must be less than 5MB",
        fields: { screenshotUrl: "Image size must be less than 5MB" },
      });
    }
    const exact = await postFeedback(t.app, projectId, owner.cookie, {
      ...GOOD_FEEDBACK,
      screenshotUrl: pngDataUrl(pngOfSize(5 * MB)),
    });
    expect(exact.statusCode).toBe(201);
  });

  it("refuses a renamed non-image by its bytes, and a URL instead of image data", async () => {
    const { owner, projectId } = await ownerWithProject("fb-fake@example.com");
    const fake = await postFeedback(t.app, projectId, owner.cookie, {
      ...GOOD_FEEDBACK,
      screenshotUrl: `data:image/png;base64,${HTML_BYTES.toString("base64")}`,
    });
    expect(fake.statusCode).toBe(415);
    expect(fake.json().fields).toEqual({ screenshotUrl: FEEDBACK_MESSAGES.notAnImage });
    const remote = await postFeedback(t.app, projectId, owner.cookie, {
      ...GOOD_FEEDBACK,
      screenshotUrl: "https://evil.example/x.png",
    });
    expect(remote.statusCode).toBe(415);
    const list = await t.app.inject({ method: "GET", url: feedbackUrl(projectId), headers: { cookie: owner.cookie } });
    expect(list.json().total).toBe(0);
  });

  it("takes a multipart upload with the context as JSON, and refuses an oversized or renamed file", async () => {
    const { owner, projectId } = await ownerWithProject("fb-multipart@example.com");
    const image = pngOfSize(4 * MB);
    const fields = {
      ...GOOD_FEEDBACK,
      context: JSON.stringify({
        pageUrl: "https://proto.example.com/",
        consoleErrors: [{ message: "TypeError: x is undefined", at: "2026-01-01T10:00:00Z" }],
      }),
    };
    const ok = multipartBody(fields, { bytes: image, filename: "shot.png", contentType: "image/png" });
    const res = await postForm(projectId, owner.cookie, ok);
    expect(res.statusCode).toBe(201);
    expect(res.json().context.consoleErrors).toEqual([{ message: "TypeError: x is undefined", at: "2026-01-01T10:00:00Z" }]);
    const stored = await t.app.inject({ method: "GET", url: res.json().screenshotUrl, headers: { cookie: owner.cookie } });
    expect(stored.rawPayload.equals(image)).toBe(true);
    expect(stored.headers["content-disposition"]).toContain('filename="shot.png"');

    const big = multipartBody(GOOD_FEEDBACK, { bytes: pngOfSize(6.5 * MB), filename: "big.png", contentType: "image/png" });
    const tooBig = await postForm(projectId, owner.cookie, big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe("Image size must be less than 5MB");

    const renamed = multipartBody(GOOD_FEEDBACK, { bytes: HTML_BYTES, filename: "photo.png", contentType: "image/png" });
    const refused = await postForm(projectId, owner.cookie, renamed);
    expect(refused.statusCode).toBe(415);
    expect(refused.json().fields).toEqual({ screenshotUrl: FEEDBACK_MESSAGES.notAnImage });

    const invalid = multipartBody({
      feedbackType: "error",
      issueFaced: "short",
      changeDescription: GOOD_FEEDBACK.changeDescription,
    });
    const bad = await postForm(projectId, owner.cookie, invalid);
    expect(bad.json().fields).toEqual({ issueFaced: FEEDBACK_MESSAGES.issueTooShort });
  });
});

describe("the company's side and the edit lock", () => {
  it("lets the customer edit until an admin marks it done with a reply; then emails, notifies, and locks it", async () => {
    const { owner, projectId, projectCode } = await ownerWithProject("fb-lock@example.com");
    const created = (
      await postFeedback(t.app, projectId, owner.cookie, { ...GOOD_FEEDBACK, screenshotUrl: pngDataUrl(pngOfSize(1000)) })
    ).json();

    const edited = await patchFeedback(t.app, projectId, created.id, owner.cookie, {
      feedbackType: "enhancement",
      issueFaced: "The Save button needs a clearer label as well.",
      status: "done",
      adminComment: "trust me",
      adminUpdatedAt: "2020-01-01T00:00:00Z",
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      feedbackType: "enhancement",
      status: "pending",
      adminComment: null,
      adminUpdatedAt: null,
    });

    const replaced = await patchFeedback(t.app, projectId, created.id, owner.cookie, {
      screenshotUrl: pngDataUrl(pngOfSize(2000)),
    });
    expect(replaced.json().screenshotUrl).not.toBe(created.screenshotUrl);
    expect(
      (await t.app.inject({ method: "GET", url: created.screenshotUrl, headers: { cookie: owner.cookie } })).statusCode,
    ).toBe(404);
    created.screenshotUrl = replaced.json().screenshotUrl;

    const removeByCustomer = await patchFeedback(t.app, projectId, created.id, owner.cookie, { screenshotUrl: null });
    expect(removeByCustomer.statusCode).toBe(403);
    expect(removeByCustomer.json().message).toBe(FEEDBACK_MESSAGES.onlyCompanyRemovesScreenshot);

    const before = Date.now();
    const done = await patchFeedback(t.app, projectId, created.id, admin, {
      status: "done",
      adminComment: "Fixed in build 42: the button now saves every time.",
      adminUpdatedAt: "2020-01-01T00:00:00Z",
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: "done", adminComment: "Fixed in build 42: the button now saves every time." });
    expect(Date.parse(done.json().adminUpdatedAt)).toBeGreaterThanOrEqual(before - 1000);

    await t.app.emailWorker.drain();
    const mail = await smtp.waitFor((m) => m.to === "fb-lock@example.com" && m.subject.includes("Feedback addressed"));
    expect(mail.subject).toBe(`Feedback addressed on ${projectCode}`);
    expect(mail.text).toContain("Fixed in build 42");
    expect(mail.text).toContain(`http://localhost:3000/testing-feedback?project=${projectCode}`);
    const bell = (await t.app.inject({ method: "GET", url: "/api/notifications", headers: { cookie: owner.cookie } })).json();
    expect(bell.items[0]).toMatchObject({ type: "feedback.done", title: "Your feedback has been addressed" });

    const locked = await patchFeedback(t.app, projectId, created.id, owner.cookie, {
      issueFaced: "Changing it after the review.",
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toMatchObject({ code: "FEEDBACK_LOCKED", message: FEEDBACK_MESSAGES.locked });
    const list = (await t.app.inject({ method: "GET", url: feedbackUrl(projectId), headers: { cookie: owner.cookie } })).json();
    expect(list.items[0]).toMatchObject({ id: created.id, editable: false, status: "done" });

    const removed = await patchFeedback(t.app, projectId, created.id, admin, { screenshotUrl: null });
    expect(removed.json().screenshotUrl).toBeNull();
    expect(
      (await t.app.inject({ method: "GET", url: created.screenshotUrl, headers: { cookie: owner.cookie } })).statusCode,
    ).toBe(404);
    const left = await t.app.ctx.db.select().from(fileAttachments).where(eq(fileAttachments.projectId, projectId));
    expect(left).toHaveLength(0);

    const events = await t.app.ctx.db
      .select({ type: activityEvents.type })
      .from(activityEvents)
      .where(and(eq(activityEvents.projectId, projectId), eq(activityEvents.userId, owner.userId)));
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(["feedback.created", "feedback.updated", "feedback.done"]));
  });

  it("pages and filters the project's list, newest first", async () => {
    const { owner, projectId } = await ownerWithProject("fb-list@example.com");
    const ids: string[] = [];
    for (let i = 1; i <= 12; i++) {
      const res = await postFeedback(t.app, projectId, owner.cookie, {
        ...GOOD_FEEDBACK,
        issueFaced: `Issue number ${i} on the booking page`,
      });
      ids.push(res.json().id);
    }
    await patchFeedback(t.app, projectId, ids[0] ?? "", admin, { status: "done" });
    const get = (query: string) =>
      t.app.inject({ method: "GET", url: `${feedbackUrl(projectId)}?${query}`, headers: { cookie: owner.cookie } });
    const first = (await get("page=1&pageSize=5")).json();
    expect(first.total).toBe(12);
    expect(first.items.map((item: { id: string }) => item.id)).toEqual(ids.slice(-5).reverse());
    const third = (await get("page=3&pageSize=5")).json();
    expect(third.items).toHaveLength(2);
    expect((await get("status=done")).json()).toMatchObject({ total: 1, items: [{ id: ids[0] }] });
    expect((await get("status=pending")).json().total).toBe(11);
    expect((await get("status=closed")).statusCode).toBe(400);
  });

  it("lists all feedback for the company with project, status and type filters and paging", async () => {
    const a = await ownerWithProject("fb-company-a@example.com");
    const b = await ownerWithProject("fb-company-b@example.com");
    await postFeedback(t.app, a.projectId, a.owner.cookie);
    const enhancement = (
      await postFeedback(t.app, b.projectId, b.owner.cookie, { ...GOOD_FEEDBACK, feedbackType: "enhancement" })
    ).json();
    await patchFeedback(t.app, b.projectId, enhancement.id, admin, { status: "done" });

    const list = (query: string, cookie = admin) =>
      t.app.inject({ method: "GET", url: `/api/company/feedback?${query}`, headers: { cookie } });
    const byProject = (await list(`projectId=${b.projectId}`)).json();
    expect(byProject).toMatchObject({
      total: 1,
      items: [{ id: enhancement.id, projectCode: b.projectCode, feedbackType: "enhancement", editable: true }],
    });
    expect((await list(`projectId=${b.projectId}&status=pending`)).json().total).toBe(0);
    expect((await list(`projectId=${a.projectId}&type=enhancement`)).json().total).toBe(0);
    expect((await list(`projectId=${a.projectId}&type=error&status=pending`)).json().total).toBe(1);
    const paged = (await list("page=1&pageSize=1")).json();
    expect(paged.items).toHaveLength(1);
    expect(paged.total).toBeGreaterThanOrEqual(2);
    expect((await list("projectId=not-a-uuid")).json().total).toBe(0);
    const answer = await list("");
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect((await list("", a.owner.cookie)).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/company/feedback" })).statusCode).toBe(401);
  });
});

describe("feedback rounds", () => {
  it("closes a round with done items, carries pending ones over, advances iterationsUsed, and stops at the package's rounds", async () => {
    const { owner, projectId } = await ownerWithProject("fb-rounds@example.com");
    const close = () =>
      t.app.inject({ method: "POST", url: `${feedbackUrl(projectId)}/rounds/close`, headers: { cookie: admin } });
    const first = (await postFeedback(t.app, projectId, owner.cookie)).json();
    const second = (await postFeedback(t.app, projectId, owner.cookie)).json();
    expect(first.round).toBe(1);

    const nothingDone = await close();
    expect(nothingDone.statusCode).toBe(409);
    expect(nothingDone.json().message).toBe(FEEDBACK_MESSAGES.roundNothingDone);

    await patchFeedback(t.app, projectId, first.id, admin, { status: "done" });
    const closed = await close();
    expect(closed.json()).toEqual({ closedRound: 1, doneCount: 1, carriedOver: 1, iterationsUsed: 1, maxIterations: 3 });
    const items = (await t.app.inject({ method: "GET", url: feedbackUrl(projectId), headers: { cookie: owner.cookie } })).json()
      .items;
    expect(items.find((i: { id: string }) => i.id === first.id).round).toBe(1);
    expect(items.find((i: { id: string }) => i.id === second.id).round).toBe(2);
    expect((await postFeedback(t.app, projectId, owner.cookie)).json().round).toBe(2);
    const projectList = (await t.app.inject({ method: "GET", url: "/api/projects", headers: { cookie: owner.cookie } })).json()
      .items;
    expect(projectList[0]).toMatchObject({ iterationsUsed: 1, maxIterations: 3 });

    await t.app.ctx.db.update(projects).set({ iterationsUsed: 3 }).where(eq(projects.id, projectId));
    const usedUp = await close();
    expect(usedUp.statusCode).toBe(409);
    expect(usedUp.json().code).toBe("ROUNDS_USED_UP");

    const asOwner = await t.app.inject({
      method: "POST",
      url: `${feedbackUrl(projectId)}/rounds/close`,
      headers: { cookie: owner.cookie },
    });
    expect(asOwner.statusCode).toBe(403);
  });
});
