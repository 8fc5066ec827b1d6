// The company's team (issue 44 §1): owners invite staff (an account with its role and an invitation email with a
// sign-in link), change roles and deactivate; the last active owner and the ADMIN_EMAILS owners stay; a customer's
// address never becomes staff nor a staff address a customer's; managers are refused NDA approval, the legal
// settings, webhooks and a project's prices and payment fields.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createProjectWithStatus, createUser, newProject, openTeam, signedInUser } from "../../../../tests/factories";
import { openForFile } from "../../../../tests/setup/per-file";
import { createTestApp, latestCodeFor, signIn } from "../../../../tests/setup/test-app";
import type { StaffRole } from "../../../shared/domain/staff-roles";
import { STAFF_MESSAGES } from "../../../shared/schemas/staff";
import { adminAuditLog, outgoingEmails, sessions, users } from "../../db/schema";

const OWNER = "admin@blueprint.local";
const t = openForFile(() => createTestApp({ ADMIN_EMAILS: OWNER }));
let owner: string;

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
const api = (method: Method, url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

/** A staff member straight in the database (as an accepted invitation leaves them), signed in. */
async function staffMember(email: string, role: StaffRole) {
  const user = await createUser(t.app.ctx.db, { email, name: `${role} Person`, role: "company" });
  await t.app.ctx.db.update(users).set({ staffRole: role }).where(eq(users.id, user.id));
  return signedInUser(t.app, { ...user, staffRole: role });
}

beforeAll(async () => {
  owner = (await signedInUser(t.app, { email: OWNER, name: "Site Owner", role: "company" })).cookie;
});

describe("the staff list and invitations", () => {
  it("lets an owner invite a manager: the account, its invitation email with a sign-in link, the audit entry", async () => {
    const res = await api("POST", "/api/company/staff", owner, {
      email: "Mia.Manager@Blueprint.local",
      name: "Mia Manager",
      role: "manager",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ email: "mia.manager@blueprint.local", role: "manager", status: "invited" });

    const [mail] = await t.app.ctx.db
      .select()
      .from(outgoingEmails)
      .where(and(eq(outgoingEmails.toAddress, "mia.manager@blueprint.local"), eq(outgoingEmails.kind, "staff-invitation")));
    expect(mail?.subject).toMatch(/invited to the .* team/);
    expect(mail?.textBody).toContain(`${t.app.ctx.config.appUrl}/admin`);
    expect(mail?.textBody).toContain("Manager");

    const list = await api("GET", "/api/company/staff", owner);
    expect(list.statusCode).toBe(200);
    const staff = list.json().staff as Array<{ email: string; role: string; status: string; fromConfig: boolean }>;
    expect(staff[0]).toMatchObject({ email: OWNER, role: "owner", fromConfig: true });
    expect(staff).toContainEqual(expect.objectContaining({ email: "mia.manager@blueprint.local", projectsOwned: null }));

    const audit = await t.app.ctx.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, "staff.invited"));
    expect(audit).toHaveLength(1);

    // The invited manager signs in with the emailed code and is staff at once.
    const cookie = await signIn(t.app, "mia.manager@blueprint.local", "Mia Manager");
    const me = await api("GET", "/api/auth/user", cookie);
    expect(me.json()).toMatchObject({ role: "company", staffRole: "manager" });
    expect((await api("GET", "/api/company/projects", cookie)).statusCode).toBe(200);
  });

  it("answers 403 to admins, managers and customers, 401 to visitors", async () => {
    const admin = await staffMember("ann.admin@blueprint.local", "admin");
    const manager = await staffMember("max.manager@blueprint.local", "manager");
    const customer = await signedInUser(t.app, { email: "cora@example.com", name: "Cora Customer" });
    for (const who of [admin, manager, customer]) {
      expect((await api("GET", "/api/company/staff", who.cookie)).statusCode).toBe(403);
      const invite = await api("POST", "/api/company/staff", who.cookie, {
        email: "x@blueprint.local",
        name: "X",
        role: "admin",
      });
      expect(invite.statusCode).toBe(403);
      expect((await api("PATCH", `/api/company/staff/${admin.userId}`, who.cookie, { role: "owner" })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: "GET", url: "/api/company/staff" })).statusCode).toBe(401);
    expect(await t.app.ctx.db.select().from(users).where(eq(users.email, "x@blueprint.local"))).toEqual([]);
  });

  it("refuses a role outside the list (400) and a customer's address (409), storing nothing", async () => {
    const bad = await api("POST", "/api/company/staff", owner, { email: "rex@blueprint.local", name: "Rex", role: "superuser" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBeTruthy();
    expect(await t.app.ctx.db.select().from(users).where(eq(users.email, "rex@blueprint.local"))).toEqual([]);

    const customer = await signedInUser(t.app, { email: "carl@example.com", name: "Carl Customer" });
    const taken = await api("POST", "/api/company/staff", owner, { email: "Carl@example.com", name: "Carl", role: "admin" });
    expect(taken.statusCode).toBe(409);
    expect(taken.body).toContain(STAFF_MESSAGES.customerAddress);
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, customer.userId));
    expect(row?.staffRole).toBeNull();

    // An address invited to a customer's project (no account yet) is a customer's too.
    const { id: projectId } = await newProject(t.app, customer);
    await openTeam(t.app, projectId);
    const member = await api("POST", `/api/projects/${projectId}/users`, customer.cookie, {
      email: "invitee@example.com",
      accessLevel: "user",
    });
    expect(member.statusCode, member.body).toBe(201);
    const invitee = await api("POST", "/api/company/staff", owner, { email: "invitee@example.com", name: "I", role: "manager" });
    expect(invitee.statusCode).toBe(409);

    const again = await api("POST", "/api/company/staff", owner, {
      email: "ann.admin@blueprint.local",
      name: "Ann",
      role: "admin",
    });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain(STAFF_MESSAGES.alreadyStaff);
    const roleBad = await api("PATCH", `/api/company/staff/${customer.userId}`, owner, { role: "admin" });
    expect(roleBad.statusCode).toBe(404);
  });

  it("refuses a staff address on a customer's project (409)", async () => {
    const customer = await signedInUser(t.app, { email: "dina@example.com", name: "Dina Customer" });
    const { id: projectId } = await newProject(t.app, customer);
    await openTeam(t.app, projectId);
    for (const email of ["ann.admin@blueprint.local", OWNER]) {
      const res = await api("POST", `/api/projects/${projectId}/users`, customer.cookie, { email, accessLevel: "user" });
      expect(res.statusCode).toBe(409);
      expect(res.body).toContain(STAFF_MESSAGES.staffAddress);
    }
  });
});

