import { beforeAll, describe, expect, it } from "vitest";
import { type Customer, customer, json, newProject, openTeam } from "../../../../tests/factories";
import { openForFile } from "../../../../tests/setup/per-file";
import { startSmtpServer } from "../../../../tests/setup/smtp";
import { createTestApp, signIn } from "../../../../tests/setup/test-app";
import {
  MEETING_REQUEST_MESSAGES,
  MEETING_REQUESTS_PAGE_SIZE,
  type MeetingRequestStats,
  meetingRequestStatsSchema,
} from "../../../shared/schemas/meeting-requests";
import { meetingRequests } from "../../db/schema";

const smtp = openForFile(() => startSmtpServer());
const t = openForFile(() => createTestApp({ SMTP_URL: smtp.url }));
let admin: string;
beforeAll(async () => {
  admin = await signIn(t.app, "admin@blueprint.local", "Ada Admin");
});

const requestsOf = (id: string) => `/api/projects/${id}/meeting-requests`;
const create = (id: string, cookie: string, payload: object) =>
  t.app.inject({ method: "POST", url: requestsOf(id), payload, headers: { cookie, ...json } });
const respond = (id: string, cookie: string, payload: object) =>
  t.app.inject({ method: "PATCH", url: `/api/company/meeting-requests/${id}`, payload, headers: { cookie, ...json } });
const stats = async (cookie: string) =>
  (await t.app.inject({ method: "GET", url: "/api/meeting-requests/stats", headers: { cookie } })).json();
/** The stats reply (GET /api/meeting-requests/stats) with every count not named here 0. */
const counts = (named: Partial<MeetingRequestStats>) => ({
  ...Object.fromEntries(Object.keys(meetingRequestStatsSchema.shape).map((count) => [count, 0])),
  ...named,
});
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().replace(/\.\d{3}Z$/, ".000Z");

/** The calendar part of an email, unfolded. */
function calendarOf(mail: { raw: { attachments: Array<{ contentType: string; content: Buffer }>; text?: string } }) {
  const part = mail.raw.attachments.find((a) => a.contentType.startsWith("text/calendar"));
  if (!part) throw new Error("no calendar part");
  return part.content.toString("utf8").replace(/\r\n /g, "");
}

