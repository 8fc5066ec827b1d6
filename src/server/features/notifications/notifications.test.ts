import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approveNdaAs, signNdaFor, submitProfile } from "../../../../tests/setup/onboarding";
import { createTestApp, signIn, type TestApp } from "../../../../tests/setup/test-app";

let t: TestApp;
let customer: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  customer = await signIn(t.app, "bell@example.com", "Bell Ringer");
  await submitProfile(t.app, customer);
  const profileId = await signNdaFor(t.app, customer, "bell@example.com");
  admin = await signIn(t.app, "admin@blueprint.local", "Site Admin");
  await approveNdaAs(t.app, admin, "admin@blueprint.local", profileId);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, cookie?: string) => t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
const post = (url: string, cookie: string) => t.app.inject({ method: "POST", url, headers: { cookie } });

describe("the notification bell", () => {
  it("lists the customer's events newest first with the unread count", async () => {
    const res = await get("/api/notifications", customer);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const titles: string[] = body.items.map((n: { title: string }) => n.title);
    // Signing the NDA opens the first project in the same transaction, so those two share their time.
    expect(titles[0]).toBe("NDA approved");
    expect(titles.slice(1).sort()).toEqual(["NDA signed", "Project created"]);
    expect(body.unreadCount).toBe(3);
    expect(body).toMatchObject({ page: 1, pageSize: 20, total: 3 });
  });

  it("pages the bell with page and pageSize, the unread count over every page", async () => {
    const all = (await get("/api/notifications", customer)).json().items.map((n: { id: string }) => n.id);
    const pages = await Promise.all([1, 2, 3].map((page) => get(`/api/notifications?page=${page}&pageSize=1`, customer)));
    const bodies = pages.map((res) => res.json());
    expect(bodies.flatMap((body) => body.items.map((n: { id: string }) => n.id))).toEqual(all);
    expect(bodies.map(({ page, pageSize, total, unreadCount }) => ({ page, pageSize, total, unreadCount }))).toEqual([
      { page: 1, pageSize: 1, total: 3, unreadCount: 3 },
      { page: 2, pageSize: 1, total: 3, unreadCount: 3 },
      { page: 3, pageSize: 1, total: 3, unreadCount: 3 },
    ]);
    expect((await get("/api/notifications?limit=5", customer)).json()).toMatchObject({
      code: "VALIDATION_FAILED",
      fields: { limit: "Unknown query parameter: limit" },
    });
  });

  it("keeps timeline-only events (profile saved) out of the bell but in Recent Activity, and internal steps out of both", async () => {
    const activity = (await get("/api/dashboard/activity?pageSize=20", customer)).json().items;
    const types = activity.map((a: { type: string }) => a.type);
    expect(types).toEqual(expect.arrayContaining(["profile.completed", "nda.signed", "nda.approved", "project.created"]));
    // A signing code sent is the NDA's own record, not news for the customer (issue 48 §4).
    expect(types).not.toContain("nda.code_sent");
  });

  it("does not show one customer's events to another", async () => {
    const other = await signIn(t.app, "quiet@example.com", "Quiet One");
    expect((await get("/api/notifications", other)).json()).toEqual({
      items: [],
      page: 1,
      pageSize: 20,
      total: 0,
      unreadCount: 0,
    });
    expect((await get("/api/dashboard/activity", other)).json()).toEqual({ items: [], page: 1, pageSize: 8, total: 0 });
  });

  it("shows company admins the NDAs awaiting approval", async () => {
    const body = (await get("/api/notifications", admin)).json();
    expect(body.items.map((n: { title: string }) => n.title)).toContain("NDA awaiting approval");
  });

  it("marks one read, then all read", async () => {
    const [first] = (await get("/api/notifications", customer)).json().items;
    const one = await post(`/api/notifications/${first.id}/read`, customer);
    expect(one.json()).toEqual({ success: true, updated: 1 });
    const after = (await get("/api/notifications", customer)).json();
    expect(after.unreadCount).toBe(2);
    expect(after.items[0].read).toBe(true);
    expect((await post("/api/notifications/read-all", customer)).json()).toEqual({ success: true, updated: 2 });
    expect((await get("/api/notifications", customer)).json().unreadCount).toBe(0);
  });

  it("cannot mark another user's notification read", async () => {
    const [adminItem] = (await get("/api/notifications", admin)).json().items;
    expect((await post(`/api/notifications/${adminItem.id}/read`, customer)).json().updated).toBe(0);
    expect((await post("/api/notifications/not-a-uuid/read", customer)).statusCode).toBe(404);
  });

  it("answers 401 to visitors", async () => {
    expect((await get("/api/notifications")).statusCode).toBe(401);
  });
});

describe("what a notification opens", () => {
  const json = { "content-type": "application/json" };
  const send = (url: string, cookie: string, payload: object) =>
    t.app.inject({ method: "POST", url, payload, headers: { cookie, ...json } });
  const bellOf = async (cookie: string) =>
    (await get("/api/notifications", cookie)).json().items as Array<{ type: string; title: string; href: string }>;

  it("a thread: the console's inbox with it open for the company, the project's Communications for the customer", async () => {
    const [project] = (await get("/api/projects", customer)).json().items as Array<{ id: string; projectCode: string }>;
    if (!project) throw new Error("no project");
    const thread = await send(`/api/projects/${project.id}/communications`, customer, {
      type: "message",
      subject: "Where is the bell going?",
      content: "Tell me.",
    });
    expect(thread.statusCode).toBe(201);
    const threadId = thread.json().id as string;
    const forCompany = (await bellOf(admin)).find((n) => n.type === "communication.message");
    expect(forCompany?.href).toBe(`/admin?tab=inbox&thread=${threadId}`);

    expect(
      (await send(`/api/projects/${project.id}/communications/${threadId}/replies`, admin, { content: "Here." })).statusCode,
    ).toBe(201);
    const forCustomer = (await bellOf(customer)).find((n) => n.type === "communication.reply");
    expect(forCustomer?.href).toBe(`/communications?thread=${threadId}&project=${project.projectCode}`);
  });

  it("a meeting request: the console's Meeting Requests with it open; the NDA: the console's NDA tab", async () => {
    const [project] = (await get("/api/projects", customer)).json().items as Array<{ id: string }>;
    const created = await send(`/api/projects/${project?.id}/meeting-requests`, customer, {
      subject: "Kick-off",
      urgency: "low",
    });
    expect(created.statusCode).toBe(201);
    const items = await bellOf(admin);
    expect(items.find((n) => n.type === "meeting.requested")?.href).toBe(`/admin?tab=meetings&request=${created.json().id}`);
    expect(items.find((n) => n.type === "nda.awaiting_approval")?.href).toBe("/admin?tab=nda");
  });
});
