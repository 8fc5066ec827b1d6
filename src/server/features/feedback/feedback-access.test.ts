// Who may call each feedback route: every role and member level, and cross-customer isolation.
import { createServer } from "node:http";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customer, json, newProject, openTeam } from "../../../../tests/factories";
import { feedbackUrl, GOOD_FEEDBACK, patchFeedback, postFeedback } from "../../../../tests/setup/feedback";
import { pngOfSize } from "../../../../tests/setup/images";
import { pngDataUrl } from "../../../../tests/setup/png";
import { inviteMembers } from "../../../../tests/setup/team";
import { createTestApp, signIn, type TestApp } from "../../../../tests/setup/test-app";
import { projects } from "../../db/schema";

let t: TestApp;
const who: Record<string, string | undefined> = {};
let projectId: string;
let otherProjectId: string;
let ownersItem: { id: string; screenshotUrl: string };
// A local prototype site; the server fetches a loopback origin only because it is listed in PROTOTYPE_FRAME_ORIGINS.
let fixedLater = false;
const site = createServer((req, res) => {
  const refuses = req.url === "/blocked" || (req.url === "/fixed-later" && !fixedLater);
  res.writeHead(200, refuses ? { "x-frame-options": "DENY" } : {});
  res.end("<h1>prototype</h1>");
});
let origin: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  const address = site.address();
  origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  t = await createTestApp({ PROTOTYPE_FRAME_ORIGINS: origin });
  const owner = await customer(t.app, "acl-owner@example.com");
  projectId = (await newProject(t.app, owner)).id;
  await openTeam(t.app, projectId, `${origin}/`);
  await inviteMembers(t.app, { projectId, ownerCookie: owner.cookie }, [
    ["acl-admin@example.com", "admin"],
    ["acl-user@example.com", "user"],
    ["acl-user2@example.com", "user"],
    ["acl-viewer@example.com", "view_only"],
  ]);
  const stranger = await customer(t.app, "acl-stranger@example.com");
  otherProjectId = (await newProject(t.app, stranger)).id;
  Object.assign(who, {
    visitor: undefined,
    owner: owner.cookie,
    adminMember: await signIn(t.app, "acl-admin@example.com"),
    userMember: await signIn(t.app, "acl-user@example.com"),
    otherUserMember: await signIn(t.app, "acl-user2@example.com"),
    viewOnly: await signIn(t.app, "acl-viewer@example.com"),
    stranger: stranger.cookie,
    company: await signIn(t.app, "admin@blueprint.local"),
  });
  ownersItem = (
    await postFeedback(t.app, projectId, owner.cookie, { ...GOOD_FEEDBACK, screenshotUrl: pngDataUrl(pngOfSize(500)) })
  ).json();
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => site.close(resolve));
});

const get = (url: string, cookie: string | undefined) => t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });

describe("feedback access matrix", () => {
  it.each([
    ["visitor", 401],
    ["stranger", 404],
    ["viewOnly", 200],
    ["userMember", 200],
    ["adminMember", 200],
    ["owner", 200],
    ["company", 200],
  ])("GET /api/projects/{id}/feedback as %s answers %i", async (role, status) => {
    expect((await get(feedbackUrl(projectId), who[role])).statusCode).toBe(status);
  });

  it.each([
    ["visitor", 401],
    ["stranger", 404],
    ["viewOnly", 403],
    ["userMember", 201],
    ["adminMember", 201],
    ["owner", 201],
    ["company", 201],
  ])("POST /api/projects/{id}/feedback as %s answers %i", async (role, status) => {
    expect((await postFeedback(t.app, projectId, who[role])).statusCode).toBe(status);
  });

  it.each([
    ["visitor", 401],
    ["stranger", 404],
    ["viewOnly", 403],
    ["otherUserMember", 403],
    ["adminMember", 200],
    ["owner", 200],
  ])("PATCH another's feedback as %s answers %i", async (role, status) => {
    const item = (await postFeedback(t.app, projectId, who.userMember)).json();
    const res = await patchFeedback(t.app, projectId, item.id, who[role], { issueFaced: "A clearer description of the issue." });
    expect(res.statusCode).toBe(status);
  });

  it("lets a user member edit their own feedback, and the company anyone's", async () => {
    const item = (await postFeedback(t.app, projectId, who.userMember)).json();
    expect(item.editable).toBe(true);
    expect((await patchFeedback(t.app, projectId, item.id, who.userMember, { feedbackType: "enhancement" })).statusCode).toBe(
      200,
    );
    expect((await patchFeedback(t.app, projectId, item.id, who.company, { status: "done" })).statusCode).toBe(200);
  });

  it("shows view_only members the list with nothing editable", async () => {
    const list = (await get(feedbackUrl(projectId), who.viewOnly)).json();
    expect(list.total).toBeGreaterThan(0);
    expect(list.items.every((item: { editable: boolean }) => !item.editable)).toBe(true);
  });

  it.each([
    ["visitor", 401],
    ["stranger", 404],
    ["viewOnly", 403],
    ["userMember", 403],
    ["adminMember", 403],
    ["owner", 403],
    // An item was marked done above, so the company closes round 1.
    ["company", 200],
  ])("POST /api/projects/{id}/feedback/rounds/close as %s answers %i", async (role, status) => {
    const res = await t.app.inject({
      method: "POST",
      url: `${feedbackUrl(projectId)}/rounds/close`,
      headers: who[role] ? { cookie: who[role] } : {},
    });
    expect(res.statusCode).toBe(status);
  });

  it.each([
    ["visitor", 401],
    ["stranger", 403],
    ["owner", 403],
    ["adminMember", 403],
    ["company", 200],
  ])("GET /api/company/feedback as %s answers %i", async (role, status) => {
    expect((await get("/api/company/feedback", who[role])).statusCode).toBe(status);
  });

  it.each([
    ["visitor", 401],
    ["stranger", 404],
    ["viewOnly", 200],
    ["userMember", 200],
    ["owner", 200],
    ["company", 200],
  ])("GET the screenshot's /api/files/{id} as %s answers %i", async (role, status) => {
    expect((await get(ownersItem.screenshotUrl, who[role])).statusCode).toBe(status);
  });
});