describe("meeting requests", () => {
  let owner: Customer;
  let project: { id: string; projectCode: string };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    owner = await customer(t.app, "meet-owner@example.com", "Mia Owner");
    project = await newProject(t.app, owner);
  });

  it("validates with the shared messages", async () => {
    const res = await create(project.id, owner.cookie, { subject: " ", urgency: "urgent" });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      subject: MEETING_REQUEST_MESSAGES.subjectRequired,
      urgency: MEETING_REQUEST_MESSAGES.urgencyRequired,
    });
  });

  it("takes a request at each urgency; the company is emailed and notified; the stats follow", async () => {
    for (const urgency of ["low", "medium", "high"] as const) {
      const res = await create(project.id, owner.cookie, {
        subject: `Review call (${urgency})`,
        description: urgency === "high" ? "The demo is on Friday" : "",
        preferredDates: urgency === "low" ? "Any weekday morning" : null,
        urgency,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ status: "pending", urgency, requestedByRole: "customer", requestedByName: "Mia Owner" });
      ids[urgency] = res.json().id;
    }
    const list = (await t.app.inject({ method: "GET", url: requestsOf(project.id), headers: { cookie: owner.cookie } })).json()
      .items;
    expect(list.map((r: { urgency: string }) => r.urgency)).toEqual(["high", "medium", "low"]);
    expect(list[2]).toMatchObject({ preferredDates: "Any weekday morning", description: null });
    await t.app.emailWorker.drain();
    const mail = await smtp.waitFor((m) => m.to === "admin@blueprint.local" && m.subject.includes("Review call (high)"));
    expect(mail.text).toContain("Urgency: High (within 24 hours)");
    const bell = (await t.app.inject({ method: "GET", url: "/api/notifications", headers: { cookie: admin } })).json();
    expect(bell.items[0]).toMatchObject({ type: "meeting.requested" });
    expect(await stats(owner.cookie)).toEqual(counts({ totalRequests: 3, pendingRequests: 3 }));
  });

  it("the admin lists requests filtered by status and urgency, paged, with no caching", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/company/meeting-requests?urgency=high&status=pending&projectId=${project.id}`,
      headers: { cookie: admin },
    });
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.json()).toMatchObject({
      total: 1,
      page: 1,
      items: [{ id: ids.high, requesterEmail: owner.email, project: { projectCode: project.projectCode } }],
    });
    const paged = (
      await t.app.inject({
        method: "GET",
        url: `/api/company/meeting-requests?projectId=${project.id}&pageSize=2&page=2`,
        headers: { cookie: admin },
      })
    ).json();
    expect(paged).toMatchObject({ total: 3, page: 2, pageSize: 2, items: [{ id: ids.low }] });
    const bad = await t.app.inject({
      method: "GET",
      url: "/api/company/meeting-requests?status=done",
      headers: { cookie: admin },
    });
    expect(bad.statusCode).toBe(400);
  });

  it("scheduling emails an invitation (METHOD:REQUEST) and puts the meeting in Scheduled Meetings", async () => {
    const at = inDays(2);
    const res = await respond(ids.high as string, admin, {
      status: "scheduled",
      meetingLink: "https://meet.google.com/abc-defg-hij",
      scheduledAt: at,
      adminNotes: "We'll walk through the demo; bring questions.",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: "scheduled",
      scheduledAt: at,
      meetingLink: "https://meet.google.com/abc-defg-hij",
    });
    await t.app.emailWorker.drain();
    const mail = await smtp.waitFor((m) => m.to === owner.email && m.subject === "Meeting scheduled: Review call (high)");
    const ics = calendarOf(mail);
    expect(ics).toContain("METHOD:REQUEST");
    expect(ics).toContain(`UID:meeting-request-${ids.high}@localhost`);
    expect(ics).toContain("SEQUENCE:0");
    expect(ics).toContain(`DTSTART:${at.replace(/[-:]/g, "").replace(".000", "")}`);
    expect(ics).toContain("URL:https://meet.google.com/abc-defg-hij");
    expect(ics).toContain('ATTENDEE;CN="Mia Owner"');
    expect(mail.text).toContain("Note from the team: We'll walk through the demo; bring questions.");

    const threads = (
      await t.app.inject({ method: "GET", url: `/api/projects/${project.id}/communications`, headers: { cookie: owner.cookie } })
    ).json().items;
    expect(threads[0]).toMatchObject({
      type: "meeting",
      scheduledFor: at,
      meetingUrl: "https://meet.google.com/abc-defg-hij",
      meetingRequestId: ids.high,
      fromCompany: true,
    });
    expect(await stats(owner.cookie)).toMatchObject({ scheduledRequests: 1, pendingRequests: 2 });
    const bell = (await t.app.inject({ method: "GET", url: "/api/notifications", headers: { cookie: owner.cookie } })).json();
    expect(bell.items[0]).toMatchObject({ type: "meeting.responded", title: "Meeting scheduled: Review call (high)" });
  });

  it("moving the meeting re-sends it with the same UID and a higher SEQUENCE; cancelling sends METHOD:CANCEL", async () => {
    const later = inDays(3);
    await respond(ids.high as string, admin, {
      status: "scheduled",
      meetingLink: "https://meet.google.com/abc-defg-hij",
      scheduledAt: later,
      adminNotes: null,
    });
    await t.app.emailWorker.drain();
    const update = calendarOf(
      await smtp.waitFor((m) => m.to === owner.email && m.subject === "Meeting updated: Review call (high)"),
    );
    expect(update).toContain("METHOD:REQUEST");
    expect(update).toContain(`UID:meeting-request-${ids.high}@localhost`);
    expect(update).toContain("SEQUENCE:1");

    await respond(ids.high as string, admin, {
      status: "cancelled",
      meetingLink: null,
      scheduledAt: later,
      adminNotes: "Sorry, we need to move this.",
    });
    await t.app.emailWorker.drain();
    const cancel = calendarOf(
      await smtp.waitFor((m) => m.to === owner.email && m.subject === "Meeting cancelled: Review call (high)"),
    );
    expect(cancel).toContain("METHOD:CANCEL");
    expect(cancel).toContain("SEQUENCE:2");
    expect(cancel).toContain("STATUS:CANCELLED");
    const threads = (
      await t.app.inject({ method: "GET", url: `/api/projects/${project.id}/communications`, headers: { cookie: owner.cookie } })
    ).json().items;
    expect(threads.find((c: { meetingRequestId: string }) => c.meetingRequestId === ids.high).scheduledFor).toBeNull();
  });

  it("any status may be set; completing needs no calendar file; the stats follow", async () => {
    const res = await respond(ids.low as string, admin, {
      status: "completed",
      meetingLink: null,
      scheduledAt: null,
      adminNotes: "Done by phone.",
    });
    expect(res.statusCode).toBe(200);
    await t.app.emailWorker.drain();
    const mail = await smtp.waitFor((m) => m.to === owner.email && m.subject === "Meeting request completed: Review call (low)");
    expect(mail.raw.attachments).toHaveLength(0);
    expect(await stats(owner.cookie)).toEqual(counts({ totalRequests: 3, pendingRequests: 1, completedRequests: 1 }));
  });

  it("validates the response: a scheduled meeting needs a future time and a real link", async () => {
    const missing = await respond(ids.medium as string, admin, {
      status: "scheduled",
      meetingLink: "",
      scheduledAt: null,
      adminNotes: "",
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({
      scheduledAt: MEETING_REQUEST_MESSAGES.scheduledAtRequired,
      meetingLink: MEETING_REQUEST_MESSAGES.linkRequired,
    });
    const past = await respond(ids.medium as string, admin, {
      status: "scheduled",
      meetingLink: "https://meet.google.com/abc-defg-hij",
      scheduledAt: inDays(-1),
      adminNotes: null,
    });
    expect(past.json().fields).toEqual({ scheduledAt: MEETING_REQUEST_MESSAGES.scheduledAtPast });
    const badLink = await respond(ids.medium as string, admin, {
      status: "pending",
      meetingLink: "ftp://x",
      scheduledAt: "tomorrow",
      adminNotes: null,
    });
    expect(badLink.json().fields).toEqual({
      meetingLink: MEETING_REQUEST_MESSAGES.linkInvalid,
      scheduledAt: MEETING_REQUEST_MESSAGES.scheduledAtInvalid,
    });
    const unknown = await respond("00000000-0000-4000-8000-000000000000", admin, { status: "pending" });
    expect(unknown.statusCode).toBe(404);
  });
});

describe("access matrix and isolation", () => {
  it("visitors 401, other customers 404, customers 403 on company routes, view_only members read but do not request", async () => {
    const owner = await customer(t.app, "meet-iso-owner@example.com");
    const stranger = await customer(t.app, "meet-iso-stranger@example.com");
    const project = await newProject(t.app, owner);
    const created = (await create(project.id, owner.cookie, { subject: "Private", urgency: "medium" })).json();

    for (const route of [
      { method: "GET" as const, url: requestsOf(project.id) },
      { method: "POST" as const, url: requestsOf(project.id), payload: { subject: "x", urgency: "low" } },
    ]) {
      const headers = route.payload ? json : {};
      expect((await t.app.inject({ ...route, headers })).statusCode).toBe(401);
      expect((await t.app.inject({ ...route, headers: { ...headers, cookie: stranger.cookie } })).statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: "GET", url: "/api/meeting-requests/stats" })).statusCode).toBe(401);
    expect(await stats(stranger.cookie)).toEqual(counts({}));

    for (const route of [
      { method: "GET" as const, url: "/api/company/meeting-requests" },
      { method: "PATCH" as const, url: `/api/company/meeting-requests/${created.id}`, payload: { status: "cancelled" } },
    ]) {
      const headers = route.payload ? json : {};
      expect((await t.app.inject({ ...route, headers })).statusCode).toBe(401);
      expect((await t.app.inject({ ...route, headers: { ...headers, cookie: owner.cookie } })).statusCode).toBe(403);
    }

    await openTeam(t.app, project.id);
    await t.app.inject({
      method: "POST",
      url: `/api/projects/${project.id}/users`,
      payload: { email: "meet-viewer@example.com", accessLevel: "view_only" },
      headers: { cookie: owner.cookie, ...json },
    });
    const viewer = await signIn(t.app, "meet-viewer@example.com", "Vic Viewer");
    expect(
      (await t.app.inject({ method: "GET", url: requestsOf(project.id), headers: { cookie: viewer } })).json().items,
    ).toHaveLength(1);
    expect((await create(project.id, viewer, { subject: "Me", urgency: "low" })).statusCode).toBe(403);
    expect(await stats(viewer)).toMatchObject({ totalRequests: 1 });
  });
});

describe("the stats of one project (GET /api/meeting-requests/stats?projectId=)", () => {
  const statsOf = (cookie: string | undefined, projectId: string) =>
    t.app.inject({
      method: "GET",
      url: `/api/meeting-requests/stats?projectId=${encodeURIComponent(projectId)}`,
      headers: cookie ? { cookie } : {},
    });

  it("counts only that project's requests, follows a response, and keeps the all-projects answer without projectId", async () => {
    const owner = await customer(t.app, "meet-two@example.com");
    const first = await newProject(t.app, owner);
    const second = await newProject(t.app, owner);
    const scheduled = (await create(first.id, owner.cookie, { subject: "Kick-off", urgency: "high" })).json();
    await create(first.id, owner.cookie, { subject: "Scope", urgency: "low" });

    expect((await statsOf(owner.cookie, first.id)).json()).toEqual(counts({ totalRequests: 2, pendingRequests: 2 }));
    expect((await statsOf(owner.cookie, second.id)).json()).toEqual(counts({}));

    // The admin schedules one: the cached counts of that project follow.
    await respond(scheduled.id, admin, {
      status: "scheduled",
      meetingLink: "https://meet.example/kickoff",
      scheduledAt: inDays(2),
    });
    expect((await statsOf(owner.cookie, first.id)).json()).toMatchObject({
      totalRequests: 2,
      scheduledRequests: 1,
      pendingRequests: 1,
    });
    await create(second.id, owner.cookie, { subject: "Second project", urgency: "medium" });
    expect((await statsOf(owner.cookie, second.id)).json()).toMatchObject({ totalRequests: 1, pendingRequests: 1 });
    expect(await stats(owner.cookie)).toMatchObject({ totalRequests: 3, scheduledRequests: 1, pendingRequests: 2 });
  });

  it("answers 401 signed out, 404 for a project the caller cannot see or a malformed id, and counts for a member", async () => {
    const owner = await customer(t.app, "meet-scope-owner@example.com");
    const stranger = await customer(t.app, "meet-scope-stranger@example.com");
    const project = await newProject(t.app, owner);
    await create(project.id, owner.cookie, { subject: "Hello", urgency: "low" });

    expect((await statsOf(undefined, project.id)).statusCode).toBe(401);
    const hidden = await statsOf(stranger.cookie, project.id);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ code: "NOT_FOUND" });
    expect((await statsOf(owner.cookie, "not-a-project")).statusCode).toBe(404);

    await openTeam(t.app, project.id);
    await t.app.inject({
      method: "POST",
      url: `/api/projects/${project.id}/users`,
      payload: { email: "meet-scope-viewer@example.com", accessLevel: "view_only" },
      headers: { cookie: owner.cookie, ...json },
    });
    const viewer = await signIn(t.app, "meet-scope-viewer@example.com", "Vic Viewer");
    expect((await statsOf(viewer, project.id)).json()).toMatchObject({ totalRequests: 1, pendingRequests: 1 });
    expect((await statsOf(admin, project.id)).json()).toMatchObject({ totalRequests: 1 });
  });
});

// Issue 27 §3: the list answered at most 500 requests as a bare array, the rest silently left out; it is now paged
// like every other list.
describe("a project's meeting requests, paged (GET /api/projects/{id}/meeting-requests)", () => {
  it("answers pages of the newest first with the total, and refuses a bad page with the JSON error shape", async () => {
    const owner = await customer(t.app, "meet-many@example.com", "Max Many");
    const project = await newProject(t.app, owner);
    const start = Date.now() - 30 * 3_600_000;
    await t.app.ctx.db.insert(meetingRequests).values(
      Array.from({ length: 12 }, (_, i) => ({
        projectId: project.id,
        requestedBy: owner.userId,
        subject: `Call ${i + 1}`,
        createdAt: new Date(start + i * 3_600_000),
      })),
    );
    const page = async (query: string) =>
      t.app.inject({ method: "GET", url: `${requestsOf(project.id)}${query}`, headers: { cookie: owner.cookie } });
    const first = (await page("")).json();
    expect(first).toMatchObject({ total: 12, page: 1, pageSize: MEETING_REQUESTS_PAGE_SIZE });
    expect(first.items.map((r: { subject: string }) => r.subject)).toEqual(
      Array.from({ length: MEETING_REQUESTS_PAGE_SIZE }, (_, i) => `Call ${12 - i}`),
    );
    const second = (await page("?page=2")).json();
    expect(second.items.map((r: { subject: string }) => r.subject)).toEqual(["Call 2", "Call 1"]);
    for (const bad of ["?pageSize=101", "?page=0", "?page=x"]) {
      const res = await page(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: "VALIDATION_FAILED" });
    }
  });
});
