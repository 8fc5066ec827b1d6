// The admin's view of invited members: listed as members of their projects (with their level), not counted as
// Login Only / Incomplete leads, and never sent a profile reminder.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCompletedProfile, createProjectWithStatus, signedInUser } from "../../../../tests/factories";
import { createTestApp, signIn, type TestApp } from "../../../../tests/setup/test-app";
import { outgoingEmails, profiles, projectMembers } from "../../db/schema";

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, "admin@blueprint.local", "Site Admin");
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject({ method: "GET", url, headers: { cookie: admin } });
const post = (url: string) => t.app.inject({ method: "POST", url, headers: { cookie: admin }, payload: {} });

let counter = 0;
async function ownerWithProject() {
  const owner = await signedInUser(t.app, { email: `member-owner-${++counter}@example.com`, name: "Olive Owner" });
  await createCompletedProfile(t.app.ctx.db, { userId: owner.userId, fullName: "Olive Owner" });
  const project = await createProjectWithStatus(t.app.ctx.db, { ownerId: owner.userId, status: "testing" });
  return { owner, project };
}
async function invite(projectId: string, email: string, accessLevel: "admin" | "user" | "view_only") {
  await t.app.ctx.db.insert(projectMembers).values({ projectId, email: email.toLowerCase(), accessLevel });
}

describe("members in User Activity", () => {
  it("lists a member as a member of their projects with their level, never as a lead", async () => {
    const { project } = await ownerWithProject();
    const second = await ownerWithProject();
    const member = await signedInUser(t.app, { email: `Member.Mia-${++counter}@Example.com`, name: "Mia Member" });
    await invite(project.id, member.email, "view_only");
    await invite(second.project.id, member.email, "user");

    const all = (await get("/api/company/user-activity?pageSize=100")).json();
    const row = all.items.find((u: { id: string }) => u.id === member.userId);
    expect(row).toMatchObject({
      activityStatus: "member",
      hasProject: false,
      projectCode: null,
      memberships: [
        { projectId: project.id, projectCode: project.projectCode, accessLevel: "view_only" },
        { projectId: second.project.id, projectCode: second.project.projectCode, accessLevel: "user" },
      ],
    });

    const members = (await get("/api/company/user-activity?activityStatus=member&pageSize=100")).json();
    expect(members.items.map((u: { id: string }) => u.id)).toContain(member.userId);
    expect(members.items.every((u: { activityStatus: string }) => u.activityStatus === "member")).toBe(true);
    for (const lead of ["login", "has_profile"]) {
      const leads = (await get(`/api/company/user-activity?activityStatus=${lead}&pageSize=100`)).json();
      expect(leads.items.map((u: { id: string }) => u.id)).not.toContain(member.userId);
    }
  });

  it("keeps an owner who is also a member under Active Project", async () => {
    const { owner } = await ownerWithProject();
    const other = await ownerWithProject();
    await invite(other.project.id, owner.email, "admin");
    const all = (await get("/api/company/user-activity?pageSize=100")).json();
    expect(all.items.find((u: { id: string }) => u.id === owner.userId)).toMatchObject({ activityStatus: "has_project" });
  });
});

describe("members in the stats", () => {
  it("counts neither Login Only nor Incomplete for members", async () => {
    const { project } = await ownerWithProject();
    const before = (await get("/api/company/stats")).json();
    const loginMember = await signedInUser(t.app, { email: `login-member-${++counter}@example.com`, name: "Lena" });
    await invite(project.id, loginMember.email, "view_only");
    const halfMember = await signedInUser(t.app, { email: `half-member-${++counter}@example.com`, name: "Hal" });
    await invite(project.id, halfMember.email, "user");
    await t.app.ctx.db.insert(profiles).values({ userId: halfMember.userId, fullName: "Hal Half", profileCompleted: false });
    const after = (await get("/api/company/stats")).json();
    expect(after.loginOnlyUsers).toBe(before.loginOnlyUsers);
    expect(after.incompleteProfiles).toBe(before.incompleteProfiles);

    // A lead still counts: the same states without a membership.
    await signedInUser(t.app, { email: `login-lead-${++counter}@example.com`, name: "Lee" });
    const lead = await signedInUser(t.app, { email: `half-lead-${++counter}@example.com`, name: "Hana" });
    await t.app.ctx.db.insert(profiles).values({ userId: lead.userId, fullName: "Hana Half", profileCompleted: false });
    const leads = (await get("/api/company/stats")).json();
    expect(leads.loginOnlyUsers - after.loginOnlyUsers).toBe(1);
    expect(leads.incompleteProfiles - after.incompleteProfiles).toBe(1);
  });
});

describe("the profile reminder", () => {
  it("refuses a member with a clear 409 and sends nothing", async () => {
    const { project } = await ownerWithProject();
    const member = await signedInUser(t.app, { email: `remind-member-${++counter}@example.com`, name: "Rae" });
    await invite(project.id, member.email, "view_only");
    const res = await post(`/api/company/users/${member.userId}/profile-reminder`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "CONFLICT" });
    expect(res.json().message).toMatch(/member of a customer's project, not a lead/);
    const mails = await t.app.ctx.db.select().from(outgoingEmails).where(eq(outgoingEmails.toAddress, member.email));
    expect(mails).toEqual([]);
  });

  it("still reminds a lead", async () => {
    const lead = await signedInUser(t.app, { email: `remind-lead-${++counter}@example.com`, name: "Lou" });
    expect((await post(`/api/company/users/${lead.userId}/profile-reminder`)).statusCode).toBe(200);
  });
});
