import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type Customer, customer, json, newProject, openTeam } from "../../../../tests/factories";
import { queuedEmails } from "../../../../tests/setup/outbox";
import { openForFile } from "../../../../tests/setup/per-file";
import { inviteMembers } from "../../../../tests/setup/team";
import { createTestApp, signIn } from "../../../../tests/setup/test-app";
import { COMMUNICATION_MESSAGES } from "../../../shared/schemas/communications";
import { activityEvents } from "../../db/schema";
import type { EmailKind } from "../../email/kinds";

const t = openForFile(() => createTestApp());
let admin: string;
beforeAll(async () => {
  admin = await signIn(t.app, "admin@blueprint.local", "Ada Admin");
});

const base = (id: string) => `/api/projects/${id}/communications`;
const post = (id: string, cookie: string, payload: object) =>
  t.app.inject({ method: "POST", url: base(id), payload, headers: { cookie, ...json } });
const reply = (id: string, threadId: string, cookie: string, content: string) =>
  t.app.inject({ method: "POST", url: `${base(id)}/${threadId}/replies`, payload: { content }, headers: { cookie, ...json } });
const list = (id: string, cookie: string) => t.app.inject({ method: "GET", url: base(id), headers: { cookie } });
const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();

const emailsTo = (address: string, kind: EmailKind) => queuedEmails(t.app.ctx.db, address, kind);

async function bell(cookie: string) {
  return (await t.app.inject({ method: "GET", url: "/api/notifications", headers: { cookie } })).json();
}

describe("a customer's message and the admin's answer", () => {
  let owner: Customer;
  let project: { id: string; projectCode: string };
  let threadId: string;

  beforeAll(async () => {
    owner = await customer(t.app, "comms-owner@example.com", "Olive Owner");
    project = await newProject(t.app, owner);
  });

  it("sends a message: the company inbox is emailed with a link to the thread, and the admins' bell shows it", async () => {
    const res = await post(project.id, owner.cookie, {
      type: "message",
      subject: "Login page question",
      content: "Can we add **Google** sign-in?",
      meetingUrl: null,
      scheduledFor: null,
    });
    expect(res.statusCode).toBe(201);
    const thread = res.json();
    threadId = thread.id;
    expect(thread).toMatchObject({
      type: "message",
      subject: "Login page question",
      content: "Can we add **Google** sign-in?",
      meetingUrl: null,
      scheduledFor: null,
      fromCompany: false,
      authorName: "Olive Owner",
      mine: true,
      unreadCount: 0,
      replies: [],
    });
    const [mail] = await emailsTo("admin@blueprint.local", "communication-message");
    expect(mail?.subject).toBe(`[${project.projectCode}] Login page question`);
    expect(mail?.textBody).toContain("Olive Owner wrote on");
    expect(mail?.textBody).toContain(`http://localhost:3000/admin?tab=inbox&thread=${threadId}`);
    expect(mail?.replyTo).toBeNull();
    const notifications = await bell(admin);
    expect(notifications.items[0]).toMatchObject({ type: "communication.message", title: "New message: Login page question" });
  });

  it("the admin sees it unread among every project's threads, replies, and the customer is emailed and notified", async () => {
    const page = (
      await t.app.inject({ method: "GET", url: "/api/company/communications?unread=true", headers: { cookie: admin } })
    ).json();
    const mine = page.items.find((item: { id: string }) => item.id === threadId);
    expect(mine).toMatchObject({ unreadCount: 1, project: { id: project.id, projectCode: project.projectCode } });
    expect(page.unreadThreads).toBeGreaterThanOrEqual(1);

    const res = await reply(project.id, threadId, admin, "Yes, we'll add it in the next iteration.");
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      replyCount: 1,
      unreadCount: 0,
      replies: [
        {
          content: "Yes, we'll add it in the next iteration.",
          fromCompany: true,
          authorName: "Ada Admin",
          mine: true,
          source: "portal",
        },
      ],
    });
    const [mail] = await emailsTo(owner.email, "communication-reply");
    expect(mail?.subject).toBe(`Re: [${project.projectCode}] Login page question`);
    expect(mail?.textBody).toContain(`http://localhost:3000/communications?thread=${threadId}`);
    expect((await bell(owner.cookie)).items[0]).toMatchObject({
      type: "communication.reply",
      title: 'New reply on "Login page question"',
    });

    const afterReply = (
      await t.app.inject({
        method: "GET",
        url: `/api/company/communications?projectId=${project.id}`,
        headers: { cookie: admin },
      })
    ).json();
    expect(afterReply.items[0]).toMatchObject({ id: threadId, unreadCount: 0 });
  });

  it("the customer sees the reply unread until they mark the thread read", async () => {
    const threads = (await list(project.id, owner.cookie)).json().items;
    expect(threads[0]).toMatchObject({ id: threadId, unreadCount: 1, replyCount: 1 });
    const read = await t.app.inject({
      method: "POST",
      url: `${base(project.id)}/${threadId}/read`,
      headers: { cookie: owner.cookie },
    });
    expect(read.statusCode).toBe(200);
    expect((await list(project.id, owner.cookie)).json().items[0].unreadCount).toBe(0);
  });

  it("lists threads by newest activity: a reply moves an older thread back to the top", async () => {
    const second = (
      await post(project.id, owner.cookie, { type: "message", subject: "Second", content: "Another topic" })
    ).json();
    expect(
      (await list(project.id, owner.cookie))
        .json()
        .items.map((x: { id: string }) => x.id)
        .slice(0, 2),
    ).toEqual([second.id, threadId]);
    await reply(project.id, threadId, owner.cookie, "Thanks!");
    expect(
      (await list(project.id, owner.cookie))
        .json()
        .items.map((x: { id: string }) => x.id)
        .slice(0, 2),
    ).toEqual([threadId, second.id]);
  });

  it("every message and reply writes an activity event on the owner's timeline", async () => {
    const events = await t.app.ctx.db
      .select({ type: activityEvents.type })
      .from(activityEvents)
      .where(and(eq(activityEvents.projectId, project.id), eq(activityEvents.userId, owner.userId)));
    expect(events.filter((e) => e.type === "communication.message").length).toBeGreaterThanOrEqual(2);
    expect(events.filter((e) => e.type === "communication.reply").length).toBeGreaterThanOrEqual(2);
  });
});

