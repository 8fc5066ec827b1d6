// Company actions taken through customer routes are audited like the console's own: adding a member, responding to
// (scheduling) a meeting request, reviewing feedback (status and answer), closing a round, an inquiry's status. Each
// lands in the audit log with who, what, and the fields before → after, and the console's audit view shows it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GOOD_FEEDBACK } from "../setup/feedback";
import { startWorld, type World } from "./fixture";

let w: World;
beforeAll(async () => {
  w = await startWorld();
});
afterAll(async () => {
  await w?.close();
});

type Entry = {
  actorEmail: string;
  action: string;
  projectId: string | null;
  changes: { field: string; before: unknown; after: unknown }[];
};

async function projectAudit(): Promise<Entry[]> {
  const res = await w.send({
    path: `/api/company/projects/${w.alice.projectId}/audit?pageSize=100`,
    cookie: w.admin.cookie,
  });
  expect(res.status, res.text).toBe(200);
  return res.json().items;
}

async function allAudit(): Promise<Entry[]> {
  const res = await w.send({ path: "/api/company/audit?pageSize=100", cookie: w.admin.cookie });
  expect(res.status, res.text).toBe(200);
  return res.json().items;
}

const asAdmin = (method: string, path: string, body?: unknown) => w.send({ method, path, body, cookie: w.admin.cookie });
const change = (entry: Entry | undefined, field: string) => entry?.changes.find((c) => c.field === field);

describe("company changes through customer routes are audited", () => {
  it("adding a member: who, the action, and the member before (none) → after (their access level)", async () => {
    const res = await asAdmin("POST", `/api/projects/${w.alice.projectId}/users`, {
      email: "erin@customer-a.example",
      accessLevel: "user",
    });
    expect(res.status, res.text).toBe(201);
    const entry = (await projectAudit()).find((e) => e.action === "member.added");
    expect(entry?.actorEmail).toBe(w.admin.email);
    expect(change(entry, "member erin@customer-a.example")).toEqual({
      field: "member erin@customer-a.example",
      before: null,
      after: "user",
    });
  });

  it("feedback status and answer, then closing the round", async () => {
    const created = await w.send({
      method: "POST",
      path: `/api/projects/${w.alice.projectId}/feedback`,
      body: GOOD_FEEDBACK,
      cookie: w.alice.cookie,
    });
    expect(created.status, created.text).toBe(201);
    const reviewed = await asAdmin("PATCH", `/api/projects/${w.alice.projectId}/feedback/${created.json().id}`, {
      status: "done",
      adminComment: "Fixed in the next build.",
    });
    expect(reviewed.status, reviewed.text).toBe(200);
    const entry = (await projectAudit()).find((e) => e.action === "feedback.updated");
    expect(entry?.actorEmail).toBe(w.admin.email);
    expect(change(entry, "status")).toMatchObject({ before: "pending", after: "done" });
    expect(change(entry, "adminComment")).toMatchObject({ before: null, after: "Fixed in the next build." });

    const closed = await asAdmin("POST", `/api/projects/${w.alice.projectId}/feedback/rounds/close`);
    expect(closed.status, closed.text).toBe(200);
    const round = (await projectAudit()).find((e) => e.action === "feedback.round_closed");
    expect(change(round, "iterationsUsed")).toMatchObject({ before: 0, after: 1 });
  });

  it("scheduling a meeting request the customer made", async () => {
    const requested = await w.send({
      method: "POST",
      path: `/api/projects/${w.alice.projectId}/meeting-requests`,
      body: { subject: "Kick-off", description: "First call", preferredDates: "Any morning", urgency: "medium" },
      cookie: w.alice.cookie,
    });
    expect(requested.status, requested.text).toBe(201);
    const scheduledAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const responded = await asAdmin("PATCH", `/api/company/meeting-requests/${requested.json().id}`, {
      status: "scheduled",
      meetingLink: "https://meet.example.com/kick-off",
      scheduledAt,
    });
    expect(responded.status, responded.text).toBe(200);
    const entry = (await projectAudit()).find((e) => e.action === "meeting_request.responded");
    expect(entry?.actorEmail).toBe(w.admin.email);
    expect(change(entry, "status")).toMatchObject({ before: "pending", after: "scheduled" });
    expect(change(entry, "meetingLink")).toMatchObject({ before: null, after: "https://meet.example.com/kick-off" });
  });

  it("an inquiry's status (no project): in the log of every change", async () => {
    const sent = await w.send({
      method: "POST",
      path: "/api/contact",
      body: { name: "Vic Visitor", email: "vic@visitor.example", remarks: "Call me" },
    });
    expect(sent.status, sent.text).toBe(200);
    const list = await asAdmin("GET", "/api/company/inquiries");
    const inquiry = list.json().items.find((i: { email: string }) => i.email === "vic@visitor.example");
    const marked = await asAdmin("PATCH", `/api/company/inquiries/${inquiry.id}`, { status: "answered" });
    expect(marked.status, marked.text).toBe(200);
    const entry = (await allAudit()).find((e) => e.action === "inquiry.status");
    expect(entry?.actorEmail).toBe(w.admin.email);
    expect(change(entry, "status")).toMatchObject({ before: "new", after: "answered" });
  });

  it("a customer's own changes are not company actions, and a refused change writes nothing", async () => {
    const before = (await allAudit()).length;
    const own = await w.send({
      method: "POST",
      path: `/api/projects/${w.alice.projectId}/users`,
      body: { email: "fred@customer-a.example", accessLevel: "view_only" },
      cookie: w.alice.cookie,
    });
    expect(own.status, own.text).toBe(201);
    const refused = await asAdmin("PATCH", "/api/company/inquiries/00000000-0000-4000-8000-000000000000", { status: "answered" });
    expect(refused.status).toBe(404);
    expect((await allAudit()).length).toBe(before);
  });
});
