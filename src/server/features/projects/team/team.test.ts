import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customer, GOOD_ANSWERS, json, newProject, openTeam, saveAnswers } from "../../../../../tests/factories";
import { startSmtpServer, type TestSmtpServer } from "../../../../../tests/setup/smtp";
import { createTestApp, latestCodeFor, signIn, type TestApp } from "../../../../../tests/setup/test-app";
import { TEAM_MESSAGES } from "../../../../shared/schemas/team";
import { projects } from "../../../db/schema";

let t: TestApp;
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const users = (id: string) => `/api/projects/${id}/users`;
/** Adds a member to a project whose team is open (testing with a prototype: invitations are refused before). */
const add = async (id: string, cookie: string, payload: object) => {
  await openTeam(t.app, id);
  return t.app.inject({ method: "POST", url: users(id), payload, headers: { cookie, ...json } });
};
const listUsers = (id: string, cookie: string) => t.app.inject({ method: "GET", url: users(id), headers: { cookie } });

describe("adding team members", () => {
  it("adds a member, emails an invitation with a sign-in link, and the member sees the project after signing in with a code", async () => {
    const owner = await customer(t.app, "team-owner@example.com", "Olive Owner");
    const project = await newProject(t.app, owner);
    const res = await add(project.id, owner.cookie, { email: "New.Member@Example.com", accessLevel: "user" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: "new.member@example.com", accessLevel: "user", id: expect.any(String) });

    await t.app.emailWorker.drain();
    const invitation = await smtp.waitFor((mail) => mail.to === "new.member@example.com");
    expect(invitation.subject).toBe(`You're invited to ${project.projectCode} on Blueprint`);
    expect(invitation.text).toContain("Olive Owner added you to");
    expect(invitation.text).toContain(`http://localhost:3000/dashboard?project=${project.projectCode}`);
    expect(invitation.html).toContain(`href="http://localhost:3000/dashboard?project=${project.projectCode}"`);

    const member = await signIn(t.app, "new.member@example.com", "Nia Member");
    const projects = await t.app.inject({ method: "GET", url: "/api/projects", headers: { cookie: member } });
    expect(projects.json().items).toMatchObject([{ id: project.id, accessLevel: "user", authorizedUsersCount: 1 }]);
    expect(await latestCodeFor(t.app, "new.member@example.com")).toMatch(/^\d{6}$/);
  });

  it("validates the email and the access level with the shared messages", async () => {
    const owner = await customer(t.app, "team-validate@example.com");
    const project = await newProject(t.app, owner);
    const res = await add(project.id, owner.cookie, { email: "not-an-email", accessLevel: "" });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ email: "Invalid email address", accessLevel: "Please select an access level" });
    const missing = await add(project.id, owner.cookie, { email: "ok@example.com" });
    expect(missing.json().fields).toEqual({ accessLevel: "Please select an access level" });
  });

  it("refuses the sixth member of a basic project, and the count stays true to the list", async () => {
    const owner = await customer(t.app, "team-seats@example.com");
    const project = await newProject(t.app, owner);
    const results = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) => add(project.id, owner.cookie, { email: `seat${n}@example.com`, accessLevel: "view_only" })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(5);
    const refused = results.find((r) => r.statusCode !== 201);
    expect(refused?.statusCode).toBe(409);
    expect(refused?.json()).toMatchObject({ code: "NO_SLOTS", message: TEAM_MESSAGES.noSlots });
    const list = (await listUsers(project.id, owner.cookie)).json();
    expect(list).toHaveLength(5);
    const projects = (await t.app.inject({ method: "GET", url: "/api/projects", headers: { cookie: owner.cookie } })).json()
      .items;
    expect(projects[0]).toMatchObject({ authorizedUsersCount: 5, userLimit: 5 });
  });

  it("refuses the same person twice and the owner's own address", async () => {
    const owner = await customer(t.app, "team-dupe@example.com");
    const project = await newProject(t.app, owner);
    expect((await add(project.id, owner.cookie, { email: "twice@example.com", accessLevel: "user" })).statusCode).toBe(201);
    const again = await add(project.id, owner.cookie, { email: "TWICE@example.com", accessLevel: "admin" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(TEAM_MESSAGES.alreadyMember);
    const self = await add(project.id, owner.cookie, { email: "team-dupe@example.com", accessLevel: "admin" });
    expect(self.statusCode).toBe(409);
  });
});