describe("cross-customer isolation", () => {
  it("answers 404 for a feedback id reached through another project, even the caller's own", async () => {
    const strangersItem = (await postFeedback(t.app, otherProjectId, who.stranger)).json();
    expect((await patchFeedback(t.app, projectId, strangersItem.id, who.owner, { status: "done" })).statusCode).toBe(404);
    expect(
      (await patchFeedback(t.app, otherProjectId, ownersItem.id, who.stranger, { issueFaced: "Taking over this one." }))
        .statusCode,
    ).toBe(404);
    expect((await patchFeedback(t.app, projectId, "not-a-uuid", who.owner, { status: "done" })).statusCode).toBe(404);
    const strangersList = (await get(feedbackUrl(otherProjectId), who.stranger)).json();
    expect(strangersList.items.map((item: { id: string }) => item.id)).toEqual([strangersItem.id]);
  });

  it("refuses a cross-origin submission", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: feedbackUrl(projectId),
      payload: GOOD_FEEDBACK,
      headers: { cookie: who.owner ?? "", origin: "https://evil.example", ...json },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe("GET /api/projects/{id}/prototype/frame-check", () => {
  it("tells a prototype that refuses frames from one that allows them, to project people only", async () => {
    const check = (cookie: string | undefined) => get(`/api/projects/${projectId}/prototype/frame-check`, cookie);
    await t.app.ctx.db
      .update(projects)
      .set({ prototypeUrl: `${origin}/blocked` })
      .where(eq(projects.id, projectId));
    await t.app.changeFeed.caughtUp();
    expect((await check(who.viewOnly)).json()).toEqual({ reachable: true, frameable: false, reason: "x-frame-options" });
    await t.app.ctx.db
      .update(projects)
      .set({ prototypeUrl: `${origin}/` })
      .where(eq(projects.id, projectId));
    await t.app.changeFeed.caughtUp();
    expect((await check(who.owner)).json()).toEqual({ reachable: true, frameable: true, reason: null });
    expect((await check(who.stranger)).statusCode).toBe(404);
    expect((await check(undefined)).statusCode).toBe(401);
  });

  it("asks the site again on Try Again (fresh=true) instead of repeating the remembered refusal", async () => {
    const check = (query = "") => get(`/api/projects/${projectId}/prototype/frame-check${query}`, who.owner);
    await t.app.ctx.db
      .update(projects)
      .set({ prototypeUrl: `${origin}/fixed-later` })
      .where(eq(projects.id, projectId));
    await t.app.changeFeed.caughtUp();
    expect((await check()).json()).toMatchObject({ frameable: false });
    fixedLater = true;
    expect((await check()).json()).toMatchObject({ frameable: false });
    expect((await check("?fresh=true")).json()).toEqual({ reachable: true, frameable: true, reason: null });
    expect((await check("?fresh=maybe")).statusCode).toBe(400);
  });
});