describe("the New Communication rules", () => {
  let owner: Customer;
  let projectId: string;
  beforeAll(async () => {
    owner = await customer(t.app, "comms-rules@example.com");
    projectId = (await newProject(t.app, owner)).id;
  });

  it("answers 'Subject is required' and 'Content is required'", async () => {
    const res = await post(projectId, owner.cookie, { type: "message", subject: "  ", content: "" });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      subject: COMMUNICATION_MESSAGES.subjectRequired,
      content: COMMUNICATION_MESSAGES.contentRequired,
    });
    const missing = await post(projectId, owner.cookie, { type: "message" });
    expect(missing.json().fields).toMatchObject({ subject: "Subject is required", content: "Content is required" });
  });

  it("refuses a meeting in the past, without a link, or with only the link prefix", async () => {
    const past = await post(projectId, owner.cookie, {
      type: "meeting",
      subject: "Kick-off",
      content: "Let's meet",
      meetingUrl: "https://meet.google.com/abc-defg-hij",
      scheduledFor: new Date(Date.now() - 3600_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().fields).toEqual({ scheduledFor: COMMUNICATION_MESSAGES.scheduledForPast });
    const noLink = await post(projectId, owner.cookie, {
      type: "meeting",
      subject: "Kick-off",
      content: "Let's meet",
      meetingUrl: "https://meet.google.com/",
      scheduledFor: null,
    });
    expect(noLink.json().fields).toEqual({
      meetingUrl: "Please enter the meeting link",
      scheduledFor: COMMUNICATION_MESSAGES.scheduledForRequired,
    });
    const notHttps = await post(projectId, owner.cookie, {
      type: "meeting",
      subject: "Kick-off",
      content: "x",
      meetingUrl: "javascript:alert(1)",
      scheduledFor: inAnHour(),
    });
    expect(notHttps.json().fields).toEqual({ meetingUrl: "Please enter a valid meeting link (https://...)" });
  });

  it("accepts a meeting with a link and a future time", async () => {
    const at = inAnHour();
    const res = await post(projectId, owner.cookie, {
      type: "meeting",
      subject: "Kick-off",
      content: "Let's meet",
      meetingUrl: "https://meet.google.com/abc-defg-hij",
      scheduledFor: at,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ type: "meeting", meetingUrl: "https://meet.google.com/abc-defg-hij", scheduledFor: at });
  });

  it("refuses unknown fields and over-long content", async () => {
    const res = await post(projectId, owner.cookie, { type: "message", subject: "a", content: "b", fromCompany: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ fromCompany: "Unknown field: fromCompany" });
    const long = await post(projectId, owner.cookie, { type: "message", subject: "a", content: "x".repeat(10_001) });
    expect(long.json().fields).toEqual({ content: COMMUNICATION_MESSAGES.contentTooLong });
  });
});

