// The company inbox: every project's threads with the company's views (unread for the company, waiting for us,
// overdue), paging, one thread by id, the header's service-level counts, and posting into any project.
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type Customer, customer, json, newProject } from "../../../../tests/factories";
import { openForFile } from "../../../../tests/setup/per-file";
import { createTestApp, signIn } from "../../../../tests/setup/test-app";
import type { CommunicationId, MeetingRequestId } from "../../../shared/domain/ids";
import type { CompanyCommunication } from "../../../shared/schemas/communications";
import { adminAuditLog, communicationReplies, communications, meetingRequests, outgoingEmails } from "../../db/schema";

const t = openForFile(() => createTestApp({ ADMIN_EMAILS: "admin@blueprint.local,second@blueprint.local" }));
let admin: string;
let secondAdmin: string;
let owner: Customer;
let other: Customer;
let project: { id: string; projectCode: string };
let otherProject: { id: string; projectCode: string };

beforeAll(async () => {
  admin = await signIn(t.app, "admin@blueprint.local", "Ada Admin");
  secondAdmin = await signIn(t.app, "second@blueprint.local", "Sam Second");
  owner = await customer(t.app, "inbox-owner@example.com", "Olive Owner");
  other = await customer(t.app, "inbox-other@example.com", "Otto Other");
  project = await newProject(t.app, owner);
  otherProject = await newProject(t.app, other);
});

const base = (id: string) => `/api/projects/${id}/communications`;
const post = (id: string, cookie: string, payload: object) =>
  t.app.inject({ method: "POST", url: base(id), payload, headers: { cookie, ...json } });
const reply = (id: string, threadId: string, cookie: string, content: string) =>
  t.app.inject({ method: "POST", url: `${base(id)}/${threadId}/replies`, payload: { content }, headers: { cookie, ...json } });
