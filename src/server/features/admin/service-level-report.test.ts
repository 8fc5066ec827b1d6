// "Answered within promise, last 30 days" (issue 28, part 5) through the real app: each kind counts the items that
// have come due or were answered, and those answered inside the site's promise (2 h, 4 h, 24 h, 24 h / 4 h when
// urgent); items still inside their window and older than 30 days are not counted. A customer may not read it.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createProjectWithStatus, customer } from "../../../../tests/factories";
import { openForFile } from "../../../../tests/setup/per-file";
import { createTestApp, signIn } from "../../../../tests/setup/test-app";
import type { CommunicationId } from "../../../shared/domain/ids";
import { communicationReplies, communications, contactInquiries, meetingRequests, projects } from "../../db/schema";

const t = openForFile(() => createTestApp());
let admin: string;
beforeAll(async () => {
  admin = await signIn(t.app, "admin@blueprint.local", "Ada Admin");
});

const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR);
const hoursAfter = (start: Date, hours: number) => new Date(start.getTime() + hours * HOUR);
type Report = { days: number; kinds: Array<{ kind: string; total: number; withinPromise: number; promise: string }> };
const report = async (cookie = admin) =>
  t.app.inject({ method: "GET", url: "/api/company/service-levels/report", headers: { cookie } });
const figures = async () => {
  const res = await report();
  expect(res.statusCode).toBe(200);
  const body = res.json() as Report;
  return Object.fromEntries(body.kinds.map((k) => [k.kind, { total: k.total, within: k.withinPromise }]));
};

describe("answered within promise, last 30 days", () => {
  it("counts each kind against its own clock, in one report", async () => {
    const before = await figures();
    const db = t.app.ctx.db;
    const owner = await customer(t.app, "sla-owner@example.com", "Sam Owner");
    const project = async (createdAt: Date) => {
      const row = await createProjectWithStatus(db, { ownerId: owner.userId, status: "requirements" });
      await db.update(projects).set({ createdAt }).where(eq(projects.id, row.id));
      return row.id;
    };
    const thread = async (projectId: string, fromCompany: boolean, createdAt: Date) => {
      const [row] = await db
        .insert(communications)
        .values({ projectId, fromCompany, type: "message", subject: "Hello", content: "Hello there", createdAt })
        .returning();
      if (!row) throw new Error("no thread");
      return row.id;
    };
    const companyReply = (communicationId: CommunicationId, createdAt: Date) =>
      db
        .insert(communicationReplies)
        .values({ communicationId, authorEmail: "admin@blueprint.local", fromCompany: true, content: "On it", createdAt });

    // New projects (2 h): answered by a message at +1 h (in time), by a reply at +3 h (late), unanswered for 3 h
    // (late), unanswered for 1 h (not due yet), and one from 40 days ago (outside the report).
    const quick = ago(3);
    await thread(await project(quick), true, hoursAfter(quick, 1));
    const slow = ago(5);
    const slowThread = await thread(await project(slow), false, hoursAfter(slow, 0.1));
    await companyReply(slowThread, hoursAfter(slow, 3));
    await project(ago(3));
    await project(ago(1));
    await thread(await project(ago(40 * 24)), true, ago(40 * 24 - 1));

    // Support (4 h): the customer-started thread above answered at +2.9 h (in time); one answered at +5 h (late);
    // one unanswered for 6 h (late); one unanswered for 1 h (not due yet).
    const supportProject = await project(ago(100));
    const answered = await thread(supportProject, false, ago(8));
    await companyReply(answered, hoursAfter(ago(8), 5));
    await thread(supportProject, false, ago(6));
    await thread(supportProject, false, ago(1));

    // Inquiries (24 h): answered at +10 h, answered at +30 h, unanswered for 30 h, unanswered for 2 h.
    const inquiry = (createdAt: Date, answeredAt: Date | null) =>
      db.insert(contactInquiries).values({
        form: "short",
        name: "Lee",
        email: "lee@example.com",
        createdAt,
        status: answeredAt ? "answered" : "new",
        answeredAt,
      });
    await inquiry(ago(40), hoursAfter(ago(40), 10));
    await inquiry(ago(40), hoursAfter(ago(40), 30));
    await inquiry(ago(30), null);
    await inquiry(ago(2), null);

    // Meeting requests (24 h; high 4 h): a high one answered at +5 h (late), a medium one answered at +5 h (in time),
    // a low one pending for 2 h (not due), a high one pending for 5 h (late), and the company's own (not counted).
    const meeting = (urgency: "low" | "medium" | "high", createdAt: Date, respondedAt: Date | null, role = "customer") =>
      db.insert(meetingRequests).values({
        projectId: supportProject,
        subject: "Call",
        urgency,
        createdAt,
        respondedAt,
        requestedByRole: role,
        status: respondedAt ? "scheduled" : "pending",
      });
    await meeting("high", ago(10), hoursAfter(ago(10), 5));
    await meeting("medium", ago(10), hoursAfter(ago(10), 5));
    await meeting("low", ago(2), null);
    await meeting("high", ago(5), null);
    await meeting("high", ago(10), null, "company");

    const now = await figures();
    const delta = (kind: string) => ({
      total: (now[kind]?.total ?? 0) - (before[kind]?.total ?? 0),
      within: (now[kind]?.within ?? 0) - (before[kind]?.within ?? 0),
    });
    // 4 new projects came due in the window: quick (in time), slow (late), the unanswered 3 h one (late), and the
    // support project (created 100 h ago, its first company word at +92 h: late).
    expect(delta("newProject")).toEqual({ total: 4, within: 1 });
    // Customer-started threads: slow's (answered +2.9 h, in time), answered (+5 h, late), unanswered 6 h (late).
    expect(delta("support")).toEqual({ total: 3, within: 1 });
    expect(delta("inquiry")).toEqual({ total: 3, within: 1 });
    expect(delta("meeting")).toEqual({ total: 3, within: 1 });
  });

  it("names each kind's promise, and a customer may not read it", async () => {
    const res = await report();
    expect((res.json() as Report).days).toBe(30);
    expect((res.json() as Report).kinds.map((k) => k.promise)).toEqual([
      "answered within 2 hours",
      "answered within 2-4 hours (due at 4)",
      "answered within 24 hours",
      "confirmed within 24 hours (high urgency: 4)",
    ]);
    const owner = await customer(t.app, "sla-nosy@example.com");
    const refused = await report(owner.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: "FORBIDDEN" });
  });
});