describe("team members", () => {
  it("view_only members read but do not post; user members post; admin-level members are emailed the company's answers", async () => {
    const owner = await customer(t.app, "comms-team-owner@example.com");
    const project = await newProject(t.app, owner);
    await openTeam(t.app, project.id);
    await inviteMembers(t.app, { projectId: project.id, ownerCookie: owner.cookie }, [
      ["comms-viewer@example.com", "view_only"],
      ["comms-user@example.com", "user"],
      ["comms-admin@example.com", "admin"],
    ]);
    const viewer = await signIn(t.app, "comms-viewer@example.com", "Vic Viewer");
    const member = await signIn(t.app, "comms-user@example.com", "Uma User");

    const thread = (await post(project.id, member, { type: "message", subject: "From a member", content: "Hello" })).json();
    expect(thread.authorName).toBe("Uma User");
    expect((await list(project.id, viewer)).json().items[0]).toMatchObject({ id: thread.id, unreadCount: 1 });
    const refused = await post(project.id, viewer, { type: "message", subject: "Hi", content: "Hello" });
    expect(refused.statusCode).toBe(403);
    expect((await reply(project.id, thread.id, viewer, "me too")).statusCode).toBe(403);

    // The owner is told a member wrote; the company's answer goes to the owner and the admin-level member.
    expect((await bell(owner.cookie)).items[0]).toMatchObject({ type: "communication.message" });
    await reply(project.id, thread.id, admin, "Noted.");
    expect(await emailsTo("comms-admin@example.com", "communication-reply")).toHaveLength(1);
    expect(await emailsTo(owner.email, "communication-reply")).toHaveLength(1);
    expect(await emailsTo("comms-user@example.com", "communication-reply")).toHaveLength(0);
    expect(await emailsTo("comms-viewer@example.com", "communication-reply")).toHaveLength(0);
  });
});

describe("access matrix and isolation", () => {
  it("visitors get 401, other customers 404, customers 403 on company routes, unknown threads 404", async () => {
    const owner = await customer(t.app, "comms-iso-owner@example.com");
    const stranger = await customer(t.app, "comms-iso-stranger@example.com");
    const project = await newProject(t.app, owner);
    const thread = (await post(project.id, owner.cookie, { type: "message", subject: "Private", content: "Secret" })).json();
    const routes: Array<{ method: "GET" | "POST"; url: string; payload?: object }> = [
      { method: "GET", url: base(project.id) },
      { method: "POST", url: base(project.id), payload: { type: "message", subject: "x", content: "y" } },
      { method: "POST", url: `${base(project.id)}/${thread.id}/replies`, payload: { content: "y" } },
      { method: "POST", url: `${base(project.id)}/${thread.id}/read` },
    ];
    for (const route of routes) {
      const headers = route.payload ? json : {};
      const visitor = await t.app.inject({ ...route, headers });
      expect(visitor.statusCode, `${route.method} ${route.url} visitor`).toBe(401);
      const other = await t.app.inject({ ...route, headers: { ...headers, cookie: stranger.cookie } });
      expect(other.statusCode, `${route.method} ${route.url} stranger`).toBe(404);
    }
    // The stranger's own project does not open someone else's thread.
    const strangerProject = await newProject(t.app, stranger);
    const cross = await reply(strangerProject.id, thread.id, stranger.cookie, "hi");
    expect(cross.statusCode).toBe(404);
    const crossRead = await t.app.inject({
      method: "POST",
      url: `${base(strangerProject.id)}/${thread.id}/read`,
      headers: { cookie: stranger.cookie },
    });
    expect(crossRead.statusCode).toBe(404);
    expect((await reply(project.id, "not-a-uuid", owner.cookie, "hi")).statusCode).toBe(404);

    expect((await t.app.inject({ method: "GET", url: "/api/company/communications" })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/company/communications", headers: { cookie: owner.cookie } })).statusCode,
    ).toBe(403);
    const company = await t.app.inject({
      method: "GET",
      url: "/api/company/communications?pageSize=100",
      headers: { cookie: admin },
    });
    expect(company.statusCode).toBe(200);
    expect(company.headers["cache-control"]).toBe("no-store");
    expect(company.json().items.some((item: { id: string }) => item.id === thread.id)).toBe(true);
  });
});