describe("changing a member", () => {
  it("deactivates a member: their next request answers 401 and their sign-in is refused; reactivating lets them in", async () => {
    const member = await staffMember("dev.deactivated@blueprint.local", "admin");
    expect((await api("GET", "/api/company/projects", member.cookie)).statusCode).toBe(200);

    const off = await api("PATCH", `/api/company/staff/${member.userId}`, owner, { active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ status: "deactivated" });
    expect((await api("GET", "/api/company/projects", member.cookie)).statusCode).toBe(401);
    expect(await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, member.userId))).toEqual([]);

    await expect(signIn(t.app, member.email)).rejects.toThrow(STAFF_MESSAGES.deactivated);
    const [entry] = await t.app.ctx.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, "staff.updated"));
    expect(JSON.stringify(entry?.changes)).toContain("active");

    const on = await api("PATCH", `/api/company/staff/${member.userId}`, owner, { active: true });
    expect(on.json()).toMatchObject({ status: "invited" });
    const cookie = await signIn(t.app, member.email);
    expect((await api("GET", "/api/company/projects", cookie)).statusCode).toBe(200);
  });

  it("changes a role, effective at the member's next request", async () => {
    const member = await staffMember("rob.role@blueprint.local", "manager");
    expect((await api("GET", "/api/company/webhooks", member.cookie)).statusCode).toBe(403);
    const res = await api("PATCH", `/api/company/staff/${member.userId}`, owner, { role: "admin" });
    expect(res.statusCode).toBe(200);
    expect((await api("GET", "/api/company/webhooks", member.cookie)).statusCode).toBe(200);
    expect((await api("PATCH", `/api/company/staff/${member.userId}`, owner, { role: "root" })).statusCode).toBe(400);
    expect((await api("PATCH", `/api/company/staff/${member.userId}`, owner, {})).statusCode).toBe(400);
  });

  it("keeps the ADMIN_EMAILS owners: their role and access are the configuration's (409)", async () => {
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.email, OWNER));
    for (const change of [{ role: "manager" }, { active: false }]) {
      const res = await api("PATCH", `/api/company/staff/${row?.id}`, owner, change);
      expect(res.statusCode).toBe(409);
      expect(res.body).toContain("ADMIN_EMAILS");
    }
  });
});