describe("invitations cannot be used as a mail relay", () => {
  const remove = (projectId: string, memberId: string, cookie: string) =>
    t.app.inject({ method: "DELETE", url: `${users(projectId)}/${memberId}`, headers: { cookie } });
  const invitationsTo = (email: string) => smtp.messages.filter((m) => m.to === email).length;

  it("refuses a fourth invitation of the same person to a project in a day (add, remove, add...), sending nothing", async () => {
    const owner = await customer(t.app, "team-relay@example.com");
    const project = await newProject(t.app, owner);
    for (let i = 0; i < 3; i++) {
      const added = await add(project.id, owner.cookie, { email: "victim@example.com", accessLevel: "view_only" });
      expect(added.statusCode).toBe(201);
      // Sent before the removal: an invitation still queued when its recipient is removed is withdrawn.
      await t.app.emailWorker.drain();
      expect((await remove(project.id, added.json().id, owner.cookie)).statusCode).toBe(200);
    }
    const sent = invitationsTo("victim@example.com");
    expect(sent).toBe(3);
    const refused = await add(project.id, owner.cookie, { email: "victim@example.com", accessLevel: "view_only" });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await listUsers(project.id, owner.cookie)).json()).toEqual([]);
    await t.app.emailWorker.drain();
    expect(invitationsTo("victim@example.com")).toBe(sent);
  });

  it("refuses invitations beyond the project's daily allowance, whatever the addresses", async () => {
    const owner = await customer(t.app, "team-spray@example.com");
    const project = await newProject(t.app, owner);
    for (let i = 0; i < 20; i++) {
      const added = await add(project.id, owner.cookie, { email: `spray${i}@example.com`, accessLevel: "view_only" });
      expect(added.statusCode).toBe(201);
      await remove(project.id, added.json().id, owner.cookie);
    }
    const refused = await add(project.id, owner.cookie, { email: "spray-last@example.com", accessLevel: "view_only" });
    expect(refused.statusCode).toBe(429);
  });

  it("keeps a long project name out of the subject and caps it in the invitation", async () => {
    const owner = await customer(t.app, "team-longname@example.com");
    const project = await newProject(t.app, owner);
    const longName = `Buy cheap watches now ${"x".repeat(4900)}`;
    // Names are at most 120 characters when saved now; one stored before that limit still reaches the email capped.
    const refused = await t.app.inject({
      method: "POST",
      url: `/api/projects/${project.id}/requirements`,
      payload: { ...GOOD_ANSWERS, projectName: longName },
      headers: { cookie: owner.cookie, ...json },
    });
    expect(refused.statusCode).toBe(400);
    await t.app.ctx.db.update(projects).set({ projectName: longName }).where(eq(projects.id, project.id));
    expect((await add(project.id, owner.cookie, { email: "longname@example.com", accessLevel: "user" })).statusCode).toBe(201);
    await t.app.emailWorker.drain();
    const mail = await smtp.waitFor((m) => m.to === "longname@example.com");
    expect(mail.subject).toBe(`You're invited to ${project.projectCode} on Blueprint`);
    expect(mail.text).toContain("Buy cheap watches now");
    expect(mail.text).not.toContain("x".repeat(200));
  });
});

