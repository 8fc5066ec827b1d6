import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createCompletedProfile, onboardOwner, signedInUser } from "../../../../tests/factories";
import { fileUpload } from "../../../../tests/setup/multipart";
import { signNdaFor } from "../../../../tests/setup/onboarding";
import { openForFile } from "../../../../tests/setup/per-file";
import { createTestApp, signIn } from "../../../../tests/setup/test-app";
import { isoMonth } from "../../../shared/domain/dates";
import { CLOSE_MESSAGES } from "../../../shared/schemas/admin";
import { VERSION_MESSAGES } from "../../../shared/schemas/versions";
import {
  activityEvents,
  contactInquiries,
  outgoingEmails,
  profiles,
  projects,
  requirements,
  scheduledJobRuns,
  users,
} from "../../db/schema";
import { runTickOnce, tickOf } from "../../jobs/scheduled-job";
import { csvCell } from "./projects-csv";
import { STATUS_RULES_INTERVAL_MS } from "./status-scheduler";

const t = openForFile(() => createTestApp());
let admin: string;
const ADMIN = "admin@blueprint.local";

beforeAll(async () => {
  admin = await signIn(t.app, ADMIN, "Site Admin");
});

const req = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

type Customer = { email: string; cookie: string; userId: string };

async function newProject(_app: unknown, who: Customer): Promise<{ id: string; projectCode: string }> {
  await onboardOwner(t.app.ctx.db, who.userId);
  const res = await req("POST", "/api/projects", who.cookie, {});
  if (res.statusCode !== 201) throw new Error(`create project failed: ${res.body}`);
  return res.json();
}

let counter = 0;
/** A signed-in customer, made directly (the sign-in route's per-IP limit would stop a test this size). */
const customer = async (_app: unknown, email: string, name = "Casey Client"): Promise<Customer> => {
  const who = await signedInUser(t.app, { email, name });
  return { email: who.email, cookie: who.cookie, userId: who.userId };
};
async function customerWithProject(name = "Dana Wells"): Promise<Customer & { project: { id: string; projectCode: string } }> {
  const who = await customer(t.app, `admin-test-${++counter}@example.com`, name);
  await createCompletedProfile(t.app.ctx.db, { userId: who.userId, fullName: name, company: `${name} Co` });
  const project = await newProject(t.app, who);
  return { ...who, project };
}
/** A customer who completed the profile and signed the NDA through the real routes; signing opens the first project. */
async function customerWhoSigned(name: string): Promise<Customer & { project: { id: string; projectCode: string } }> {
  const who = await customer(t.app, `signed-${++counter}@example.com`, name);
  await createCompletedProfile(t.app.ctx.db, { userId: who.userId, fullName: name, company: `${name} Co` });
  await signNdaFor(t.app, who.cookie, who.email);
  const [project] = (await req("GET", "/api/projects", who.cookie)).json().items as Array<{ id: string; projectCode: string }>;
  if (!project) throw new Error("signing the NDA opened no project");
  return { ...who, project };
}

describe("every admin route is company only", () => {
  const routes: Array<["GET" | "POST" | "PATCH" | "DELETE", string, unknown?]> = [
    ["GET", "/api/company/stats"],
    ["GET", "/api/company/projects"],
    ["GET", "/api/company/projects.csv"],
    ["PATCH", "/api/company/projects/00000000-0000-0000-0000-000000000000", { status: "testing" }],
    ["GET", "/api/company/projects/00000000-0000-0000-0000-000000000000/audit"],
    ["GET", "/api/company/audit"],
    [
      "POST",
      "/api/company/projects/00000000-0000-0000-0000-000000000000/brd-upload",
      { documentUrl: "https://x.example/a.pdf", documentName: "a.pdf" },
    ],
    ["DELETE", "/api/company/projects/00000000-0000-0000-0000-000000000000/brd"],
    ["GET", "/api/company/user-activity"],
    ["POST", "/api/company/users/00000000-0000-0000-0000-000000000000/profile-reminder", {}],
    ["GET", "/api/customer-profile/00000000-0000-0000-0000-000000000000"],
    ["GET", "/api/customer-profile/00000000-0000-0000-0000-000000000000/nda"],
    ["POST", "/api/admin/test-status-updates", {}],
    ["GET", "/api/company/charts"],
    ["GET", "/api/company/inquiries"],
    ["PATCH", "/api/company/inquiries/00000000-0000-0000-0000-000000000000", { status: "answered" }],
  ];

  it.each(routes)("%s %s: 401 for visitors, 403 for customers", async (method, url, payload) => {
    const someone = await customer(t.app, `matrix-${++counter}@example.com`);
    const visitor = await req(method, url, undefined, payload);
    expect(visitor.statusCode).toBe(401);
    const asCustomer = await req(method, url, someone.cookie, payload);
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json()).toMatchObject({ code: "FORBIDDEN" });
  });

  it("answers with Cache-Control: no-store", async () => {
    const res = await req("GET", "/api/company/stats", admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
  });
});