describe("the last active owner", () => {
  // No ADMIN_EMAILS owner here: the invited owners are the only ones.
  // (ADMIN_EMAILS names only the demo address, which is never staff.)
  const solo = openForFile(() => createTestApp({ ADMIN_EMAILS: "demo@blueprint.local" }));

  it("cannot be demoted or deactivated (409); with a second owner they can", async () => {
    const db = solo.app.ctx.db;
    const first = await createUser(db, { email: "olga.owner@blueprint.local", name: "Olga Owner", role: "company" });
    await db.update(users).set({ staffRole: "owner" }).where(eq(users.id, first.id));
    const olga = await signedInUser(solo.app, { ...first, staffRole: "owner" as const });
    const patch = (id: string, payload: object) =>
      solo.app.inject({ method: "PATCH", url: `/api/company/staff/${id}`, headers: { cookie: olga.cookie }, payload });

    const demote = await patch(olga.userId, { role: "admin" });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toMatchObject({ code: "LAST_OWNER", message: STAFF_MESSAGES.lastOwner });

    const second = await createUser(db, { email: "otto.owner@blueprint.local", name: "Otto Owner", role: "company" });
    await db.update(users).set({ staffRole: "owner" }).where(eq(users.id, second.id));
    expect((await patch(second.id, { active: false })).statusCode).toBe(200);
    // Otto deactivated: Olga is the last active owner again.
    const again = await patch(olga.userId, { role: "manager" });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("LAST_OWNER");
    const [row] = await db.select().from(users).where(eq(users.id, olga.userId));
    expect(row?.staffRole).toBe("owner");
    expect((await patch(second.id, { active: true })).statusCode).toBe(200);
    expect((await patch(olga.userId, { role: "admin" })).statusCode).toBe(200);
  });
});

describe("what a manager may not do", () => {
  it("answers 403 on NDA approval, the legal settings, webhooks and a project's prices and payment fields", async () => {
    const manager = await staffMember("mo.manager@blueprint.local", "manager");
    const refused: Array<[Method, string, object?]> = [
      ["POST", "/api/nda/send-company-otp", { profileId: "00000000-0000-4000-8000-000000000000" }],
      ["POST", "/api/company/nda/approve", { profileId: "00000000-0000-4000-8000-000000000000", otp: "123456" }],
      ["POST", "/api/nda/verify-company-otp", { profileId: "00000000-0000-4000-8000-000000000000", companyOtp: "123456" }],
      ["PUT", "/api/company/settings/legal", {}],
      ["GET", "/api/company/webhooks"],
      ["POST", "/api/company/webhooks", { url: "https://hooks.example.com/x", events: ["payment.received"] }],
    ];
    for (const [method, url, payload] of refused) {
      const res = await api(method, url, manager.cookie, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toMatch(/Managers cannot/);
    }

    const customer = await createUser(t.app.ctx.db, { email: "pat@example.com", name: "Pat Customer" });
    const project = await createProjectWithStatus(t.app.ctx.db, { ownerId: customer.id, status: "development" });
    for (const payload of [
      { advancePaymentLink: "https://pay.example.com/advance" },
      { price: { amount: "999.00", currency: "USD" }, priceReason: "Discount" },
      { packageType: "premium" },
    ]) {
      const res = await api("PATCH", `/api/company/projects/${project.id}`, manager.cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(403);
    }
    // Their other fields are theirs to change; the legal settings still read.
    const named = await api("PATCH", `/api/company/projects/${project.id}`, manager.cookie, { projectName: "Renamed" });
    expect(named.statusCode, named.body).toBe(200);
    expect((await api("GET", "/api/company/settings/legal", manager.cookie)).statusCode).toBe(200);
    // An admin may change payment fields.
    const admin = await staffMember("al.admin@blueprint.local", "admin");
    const paid = await api("PATCH", `/api/company/projects/${project.id}`, admin.cookie, {
      advancePaymentLink: "https://pay.example.com/advance",
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await latestCodeFor(t.app, "nobody@example.com").catch(() => "none")).toBe("none");
  });
});