describe("removing team members", () => {
  it("removes a member, whose access ends at once", async () => {
    const owner = await customer(t.app, "team-remove@example.com");
    const project = await newProject(t.app, owner);
    const added = (await add(project.id, owner.cookie, { email: "leaving@example.com", accessLevel: "admin" })).json();
    const member = await signIn(t.app, "leaving@example.com", "Lee Leaving");
    expect((await listUsers(project.id, member)).statusCode).toBe(200);

    const res = await t.app.inject({
      method: "DELETE",
      url: `${users(project.id)}/${added.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: "User removed" });
    expect((await listUsers(project.id, member)).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/api/projects", headers: { cookie: member } })).json().items).toEqual([]);
  });

  it("answers 404 with a message for a member of another project or a malformed id", async () => {
    const owner = await customer(t.app, "team-remove-404@example.com");
    const project = await newProject(t.app, owner);
    const other = await newProject(t.app, owner);
    const foreign = (await add(other.id, owner.cookie, { email: "elsewhere@example.com", accessLevel: "user" })).json();
    for (const id of [foreign.id, "not-a-uuid"]) {
      const res = await t.app.inject({ method: "DELETE", url: `${users(project.id)}/${id}`, headers: { cookie: owner.cookie } });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(TEAM_MESSAGES.notFound);
    }
  });
});

describe("who may do what on a project", () => {
  async function setup(prefix: string) {
    const owner = await customer(t.app, `${prefix}-owner@example.com`);
    const project = await newProject(t.app, owner);
    await saveAnswers(t.app, { projectId: project.id, cookie: owner.cookie });
    await t.app.inject({
      method: "POST",
      url: `/api/projects/${project.id}/requirements/generate`,
      payload: {},
      headers: { cookie: owner.cookie, ...json },
    });
    const extra = (await add(project.id, owner.cookie, { email: `${prefix}-extra@example.com`, accessLevel: "user" })).json();
    for (const level of ["admin", "user", "view_only"]) {
      await add(project.id, owner.cookie, { email: `${prefix}-${level}@example.com`, accessLevel: level });
    }
    return { owner, project, extraId: extra.id as string };
  }

  const routes = (projectId: string, memberId: string) =>
    [
      { name: "read requirements", method: "GET", url: `/api/projects/${projectId}/requirements`, need: "view" },
      { name: "download the brief", method: "GET", url: `/api/projects/${projectId}/brief.pdf`, need: "view" },
      { name: "list users", method: "GET", url: `/api/projects/${projectId}/users`, need: "view" },
      {
        name: "save requirements",
        method: "POST",
        url: `/api/projects/${projectId}/requirements`,
        payload: GOOD_ANSWERS,
        need: "edit",
      },
      {
        name: "generate the brief",
        method: "POST",
        url: `/api/projects/${projectId}/requirements/generate`,
        payload: {},
        need: "edit",
      },
      {
        name: "add a user",
        method: "POST",
        url: `/api/projects/${projectId}/users`,
        payload: { email: "x@example.com", accessLevel: "user" },
        need: "edit",
      },
      { name: "remove a user", method: "DELETE", url: `/api/projects/${projectId}/users/${memberId}`, need: "edit" },
    ] as const;

  const call = (route: ReturnType<typeof routes>[number], cookie?: string) =>
    t.app.inject({
      method: route.method,
      url: route.url,
      ...("payload" in route
        ? { payload: route.payload, headers: { ...json, ...(cookie ? { cookie } : {}) } }
        : { headers: cookie ? { cookie } : {} }),
    });

  it("answers 404 to another customer and 401 to a visitor on every project route", async () => {
    const { project, extraId } = await setup("acl-other");
    const stranger = await customer(t.app, "acl-stranger@example.com");
    for (const route of routes(project.id, extraId)) {
      const res = await call(route, stranger.cookie);
      expect(res.statusCode, route.name).toBe(404);
      expect(res.json().message, route.name).toBe("Project not found");
      expect((await call(route)).statusCode, route.name).toBe(401);
    }
  });

  it("lets view_only and user members view but not change anything", async () => {
    const { project, extraId } = await setup("acl-view");
    for (const level of ["view_only", "user"]) {
      const cookie = await signIn(t.app, `acl-view-${level}@example.com`, "Vera Viewer");
      for (const route of routes(project.id, extraId)) {
        const res = await call(route, cookie);
        expect(res.statusCode, `${level}: ${route.name}`).toBe(route.need === "view" ? 200 : 403);
      }
    }
  });

  it("lets an admin member edit requirements and manage the team", async () => {
    const { project, extraId } = await setup("acl-admin");
    const cookie = await signIn(t.app, "acl-admin-admin@example.com", "Ada Admin");
    for (const route of routes(project.id, extraId)) {
      const res = await call(route, cookie);
      expect([200, 201], `${route.name}: ${res.body}`).toContain(res.statusCode);
    }
  });

  it("lets a company admin see every project's routes", async () => {
    const { project, extraId } = await setup("acl-company");
    const admin = await signIn(t.app, "admin@blueprint.local", "Site Admin");
    for (const route of routes(project.id, extraId).filter((r) => r.need === "view")) {
      expect((await call(route, admin)).statusCode, route.name).toBe(200);
    }
  });
});