describe("GET /api/company/stats", () => {
  it("counts each stat card by its definition", async () => {
    const before = (await req("GET", "/api/company/stats", admin)).json();
    const a = await customerWithProject();
    await customer(t.app, `login-only-${++counter}@example.com`);
    const incomplete = await customer(t.app, `incomplete-${++counter}@example.com`);
    await t.app.ctx.db.insert(profiles).values({ userId: incomplete.userId, fullName: "Half Done", profileCompleted: false });
    await req("PATCH", `/api/company/projects/${a.project.id}`, admin, { status: "development" });

    const after = (await req("GET", "/api/company/stats", admin)).json();
    expect(after.totalProjects - before.totalProjects).toBe(1);
    expect(after.activeCustomers - before.activeCustomers).toBe(1);
    expect(after.inProgress - before.inProgress).toBe(1);
    expect(after.loginOnlyUsers - before.loginOnlyUsers).toBe(1);
    expect(after.incompleteProfiles - before.incompleteProfiles).toBe(1);

    await req("PATCH", `/api/company/projects/${a.project.id}`, admin, {
      status: "completed",
      closeReason: "Closed for the test.",
    });
    const done = (await req("GET", "/api/company/stats", admin)).json();
    expect(done.completed - after.completed).toBe(1);
    expect(done.inProgress - after.inProgress).toBe(-1);
    expect(done.activeCustomers - after.activeCustomers).toBe(-1);
  });
});