const inbox = async (query: string, cookie = admin) => {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/company/communications?pageSize=100&${query}`,
    headers: { cookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    items: CompanyCommunication[];
    total: number;
    unreadThreads: number;
    waitingThreads: number;
    overdueThreads: number;
  };
};
const ids = (page: { items: Array<{ id: string }> }) => page.items.map((item) => item.id);
const serviceLevels = async () =>
  (await t.app.inject({ method: "GET", url: "/api/company/service-levels", headers: { cookie: admin } })).json();
const message = (subject: string) => ({
  type: "message",
  subject,
  content: "Hello **there**",
  meetingUrl: null,
  scheduledFor: null,
});

describe("the company inbox's views", () => {
  let threadId: string;

  it("a customer's message is unread for the company and waiting for us, not yet overdue", async () => {
    const res = await post(project.id, owner.cookie, message("Inbox question"));
    expect(res.statusCode).toBe(201);
    threadId = res.json().id;
    for (const show of ["all", "unread", "waiting"]) expect(ids(await inbox(`show=${show}`))).toContain(threadId);
    expect(ids(await inbox("show=overdue"))).not.toContain(threadId);
    const item = (await inbox("show=waiting")).items.find((x) => x.id === threadId);
    expect(item).toMatchObject({
      companyUnread: true,
      waitingForUs: true,
      overdue: false,
      project: { id: project.id, projectCode: project.projectCode, customerName: expect.any(String) },
    });
    expect(item?.waitingSince).toBe(item?.createdAt);
  });

  it("one admin reading the thread marks it read for the company", async () => {
    const read = await t.app.inject({
      method: "POST",
      url: `${base(project.id)}/${threadId}/read`,
      headers: { cookie: secondAdmin },
    });
    expect(read.statusCode).toBe(200);
    expect(ids(await inbox("show=unread"))).not.toContain(threadId);
    const item = (await inbox("show=waiting")).items.find((x) => x.id === threadId);
    expect(item).toMatchObject({ companyUnread: false, waitingForUs: true });
  });

  it("an admin's reply takes it out of waiting for us; the customer's next message brings it back", async () => {
    expect((await reply(project.id, threadId, admin, "On it.")).statusCode).toBe(201);
    expect(ids(await inbox("show=waiting"))).not.toContain(threadId);
    expect((await reply(project.id, threadId, owner.cookie, "Thanks, one more thing")).statusCode).toBe(201);
    const item = (await inbox("show=waiting")).items.find((x) => x.id === threadId);
    expect(item).toMatchObject({ waitingForUs: true, companyUnread: true, replyCount: 2 });
    expect(item?.waitingSince).toBe(item?.replies[1]?.createdAt);
  });

  it("a customer message unanswered for more than 4 hours is overdue, counted, and a later ping keeps it so", async () => {
    const created = await post(otherProject.id, other.cookie, message("Old question"));
    const oldId: CommunicationId = created.json().id;
    const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000);
    await t.app.ctx.db
      .update(communications)
      .set({ createdAt: tenDaysAgo, lastActivityAt: tenDaysAgo, lastCustomerActivityAt: tenDaysAgo })
      .where(eq(communications.id, oldId));
    const before = await serviceLevels();
    expect(before.overdueThreads).toBeGreaterThanOrEqual(1);
    const overdue = await inbox("show=overdue");
    expect(ids(overdue)).toContain(oldId);
    expect(overdue.items.every((item) => item.overdue && item.waitingForUs)).toBe(true);
    expect(overdue.overdueThreads).toBe(overdue.total);

    // "Any news?" a day later: the first unanswered message still sets the clock.
    expect((await reply(otherProject.id, oldId, other.cookie, "Any news?")).statusCode).toBe(201);
    expect(ids(await inbox("show=overdue"))).toContain(oldId);

    expect((await reply(otherProject.id, oldId, admin, "Sorry for the wait")).statusCode).toBe(201);
    expect(ids(await inbox("show=overdue"))).not.toContain(oldId);
    expect((await serviceLevels()).overdueThreads).toBe(before.overdueThreads - 1);
    // The replies' rows carry the real times; the thread's first message is the old one.
    const rows = await t.app.ctx.db.select().from(communicationReplies).where(eq(communicationReplies.communicationId, oldId));
    expect(rows).toHaveLength(2);
  });

  it("filters by project and pages newest activity first, with the counts for the project", async () => {
    for (const subject of ["P1", "P2", "P3"]) await post(otherProject.id, other.cookie, message(subject));
    const all = await inbox(`projectId=${otherProject.id}`);
    expect(all.items.every((item) => item.project?.id === otherProject.id)).toBe(true);
    expect(all.items.slice(0, 3).map((item) => item.subject)).toEqual(["P3", "P2", "P1"]);
    const second = (
      await t.app.inject({
        method: "GET",
        url: `/api/company/communications?projectId=${otherProject.id}&pageSize=2&page=2`,
        headers: { cookie: admin },
      })
    ).json();
    expect(second).toMatchObject({ page: 2, pageSize: 2, total: all.total });
    expect(second.items.map((item: { id: string }) => item.id)).toEqual(ids(all).slice(2, 4));
    expect(all.waitingThreads).toBe(all.items.filter((item) => item.waitingForUs).length);
    expect((await inbox(`projectId=not-a-uuid`)).total).toBe(0);
  });

  it("refuses a view it does not know", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/company/communications?show=everything",
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe("one thread for the inbox, and access", () => {
  it("answers one thread with its project, 404 for unknown or malformed ids", async () => {
    const threadId = (await post(project.id, owner.cookie, message("Deep link"))).json().id;
    const one = await t.app.inject({ method: "GET", url: `/api/company/communications/${threadId}`, headers: { cookie: admin } });
    expect(one.statusCode).toBe(200);
    expect(one.headers["cache-control"]).toBe("no-store");
    expect(one.json()).toMatchObject({ id: threadId, subject: "Deep link", waitingForUs: true, project: { id: project.id } });
    for (const id of [randomUUID(), "not-a-uuid"]) {
      const res = await t.app.inject({ method: "GET", url: `/api/company/communications/${id}`, headers: { cookie: admin } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: "NOT_FOUND", message: "Communication not found" });
    }
  });

  it.each([
    "/api/company/communications?show=waiting",
    `/api/company/communications/${randomUUID()}`,
    "/api/company/service-levels",
    "/api/company/meeting-requests?due=overdue",
  ])("%s: visitors 401, customers 403", async (url) => {
    expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url, headers: { cookie: owner.cookie } })).statusCode).toBe(403);
  });
});

describe("the company starts a conversation in any project", () => {
  it("posts a message and a meeting; the customer is emailed, it is audited, and it is not waiting for us", async () => {
    const res = await post(otherProject.id, admin, message("Kick-off notes"));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ fromCompany: true, subject: "Kick-off notes" });
    const at = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const meeting = await post(otherProject.id, admin, {
      type: "meeting",
      subject: "Walkthrough",
      content: "Agenda",
      meetingUrl: "https://meet.google.com/abc-defg-hij",
      scheduledFor: at,
    });
    expect(meeting.statusCode).toBe(201);
    expect(meeting.json()).toMatchObject({
      type: "meeting",
      scheduledFor: at,
      meetingUrl: "https://meet.google.com/abc-defg-hij",
    });
    const mails = await t.app.ctx.db
      .select()
      .from(outgoingEmails)
      .where(and(eq(outgoingEmails.toAddress, other.email), eq(outgoingEmails.kind, "communication-message")));
    expect(mails.some((mail) => mail.subject.includes("Kick-off notes"))).toBe(true);
    const audit = await t.app.ctx.db.select().from(adminAuditLog).where(eq(adminAuditLog.projectId, otherProject.id));
    expect(audit.length).toBeGreaterThanOrEqual(2);
    expect(ids(await inbox("show=waiting"))).not.toContain(res.json().id);
  });
});

describe("meeting requests past their urgency window", () => {
  it("marks pending requests overdue by urgency, filters them, and counts them for the header", async () => {
    const create = (subject: string, urgency: string) =>
      t.app.inject({
        method: "POST",
        url: `/api/projects/${project.id}/meeting-requests`,
        payload: { subject, urgency },
        headers: { cookie: owner.cookie, ...json },
      });
    const high: MeetingRequestId = (await create("Urgent call", "high")).json().id;
    const medium: MeetingRequestId = (await create("Soon call", "medium")).json().id;
    // Five hours: past the high-urgency 4, within the 24 every other request has (shared/domain/service-levels.ts).
    const fiveHoursAgo = new Date(Date.now() - 5 * 3_600_000);
    await t.app.ctx.db.update(meetingRequests).set({ createdAt: fiveHoursAgo }).where(eq(meetingRequests.id, high));
    await t.app.ctx.db.update(meetingRequests).set({ createdAt: fiveHoursAgo }).where(eq(meetingRequests.id, medium));

    const page = (
      await t.app.inject({ method: "GET", url: "/api/company/meeting-requests?due=overdue", headers: { cookie: admin } })
    ).json();
    expect(page.items.map((item: { id: string }) => item.id)).toEqual([high]);
    expect(page.items[0]).toMatchObject({ overdue: true, urgency: "high", status: "pending" });
    const all = (await t.app.inject({ method: "GET", url: "/api/company/meeting-requests", headers: { cookie: admin } })).json();
    expect(all.items.find((item: { id: string }) => item.id === medium)).toMatchObject({ overdue: false });
    expect((await serviceLevels()).overdueMeetingRequests).toBe(1);

    const responded = await t.app.inject({
      method: "PATCH",
      url: `/api/company/meeting-requests/${high}`,
      payload: { status: "cancelled" },
      headers: { cookie: admin, ...json },
    });
    expect(responded.statusCode).toBe(200);
    expect((await serviceLevels()).overdueMeetingRequests).toBe(0);
    // The first answer's time is kept for the service-level report; a later change does not move it.
    const [first] = await t.app.ctx.db.select().from(meetingRequests).where(eq(meetingRequests.id, high));
    expect(first?.respondedAt).toBeInstanceOf(Date);
    await t.app.inject({
      method: "PATCH",
      url: `/api/company/meeting-requests/${high}`,
      payload: { status: "pending" },
      headers: { cookie: admin, ...json },
    });
    const [later] = await t.app.ctx.db.select().from(meetingRequests).where(eq(meetingRequests.id, high));
    expect(later?.respondedAt?.getTime()).toBe(first?.respondedAt?.getTime());
  });
});