describe("GET /api/company/projects", () => {
  it("finds a project by code, by project name, by customer name and by created date", async () => {
    const a = await customerWithProject("Zebulon Quartermaine");
    await req("PATCH", `/api/company/projects/${a.project.id}`, admin, { projectName: "Glacier Ledger" });
    const day = (await t.app.ctx.db.select().from(projects).where(eq(projects.id, a.project.id)))[0]?.createdAt
      .toISOString()
      .slice(0, 10);
    for (const search of [a.project.projectCode, "glacier led", "quarterMAINE", day]) {
      const res = await req("GET", `/api/company/projects?search=${encodeURIComponent(search ?? "")}&pageSize=100`, admin);
      expect(res.statusCode).toBe(200);
      expect(res.json().items.map((p: { id: string }) => p.id)).toContain(a.project.id);
    }
    const none = await req("GET", "/api/company/projects?search=no-such-thing-anywhere", admin);
    expect(none.json()).toMatchObject({ items: [], total: 0 });
  });

  it("treats % and _ in the search as plain characters", async () => {
    const res = await req("GET", `/api/company/projects?search=${encodeURIComponent("%")}`, admin);
    expect(res.json().total).toBe(0);
  });

  it("filters by status and package, sorts and pages on the server", async () => {
    const a = await customerWithProject("Filter One");
    const b = await customerWithProject("Filter Two");
    await req("PATCH", `/api/company/projects/${a.project.id}`, admin, { status: "testing", packageType: "premium" });
    await req("PATCH", `/api/company/projects/${b.project.id}`, admin, { status: "testing", packageType: "basic" });
    const res = (await req("GET", "/api/company/projects?status=testing&package=premium&pageSize=100", admin)).json();
    expect(
      res.items.every((p: { status: string; packageType: string }) => p.status === "testing" && p.packageType === "premium"),
    ).toBe(true);
    expect(res.items.map((p: { id: string }) => p.id)).toContain(a.project.id);
    expect(res.items.map((p: { id: string }) => p.id)).not.toContain(b.project.id);

    const page1 = (await req("GET", "/api/company/projects?pageSize=2&page=1&sort=projectCode&order=asc", admin)).json();
    const page2 = (await req("GET", "/api/company/projects?pageSize=2&page=2&sort=projectCode&order=asc", admin)).json();
    expect(page1.items).toHaveLength(2);
    expect(page1.total).toBeGreaterThan(3);
    expect(page1.items[1].projectCode < page2.items[0].projectCode).toBe(true);
  });

  it("keeps its totals equal to the projects themselves through creates, moves and deletes", async () => {
    const a = await customerWithProject("Count One");
    const b = await customerWithProject("Count Two");
    await req("PATCH", `/api/company/projects/${a.project.id}`, admin, { status: "testing", packageType: "premium" });
    await req("PATCH", `/api/company/projects/${b.project.id}`, admin, {
      status: "completed",
      closeReason: "Closed for the test.",
    });
    await t.app.ctx.db.update(projects).set({ userId: a.userId }).where(eq(projects.id, b.project.id));
    const c = await customerWithProject("Count Three");
    await t.app.ctx.db.delete(projects).where(eq(projects.id, c.project.id));

    const all = await t.app.ctx.db.select().from(projects);
    for (const [status, pkg] of [
      ["all", "all"],
      ["testing", "all"],
      ["testing", "premium"],
      ["completed", "all"],
      ["all", "basic"],
    ] as const) {
      const res = (await req("GET", `/api/company/projects?status=${status}&package=${pkg}`, admin)).json();
      const expected = all.filter(
        (p) => (status === "all" || p.status === status) && (pkg === "all" || p.packageType === pkg),
      ).length;
      expect(res.total, `${status} / ${pkg}`).toBe(expected);
    }
    const stats = (await req("GET", "/api/company/stats", admin)).json();
    expect(stats.totalProjects).toBe(all.length);
    expect(stats.completed).toBe(all.filter((p) => p.status === "completed").length);
    const customers = await t.app.ctx.db.select().from(users).where(eq(users.role, "customer"));
    const open = new Set(all.filter((p) => p.status !== "completed").map((p) => p.userId));
    expect(stats.activeCustomers).toBe(customers.filter((u) => open.has(u.id)).length);
  });

  it("pages through every project once, newest first, to the last page", async () => {
    await customerWithProject("Paging One");
    await customerWithProject("Paging Two");
    const all = await t.app.ctx.db.select().from(projects);
    const expected = [...all]
      .sort((x, y) => y.createdAt.getTime() - x.createdAt.getTime() || (y.id < x.id ? -1 : y.id > x.id ? 1 : 0))
      .map((p) => p.id);
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(all.length / 3); page++) {
      const res = (await req("GET", `/api/company/projects?pageSize=3&page=${page}`, admin)).json();
      expect(res.total).toBe(all.length);
      seen.push(...res.items.map((p: { id: string }) => p.id));
    }
    expect(seen).toEqual(expected);
    const byCustomer = (await req("GET", "/api/company/projects?sort=customerName&order=asc&pageSize=100", admin)).json();
    const names = byCustomer.items.map((p: { customerName: string | null }) => p.customerName ?? "\uffff");
    expect(byCustomer.total).toBe(all.length);
    expect(names).toEqual([...names].sort((x: string, y: string) => x.localeCompare(y, "en", { sensitivity: "base" }) || 0));
  });

  it("pages every order by number, each project once, rows at the same instant included", async () => {
    for (let i = 0; i < 4; i++) await customerWithProject(`Same Instant ${i}`);
    // Rows a microsecond apart and rows at the same instant: the order ends on created_at and the id, so no page repeats one.
    await t.app.ctx.db.execute(
      sql`update ${projects} set created_at = timestamptz '2026-03-01 10:00:00.123456+00' + (random() * 3)::int * interval '1 microsecond'`,
    );
    const all = await t.app.ctx.db.select().from(projects);
    const orders = ["createdAt:desc", "createdAt:asc", "projectCode:asc", "status:asc", "packageType:desc", "customerName:asc"];
    for (const [sort, order] of orders.map((o) => o.split(":"))) {
      const ids: string[] = [];
      for (let page = 1; page <= Math.ceil(all.length / 2); page++) {
        const reply = (
          await req("GET", `/api/company/projects?pageSize=2&sort=${sort}&order=${order}&page=${page}`, admin)
        ).json();
        expect(reply).toMatchObject({ page, pageSize: 2, total: all.length });
        ids.push(...reply.items.map((p: { id: string }) => p.id));
      }
      expect({ sort, order, ids: [...ids].sort() }).toEqual({ sort, order, ids: all.map((p) => p.id).sort() });
    }
  });

  it("refuses a cursor: the list pages by number only (docs/decisions/0033-one-paged-shape.md)", async () => {
    const res = await req("GET", "/api/company/projects?page=2&cursor=eyJ9", admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "VALIDATION_FAILED", fields: { cursor: expect.any(String) } });
    expect((await req("GET", "/api/company/projects?page=2", admin)).json()).not.toHaveProperty("nextCursor");
  });

  it("refuses an unknown filter value", async () => {
    expect((await req("GET", "/api/company/projects?status=archived", admin)).statusCode).toBe(400);
    expect((await req("GET", "/api/company/projects?pageSize=1000", admin)).statusCode).toBe(400);
  });
});

describe("CSV export", () => {
  it("guards formulas and escapes separators", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-2")).toBe("'-2");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
    expect(csvCell(null)).toBe("");
  });

  it("exports the filtered list with a header row", async () => {
    const a = await customerWithProject("=cmd|' /C calc'!A0");
    const res = await req("GET", `/api/company/projects.csv?search=${encodeURIComponent(a.project.projectCode)}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="blueprint-projects-(\d{4}-\d{2}-\d{2})\.csv"; filename\*=UTF-8''blueprint-projects-\1\.csv$/,
    );
    const lines = res.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toMatch(/^Project Code,Project Name,Customer,/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(a.project.projectCode);
    expect(lines[1]).toContain("\"'=cmd|' /C calc'!A0\"".replace(/^"|"$/g, ""));
    expect(lines[1]).not.toMatch(/,=cmd/);
  });
});

describe("PATCH /api/company/projects/{id}", () => {
  it("sets the status alone, audits it and tells the customer", async () => {
    const a = await customerWithProject();
    const res = await req("PATCH", `/api/company/projects/${a.project.id}`, admin, { status: "development" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "development", customerName: "Dana Wells" });
    const audit = (await req("GET", `/api/company/projects/${a.project.id}/audit`, admin)).json();
    expect(audit.items[0]).toMatchObject({
      actorEmail: ADMIN,
      action: "project.status",
      changes: [{ field: "status", before: "requirements", after: "development" }],
    });
    const events = await t.app.ctx.db.select().from(activityEvents).where(eq(activityEvents.projectId, a.project.id));
    expect(events.some((e) => e.title === "Status changed to Development in progress" && e.notify)).toBe(true);
  });

  it("saves the payment phases, and the customer's project list shows them at once", async () => {
    const a = await customerWithProject();
    const res = await req("PATCH", `/api/company/projects/${a.project.id}`, admin, {
      advancePaymentLink: "https://pay.example/advance",
      advancePaymentAmount: "2,500.00",
      advancePaymentCurrency: "INR",
      advancePaymentLinkDate: "2026-03-01",
      advancePaymentReceivedDate: "2026-03-05T10:00:00.000Z",
      balancePaymentLink: "https://pay.example/balance",
      balancePaymentAmount: "2500",
      userLimit: 12,
    });
    expect(res.statusCode).toBe(200);
    const mine = (await req("GET", "/api/projects", a.cookie)).json().items[0];
    expect(mine).toMatchObject({
      advancePaymentLink: "https://pay.example/advance",
      advancePaymentAmount: "2500.00",
      advancePaymentCurrency: "INR",
      advancePaymentLinkDate: "2026-03-01T00:00:00.000Z",
      advancePaymentReceivedDate: "2026-03-05T10:00:00.000Z",
      balancePaymentAmount: "2500.00",
      userLimit: 12,
    });
  });

  it("computes the access expiry one year after the deployment date, and clears it with the date", async () => {
    const a = await customerWithProject();
    const set = await req("PATCH", `/api/company/projects/${a.project.id}`, admin, { deploymentDate: "2026-04-15" });
    expect(set.json()).toMatchObject({
      deploymentDate: "2026-04-15T00:00:00.000Z",
      customerAccessExpiryDate: "2027-04-15T00:00:00.000Z",
    });
    const cleared = await req("PATCH", `/api/company/projects/${a.project.id}`, admin, { deploymentDate: null });
    expect(cleared.json()).toMatchObject({ deploymentDate: null, customerAccessExpiryDate: null });
  });

  it.each([
    [{ customerAccessExpiryDate: "2030-01-01" }, "customerAccessExpiryDate", "Unknown field: customerAccessExpiryDate"],
    [{ projectCode: "PRJ-1" }, "projectCode", "Unknown field: projectCode"],
    [{ userId: "x" }, "userId", "Unknown field: userId"],
    [{ brdDocumentUrl: "https://x.example" }, "brdDocumentUrl", "Unknown field: brdDocumentUrl"],
    [{ userLimit: 0 }, "userLimit", "User limit must be between 1 and 100"],
    [{ userLimit: 101 }, "userLimit", "User limit must be between 1 and 100"],
    [{ prototypeUrl: "http://proto.example" }, "prototypeUrl", "The prototype URL must start with https://"],
    [{ prototypeUrl: "javascript:alert(1)" }, "prototypeUrl", "The prototype URL must start with https://"],
    [{ advancePaymentAmount: "12abc" }, "advancePaymentAmount", "Enter an amount such as 2500 or 2,500.00"],
    [{ advancePaymentCurrency: "EUR" }, "advancePaymentCurrency", undefined],
    [{ deploymentDate: "next tuesday" }, "deploymentDate", "Enter a valid date"],
    [{ status: "archived" }, "status", undefined],
  ])("refuses %j", async (body, field, message) => {
    const a = await customerWithProject();
    const res = await req("PATCH", `/api/company/projects/${a.project.id}`, admin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBeDefined();
    if (message) expect(res.json().fields[field]).toBe(message);
    const [row] = await t.app.ctx.db.select().from(projects).where(eq(projects.id, a.project.id));
    expect(row?.status).toBe("requirements");
  });

  it.each([
    "https://192.168.1.20/app",
    "https://10.0.0.5/",
    "https://localhost/app",
    "https://intranet.local/app",
    "https://[::1]/",
    "https://metadata/",
  ])("refuses the private or local prototype URL %s with the message version publishing gives", async (prototypeUrl) => {
    const a = await customerWithProject();
    const res = await req("PATCH", `/api/company/projects/${a.project.id}`, admin, { prototypeUrl });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: "VALIDATION_FAILED",
      message: VERSION_MESSAGES.urlPrivate,
      fields: { prototypeUrl: VERSION_MESSAGES.urlPrivate },
      requestId: expect.any(String),
    });
    const [row] = await t.app.ctx.db.select().from(projects).where(eq(projects.id, a.project.id));
    expect(row?.prototypeUrl).toBeNull();
  });

  it("answers 404 for a project that does not exist and 400 for an empty body", async () => {
    expect(
      (await req("PATCH", "/api/company/projects/00000000-0000-0000-0000-000000000000", admin, { status: "testing" })).statusCode,
    ).toBe(404);
    expect((await req("PATCH", "/api/company/projects/not-a-uuid", admin, { status: "testing" })).statusCode).toBe(404);
    const a = await customerWithProject();
    expect((await req("PATCH", `/api/company/projects/${a.project.id}`, admin, {})).statusCode).toBe(400);
  });
});

describe("automatic status rules", () => {
  it("never completes a project because its deployment date passed: the date sets only the access expiry", async () => {
    const a = await customerWithProject();
    await req("PATCH", `/api/company/projects/${a.project.id}`, admin, { status: "testing", deploymentDate: "2020-01-01" });
    const res = await req("POST", "/api/admin/test-status-updates", admin, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().changes.some((c: { projectId: string }) => c.projectId === a.project.id)).toBe(false);
    const [row] = await t.app.ctx.db.select().from(projects).where(eq(projects.id, a.project.id));
    expect(row?.status).toBe("testing");
    expect(row?.customerAccessExpiryDate?.toISOString()).toBe("2021-01-01T00:00:00.000Z");
  });

  it("completes a project the customer has not approved only with a reason: audited, the customer told", async () => {
    const a = await customerWithProject();
    await req("PATCH", `/api/company/projects/${a.project.id}`, admin, { status: "testing" });
    for (const payload of [{ status: "completed" }, { status: "completed", closeReason: "   " }]) {
      const refused = await req("PATCH", `/api/company/projects/${a.project.id}`, admin, payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields).toEqual({ closeReason: CLOSE_MESSAGES.reasonRequired });
    }
    const tooLong = await req("PATCH", `/api/company/projects/${a.project.id}`, admin, {
      status: "completed",
      closeReason: "x".repeat(1001),
    });
    expect(tooLong.statusCode).toBe(400);
    const [still] = await t.app.ctx.db.select().from(projects).where(eq(projects.id, a.project.id));
    expect(still?.status).toBe("testing");

    const reason = "The client asked to stop after version 1.";
    const closed = await req("PATCH", `/api/company/projects/${a.project.id}`, admin, {
      status: "completed",
      closeReason: reason,
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().status).toBe("completed");
    const log = (await req("GET", `/api/company/projects/${a.project.id}/audit`, admin)).json();
    const entry = log.items.find((e: { action: string }) => e.action === "project.status");
    expect(entry.changes).toContainEqual({ field: "closeReason", before: null, after: reason });
    const events = await t.app.ctx.db.select().from(activityEvents).where(eq(activityEvents.projectId, a.project.id));
    expect(events).toContainEqual(
      expect.objectContaining({
        title: "Status changed to Project completed",
        notify: true,
        description: expect.stringContaining(reason),
      }),
    );
  });

  it("Test Status Updates completes an approved project still in testing, with the reason", async () => {
    const a = await customerWithProject();
    await req("PATCH", `/api/company/projects/${a.project.id}`, admin, { status: "testing" });
    await t.app.ctx.db.update(projects).set({ acceptedAt: new Date() }).where(eq(projects.id, a.project.id));
    // The preview (a read) says what would change and changes nothing.
    const preview = await req("GET", "/api/admin/test-status-updates", admin);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().changes).toContainEqual(expect.objectContaining({ projectId: a.project.id, to: "completed" }));
    const [unchanged] = await t.app.ctx.db.select().from(projects).where(eq(projects.id, a.project.id));
    expect(unchanged?.status).toBe("testing");
    expect((await req("GET", "/api/admin/test-status-updates", a.cookie)).statusCode).toBe(403);
    const res = await req("POST", "/api/admin/test-status-updates", admin, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().changes).toContainEqual({
      projectId: a.project.id,
      projectCode: a.project.projectCode,
      from: "testing",
      to: "completed",
      reason: "The prototype was approved.",
    });
    const events = await t.app.ctx.db.select().from(activityEvents).where(eq(activityEvents.projectId, a.project.id));
    expect(
      events.some((e) => e.title === "Status changed to Project completed" && e.description?.includes("prototype was approved")),
    ).toBe(true);
    const again = (await req("POST", "/api/admin/test-status-updates", admin, {})).json();
    expect(again.changes.some((c: { projectId: string }) => c.projectId === a.project.id)).toBe(false);
    // The audit log credits the rules (the admin only asked them to run now).
    const log = (await req("GET", `/api/company/projects/${a.project.id}/audit`, admin)).json();
    const automatic = log.items.find((entry: { action: string }) => entry.action === "project.status_auto");
    expect(automatic.actorEmail).toBe(`system (automatic status rules, run by ${ADMIN})`);
  });

  it("moves requirements to development once the brief is confirmed and the advance is received", async () => {
    const a = await customerWithProject();
    await t.app.ctx.db.insert(requirements).values({
      projectId: a.project.id,
      projectName: "Glacier",
      problemStatement: "Bookings by phone take hours.",
      briefConfirmed: true,
    });
    await req("PATCH", `/api/company/projects/${a.project.id}`, admin, { advancePaymentReceivedDate: "2026-01-02" });
    const res = (await req("POST", "/api/admin/test-status-updates", admin, {})).json();
    expect(res.changes).toContainEqual(
      expect.objectContaining({ projectId: a.project.id, from: "requirements", to: "development" }),
    );
  });

  it("runs a scheduled tick once however many processes wake for it", async () => {
    const tickAt = tickOf(new Date(Date.UTC(2031, 0, 1, 12, 7)), STATUS_RULES_INTERVAL_MS);
    expect(tickAt.toISOString()).toBe("2031-01-01T12:00:00.000Z");
    let runs = 0;
    const work = async () => {
      runs++;
      return { ok: true };
    };
    const outcomes = await Promise.all(
      ["p1", "p2", "p3", "p4"].map((processId) => runTickOnce(t.app.ctx.db, { job: "test-job", tickAt, processId, work })),
    );
    expect(runs).toBe(1);
    expect(outcomes.filter((o) => o.ran)).toHaveLength(1);
    const [row] = await t.app.ctx.db.select().from(scheduledJobRuns).where(eq(scheduledJobRuns.job, "test-job"));
    expect(row?.finishedAt).not.toBeNull();
  });
});

describe("user activity", () => {
  it("lists customers with their activity status and filters by it", async () => {
    const withProject = await customerWithProject();
    const loginOnly = await customer(t.app, `only-login-${++counter}@example.com`, "Lou Login");
    const all = (await req("GET", "/api/company/user-activity?pageSize=100", admin)).json();
    const find = (id: string) => all.items.find((u: { id: string }) => u.id === id);
    expect(find(withProject.userId)).toMatchObject({
      activityStatus: "has_project",
      projectCode: withProject.project.projectCode,
      hasProfile: true,
    });
    expect(find(loginOnly.userId)).toMatchObject({
      activityStatus: "login",
      hasProject: false,
      hasProfile: false,
      projectCode: null,
    });
    expect(all.items.some((u: { email: string }) => u.email === ADMIN)).toBe(false);

    const onlyLogin = (await req("GET", "/api/company/user-activity?activityStatus=login&pageSize=100", admin)).json();
    expect(onlyLogin.items.every((u: { activityStatus: string }) => u.activityStatus === "login")).toBe(true);
    expect((await req("GET", "/api/company/user-activity?activityStatus=unknown", admin)).statusCode).toBe(400);
  });

  it("emails an incomplete customer a reminder, once a day", async () => {
    const lou = await customer(t.app, `remind-${++counter}@example.com`, "Rita Remind");
    const url = `/api/company/users/${lou.userId}/profile-reminder`;
    expect((await req("POST", url, admin, {})).statusCode).toBe(200);
    const mails = await t.app.ctx.db.select().from(outgoingEmails).where(eq(outgoingEmails.toAddress, lou.email));
    expect(mails.some((m) => m.kind === "profile-reminder")).toBe(true);
    const second = await req("POST", url, admin, {});
    expect(second.statusCode).toBe(429);
    expect(second.headers["retry-after"]).toBeDefined();

    const done = await customerWithProject();
    expect((await req("POST", `/api/company/users/${done.userId}/profile-reminder`, admin, {})).statusCode).toBe(409);
  });
});

describe("customer profile for the admin", () => {
  it("returns the profile and the NDA detail, 404 when there is none", async () => {
    const a = await customerWhoSigned("Pia Profile");
    const profile = await req("GET", `/api/customer-profile/${a.userId}`, admin);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ fullName: "Pia Profile", email: a.email, userId: a.userId });
    const nda = (await req("GET", `/api/customer-profile/${a.userId}/nda`, admin)).json();
    expect(nda).toMatchObject({ ndaSigned: true, downloadUrl: expect.any(String) });
    expect(nda.auditTrail.length).toBeGreaterThan(0);
    expect((await req("GET", nda.downloadUrl, admin)).headers["content-type"]).toMatch(/application\/pdf/);

    const unsigned = await customer(t.app, `unsigned-${++counter}@example.com`, "Uma Unsigned");
    await createCompletedProfile(t.app.ctx.db, { userId: unsigned.userId, fullName: "Uma Unsigned" });
    const none = await req("GET", `/api/customer-profile/${unsigned.userId}/nda`, admin);
    expect(none.json()).toMatchObject({ ndaSigned: false, downloadUrl: null, auditTrail: [] });
    const nobody = await customer(t.app, `no-profile-${++counter}@example.com`);
    expect((await req("GET", `/api/customer-profile/${nobody.userId}`, admin)).statusCode).toBe(404);
  });
});

describe("BRD by URL", () => {
  it("registers, shows to the customer, and removes a BRD", async () => {
    const a = await customerWithProject();
    const url = `/api/company/projects/${a.project.id}/brd-upload`;
    const res = await req("POST", url, admin, { documentUrl: "https://docs.example/brd.pdf", documentName: "BRD v1.pdf" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      brdDocumentUrl: "https://docs.example/brd.pdf",
      brdDocumentName: "BRD v1.pdf",
      brdUploadedAt: expect.any(String),
    });
    expect((await req("GET", "/api/projects", a.cookie)).json().items[0]).toMatchObject({ brdDocumentName: "BRD v1.pdf" });
    expect((await req("POST", url, admin, { documentUrl: "javascript:alert(1)", documentName: "x" })).statusCode).toBe(400);

    const del = await req("DELETE", `/api/company/projects/${a.project.id}/brd`, admin);
    expect(del.json()).toEqual({ success: true, message: "BRD document deleted successfully" });
    expect((await req("GET", "/api/projects", a.cookie)).json().items[0]).toMatchObject({
      brdDocumentUrl: null,
      brdDocumentName: null,
    });
    expect((await req("DELETE", `/api/company/projects/${a.project.id}/brd`, admin)).statusCode).toBe(404);
  });
});

describe("charts and inquiries", () => {
  it("aggregates status counts, new projects and revenue received by currency", async () => {
    const a = await customerWithProject();
    const month = isoMonth(new Date());
    const before = (await req("GET", "/api/company/charts", admin)).json();
    await req("PATCH", `/api/company/projects/${a.project.id}`, admin, {
      advancePaymentAmount: "1000",
      advancePaymentCurrency: "USD",
      advancePaymentReceivedDate: new Date().toISOString(),
    });
    const after = (await req("GET", "/api/company/charts", admin)).json();
    expect(after.byStatus.map((s: { status: string }) => s.status)).toEqual([
      "profile",
      "requirements",
      "development",
      "testing",
      "completed",
    ]);
    expect(after.newPerMonth).toHaveLength(12);
    const revenue = (data: typeof after) => data.revenuePerMonth.find((m: { month: string }) => m.month === month).USD;
    expect(revenue(after) - revenue(before)).toBe(1000);
    expect(after.newPerMonth.at(-1).count).toBeGreaterThan(0);
  });

  it("lists contact inquiries and marks one answered", async () => {
    const [row] = await t.app.ctx.db
      .insert(contactInquiries)
      .values({ form: "long", name: "Ivy Inquirer", email: "ivy@example.com", message: "Can you build a CRM?" })
      .returning();
    const list = (await req("GET", "/api/company/inquiries?status=new", admin)).json();
    expect(list.items.find((i: { id: string }) => i.id === row?.id)).toMatchObject({ status: "new", name: "Ivy Inquirer" });
    const marked = await req("PATCH", `/api/company/inquiries/${row?.id}`, admin, { status: "answered" });
    expect(marked.json()).toMatchObject({ status: "answered", answeredAt: expect.any(String) });
    const answered = (await req("GET", "/api/company/inquiries?status=answered", admin)).json();
    expect(answered.items.some((i: { id: string }) => i.id === row?.id)).toBe(true);
  });
});

describe("admins are users too", () => {
  it("keeps the admin out of the customer counts", async () => {
    const [row] = await t.app.ctx.db.select({ role: users.role }).from(users).where(eq(users.email, ADMIN));
    expect(row?.role).toBe("company");
  });
});

const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const upload = (url: string, cookie: string | undefined, body: ReturnType<typeof fileUpload>) =>
  t.app.inject({ method: "POST", url, payload: body.payload, headers: { ...body.headers, ...(cookie ? { cookie } : {}) } });

describe("uploaded BRD and invoices", () => {
  it("stores a PDF BRD in the file store; the customer and the admin can download it; removing deletes it", async () => {
    const a = await customerWithProject();
    const res = await upload(`/api/company/projects/${a.project.id}/brd`, admin, fileUpload("Glacier BRD.pdf", PDF));
    expect(res.statusCode).toBe(200);
    const url = res.json().brdDocumentUrl as string;
    expect(url).toMatch(/^\/api\/files\/[0-9a-f]{64}$/);
    expect(res.json().brdDocumentName).toBe("Glacier BRD.pdf");
    for (const cookie of [a.cookie, admin]) {
      const file = await req("GET", url, cookie);
      expect(file.statusCode).toBe(200);
      expect(file.headers["content-type"]).toBe("application/pdf");
      expect(file.rawPayload.equals(PDF)).toBe(true);
    }
    const stranger = await customer(t.app, `stranger-${++counter}@example.com`);
    expect((await req("GET", url, stranger.cookie)).statusCode).toBe(404);

    const del = await req("DELETE", `/api/company/projects/${a.project.id}/brd`, admin);
    expect(del.statusCode).toBe(200);
    expect((await req("GET", url, admin)).statusCode).toBe(404);
  });

  it("refuses a renamed .exe as 'Please upload a PDF or document file', and more than 20 MB", async () => {
    const a = await customerWithProject();
    const exe = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00"), Buffer.alloc(512, 1)]);
    const res = await upload(`/api/company/projects/${a.project.id}/brd`, admin, fileUpload("brd.pdf", exe));
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: "UNSUPPORTED_MEDIA_TYPE", message: "Please upload a PDF or document file" });
    const big = Buffer.concat([PDF, Buffer.alloc(20 * 1024 * 1024)]);
    const tooBig = await upload(`/api/company/projects/${a.project.id}/brd`, admin, fileUpload("big.pdf", big));
    expect(tooBig.statusCode).toBe(413);
    const [row] = await t.app.ctx.db.select().from(projects).where(eq(projects.id, a.project.id));
    expect(row?.brdDocumentUrl).toBeNull();
  });

  it("answers 401 and 403 on the upload routes", async () => {
    const a = await customerWithProject();
    for (const url of [`/api/company/projects/${a.project.id}/brd`, `/api/company/projects/${a.project.id}/invoices/advance`]) {
      expect((await upload(url, undefined, fileUpload("x.pdf", PDF))).statusCode).toBe(401);
      expect((await upload(url, a.cookie, fileUpload("x.pdf", PDF))).statusCode).toBe(403);
    }
    expect((await req("DELETE", `/api/company/projects/${a.project.id}/invoices/final`, a.cookie)).statusCode).toBe(403);
  });

  it("uploads an invoice the customer sees on their payment card, and removes it", async () => {
    const a = await customerWithProject();
    const res = await upload(`/api/company/projects/${a.project.id}/invoices/advance`, admin, fileUpload("INV-001.pdf", PDF));
    expect(res.statusCode).toBe(200);
    const mine = (await req("GET", "/api/projects", a.cookie)).json().items[0];
    expect(mine).toMatchObject({
      advanceInvoiceName: "INV-001.pdf",
      advanceInvoiceUrl: expect.stringMatching(/^\/api\/files\//),
    });
    expect((await req("GET", mine.advanceInvoiceUrl, a.cookie)).statusCode).toBe(200);
    const removed = await req("DELETE", `/api/company/projects/${a.project.id}/invoices/advance`, admin);
    expect(removed.json()).toMatchObject({ advanceInvoiceName: null, advanceInvoiceUrl: null });
  });
});

describe("the customer's Project Documents", () => {
  it("lists the signed NDA, the brief, the BRD and the invoices with the sizes of the files their links serve", async () => {
    const a = await customerWhoSigned("Rosa Parks");
    await t.app.ctx.db
      .insert(requirements)
      .values({ projectId: a.project.id, projectName: "Bus Tracker", generatedBrief: "# Bus Tracker\n\nRiders see the bus." })
      .onConflictDoUpdate({ target: requirements.projectId, set: { generatedBrief: "# Bus Tracker\n\nRiders see the bus." } });
    await upload(`/api/company/projects/${a.project.id}/brd`, admin, fileUpload("Tracker BRD.pdf", PDF));
    await upload(`/api/company/projects/${a.project.id}/invoices/advance`, admin, fileUpload("INV-7.pdf", PDF));

    const res = await req("GET", `/api/projects/${a.project.id}/documents`, a.cookie);
    expect(res.statusCode).toBe(200);
    const documents = res.json() as Array<{ kind: string; url: string | null; size: number | null; date: string | null }>;
    expect(documents.map((d) => d.kind)).toEqual(["signed_nda", "brief", "brd", "advance_invoice"]);
    for (const document of documents) {
      const file = await req("GET", document.url ?? "", a.cookie);
      expect(file.statusCode, document.kind).toBe(200);
      expect(document.size, document.kind).toBe(file.rawPayload.length);
      expect(document.date, document.kind).not.toBeNull();
    }
    expect(documents.find((d) => d.kind === "brd")?.size).toBe(PDF.length);
  });

  it("shows what does not exist yet without a link, and is the project's people's only", async () => {
    const a = await customerWhoSigned("Nia New");
    const documents = (await req("GET", `/api/projects/${a.project.id}/documents`, a.cookie)).json();
    expect(documents).toEqual([
      expect.objectContaining({ kind: "signed_nda", url: "/api/nda/download/signed" }),
      expect.objectContaining({ kind: "brief", url: null, size: null }),
      expect.objectContaining({ kind: "brd", url: null, size: null }),
    ]);
    const stranger = await customer(t.app, `stranger-${++counter}@example.com`);
    expect((await req("GET", `/api/projects/${a.project.id}/documents`)).statusCode).toBe(401);
    expect((await req("GET", `/api/projects/${a.project.id}/documents`, stranger.cookie)).statusCode).toBe(404);
    expect((await req("GET", `/api/projects/${a.project.id}/documents`, admin)).statusCode).toBe(200);
  });
});
