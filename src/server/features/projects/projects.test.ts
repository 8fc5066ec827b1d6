import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  createCompletedProfile,
  createProjectWithStatus,
  customer,
  GOOD_ANSWERS,
  json,
  newProject,
  onboardOwner,
  openTeam,
  saveAnswers,
} from "../../../../tests/factories";
import { signNdaFor, submitProfile } from "../../../../tests/setup/onboarding";
import { openForFile } from "../../../../tests/setup/per-file";
import { createTestApp, signIn } from "../../../../tests/setup/test-app";
import { nextActionFor } from "../../../shared/domain/next-action";
import { overallProgress } from "../../../shared/domain/overall-progress";
import { PROJECT_MESSAGES } from "../../../shared/schemas/project";
import { activityEvents, projectMembers, projects, requirements } from "../../db/schema";

const t = openForFile(() => createTestApp());

const list = (cookie: string) => t.app.inject({ method: "GET", url: "/api/projects", headers: { cookie } });

describe("New Project", () => {
  it("creates a basic project with budget 5k-10k, timeline 4-6 weeks and 5 users, whatever status the client sends", async () => {
    const ann = await customer(t.app, "new-project@example.com");
    await onboardOwner(t.app.ctx.db, ann.userId);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/projects",
      payload: { packageType: "basic", budgetRange: "5k-10k", timeline: "4-6 weeks", userLimit: 50, status: "completed" },
      headers: { cookie: ann.cookie },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      packageType: "basic",
      budgetRange: "5k-10k",
      timeline: "4-6 weeks",
      userLimit: 5,
      status: "requirements",
      accessLevel: "owner",
      authorizedUsersCount: 0,
    });
    expect(res.json().projectCode).toMatch(/^PRJ-\d{4}-\d{4}$/);
  });

  it("refuses a brand-new customer with 409 until the profile is complete and the NDA signed, and stores nothing", async () => {
    const ann = await customer(t.app, "before-nda@example.com");
    const create = () => t.app.inject({ method: "POST", url: "/api/projects", payload: {}, headers: { cookie: ann.cookie } });
    const fresh = await create();
    expect(fresh.statusCode).toBe(409);
    expect(fresh.json()).toMatchObject({ code: "NDA_REQUIRED", message: PROJECT_MESSAGES.ndaRequired });
    await createCompletedProfile(t.app.ctx.db, { userId: ann.userId, ndaStatus: "pending" });
    expect((await create()).json()).toMatchObject({ code: "NDA_REQUIRED" });
    expect((await list(ann.cookie)).json().items).toEqual([]);
    await createCompletedProfile(t.app.ctx.db, { userId: ann.userId, ndaStatus: "customer_verified" });
    expect((await create()).statusCode).toBe(201);
  });

  it("refuses an invited member (no company of their own) with 403: members work in the projects they were invited to", async () => {
    const owner = await customer(t.app, "inviting-owner@example.com");
    const project = await newProject(t.app, owner);
    await t.app.ctx.db
      .insert(projectMembers)
      .values({ projectId: project.id, email: "invited.only@example.com", accessLevel: "admin" });
    const member = await customer(t.app, "invited.only@example.com");
    const res = await t.app.inject({ method: "POST", url: "/api/projects", payload: {}, headers: { cookie: member.cookie } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: "MEMBER_CANNOT_CREATE", message: PROJECT_MESSAGES.memberCannotCreate });
    expect((await list(member.cookie)).json().items.map((p: { id: string }) => p.id)).toEqual([project.id]);
  });

  it("starts at requirements once the owner's profile is complete", async () => {
    const ann = await customer(t.app, "profiled@example.com");
    await createCompletedProfile(t.app.ctx.db, { userId: ann.userId });
    const project = await newProject(t.app, ann);
    expect(project).toMatchObject({ status: "requirements", customerName: "Dana Wells" });
  });

  it("records a Project created activity event", async () => {
    const ann = await customer(t.app, "activity-new@example.com");
    const project = await newProject(t.app, ann);
    const events = await t.app.ctx.db.select().from(activityEvents);
    expect(events.some((e) => e.projectId === project.id && e.type === "project.created")).toBe(true);
  });

  it("answers 401 to a visitor and 403 to a company admin", async () => {
    expect((await t.app.inject({ method: "POST", url: "/api/projects", payload: {} })).statusCode).toBe(401);
    const admin = await signIn(t.app, "admin@blueprint.local", "Site Admin");
    expect(
      (await t.app.inject({ method: "POST", url: "/api/projects", payload: {}, headers: { cookie: admin } })).statusCode,
    ).toBe(403);
  });
});

describe("the project list", () => {
  it("lists own projects first, oldest first, then the projects the caller is a member of, each with its access level", async () => {
    const owner = await customer(t.app, "list-owner@example.com");
    const other = await customer(t.app, "list-other@example.com");
    const first = await newProject(t.app, owner);
    const second = await newProject(t.app, owner);
    const foreign = await newProject(t.app, other);
    await t.app.ctx.db
      .insert(projectMembers)
      .values({ projectId: foreign.id, email: "list-owner@example.com", accessLevel: "view_only" });

    const res = await list(owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((p: { id: string; accessLevel: string }) => [p.id, p.accessLevel])).toEqual([
      [first.id, "owner"],
      [second.id, "owner"],
      [foreign.id, "view_only"],
    ]);
  });

  it("matches membership by email case-insensitively and counts the authorized users", async () => {
    const owner = await customer(t.app, "count-owner@example.com");
    const project = await newProject(t.app, owner);
    await t.app.ctx.db.insert(projectMembers).values([
      { projectId: project.id, email: "mixed.case@example.com", accessLevel: "user" },
      { projectId: project.id, email: "second@example.com", accessLevel: "admin" },
    ]);
    const member = await customer(t.app, "Mixed.Case@Example.com");
    const [seen] = (await list(member.cookie)).json().items;
    expect(seen).toMatchObject({ id: project.id, accessLevel: "user", authorizedUsersCount: 2 });
    expect((await list(owner.cookie)).json().items[0].authorizedUsersCount).toBe(2);
  });

  it("shows a customer nobody else's projects", async () => {
    const stranger = await customer(t.app, "stranger@example.com");
    expect((await list(stranger.cookie)).json().items).toEqual([]);
  });

  it("shows a company admin every project with access level company", async () => {
    const admin = await signIn(t.app, "admin@blueprint.local", "Site Admin");
    const res = await list(admin);
    expect(res.statusCode).toBe(200);
    const all = res.json().items as { accessLevel: string }[];
    expect(all.length).toBeGreaterThan(3);
    expect(all.every((p) => p.accessLevel === "company")).toBe(true);
  });

  it("answers 401 when signed out", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/projects" })).statusCode).toBe(401);
  });
});

describe("requirements submitted before the profile existed (the What's Next rule for saved requirements)", () => {
  it("the project says its requirements are submitted, so the dashboard does not ask for them again", async () => {
    const ann = await customer(t.app, "early-bird@example.com");
    await submitProfile(t.app, ann.cookie);
    await signNdaFor(t.app, ann.cookie, ann.email);
    const [project] = (await list(ann.cookie)).json().items;
    expect(project).toMatchObject({ status: "requirements", requirementsSubmitted: false });
    const saved = await saveAnswers(t.app, { projectId: project.id, cookie: ann.cookie });
    expect(saved.statusCode).toBe(200);
    const profile = (await t.app.inject({ method: "GET", url: "/api/profile", headers: { cookie: ann.cookie } })).json();
    const [current] = (await list(ann.cookie)).json().items;
    expect(current).toMatchObject({ id: project.id, status: "requirements", requirementsSubmitted: true });
    expect(nextActionFor(profile, current).key).not.toBe("submit_requirements");
    expect(overallProgress({ profile, project: current }).items.find((i) => i.id === "requirements")?.done).toBe(true);
  });

  it("refuses requirement answers with 409 while the owner's NDA is unsigned, and stores none", async () => {
    const ann = await customer(t.app, "answers-first@example.com");
    // A project left from before the rule (opened at "profile"): its idea still waits for the NDA.
    const project = await createProjectWithStatus(t.app.ctx.db, { ownerId: ann.userId, status: "profile" });
    const save = () => saveAnswers(t.app, { projectId: project.id, cookie: ann.cookie });
    const refused = await save();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "NDA_REQUIRED", message: PROJECT_MESSAGES.ndaRequired });
    expect(await t.app.ctx.db.select().from(requirements).where(eq(requirements.projectId, project.id))).toEqual([]);
    await onboardOwner(t.app.ctx.db, ann.userId);
    expect((await save()).statusCode).toBe(200);
  });

  it("stays false until a problem statement is saved", async () => {
    const ann = await customer(t.app, "not-yet@example.com");
    await newProject(t.app, ann);
    expect((await list(ann.cookie)).json().items[0].requirementsSubmitted).toBe(false);
  });
});

describe("deleting an empty project (DELETE /api/projects/{id})", () => {
  const remove = (id: string, cookie?: string) =>
    t.app.inject({ method: "DELETE", url: `/api/projects/${id}`, headers: cookie ? { cookie } : {} });
  const post = (url: string, cookie: string, payload: object) =>
    t.app.inject({ method: "POST", url, payload, headers: { cookie, ...json } });

  it("deletes the owner's empty project: gone from the list, recorded on the owner's timeline", async () => {
    const owner = await customer(t.app, "delete-empty@example.com");
    const kept = await newProject(t.app, owner);
    const mistake = await newProject(t.app, owner);
    expect((await list(owner.cookie)).json().items).toHaveLength(2);

    const res = await remove(mistake.id, owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: `${mistake.projectCode} was deleted.` });
    expect((await list(owner.cookie)).json().items.map((p: { id: string }) => p.id)).toEqual([kept.id]);
    expect(await t.app.ctx.db.select().from(projects).where(eq(projects.id, mistake.id))).toHaveLength(0);
    const [event] = await t.app.ctx.db
      .select()
      .from(activityEvents)
      .where(and(eq(activityEvents.userId, owner.userId), eq(activityEvents.type, "project.deleted")));
    expect(event).toMatchObject({ title: "Project deleted", description: `${mistake.projectCode} was deleted.` });
    // Deleting it again: there is nothing there any more.
    expect((await remove(mistake.id, owner.cookie)).statusCode).toBe(404);
  });

  it.each([
    [
      "requirements answers",
      async (id: string, cookie: string) => post(`/api/projects/${id}/requirements`, cookie, GOOD_ANSWERS),
    ],
    [
      "team members",
      async (id: string, cookie: string) => {
        await openTeam(t.app, id);
        return post(`/api/projects/${id}/users`, cookie, { email: "someone@example.com", accessLevel: "user" });
      },
    ],
    [
      "meeting requests",
      async (id: string, cookie: string) =>
        post(`/api/projects/${id}/meeting-requests`, cookie, { subject: "Kick-off", urgency: "low" }),
    ],
    [
      "messages",
      async (id: string, cookie: string) =>
        post(`/api/projects/${id}/communications`, cookie, { type: "message", subject: "Hello", content: "A first message" }),
    ],
    [
      "payments",
      async (id: string) => {
        await t.app.ctx.db.update(projects).set({ advancePaymentLink: "https://pay.example/1" }).where(eq(projects.id, id));
        return { statusCode: 200 };
      },
    ],
  ])("refuses with 409 when the project has %s, saying why, and keeps it", async (what, fill) => {
    const owner = await customer(t.app, `delete-full-${what.replace(/\W+/g, "-")}@example.com`);
    const project = await newProject(t.app, owner);
    const filled = await fill(project.id, owner.cookie);
    expect(filled.statusCode).toBeLessThan(300);

    const res = await remove(project.id, owner.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: "PROJECT_NOT_EMPTY",
      message: `This project can't be deleted because it has ${what}. Only an empty project can be deleted.`,
    });
    expect((await list(owner.cookie)).json().items.map((p: { id: string }) => p.id)).toEqual([project.id]);
  });

  it("is the owner's alone: 401 signed out, 404 for a stranger or a malformed id, 403 for members and the company", async () => {
    const owner = await customer(t.app, "delete-owner@example.com");
    const stranger = await customer(t.app, "delete-stranger@example.com");
    const project = await newProject(t.app, owner);
    // Members are stored directly: a project with members is not empty, but a member must be refused before that.
    await t.app.ctx.db.insert(projectMembers).values([
      { projectId: project.id, email: "delete-admin@example.com", accessLevel: "admin" },
      { projectId: project.id, email: "delete-viewer@example.com", accessLevel: "view_only" },
    ]);
    const memberAdmin = await signIn(t.app, "delete-admin@example.com", "Ada Member");
    const viewer = await signIn(t.app, "delete-viewer@example.com", "Vic Viewer");
    const company = await signIn(t.app, "admin@blueprint.local", "Site Admin");

    expect((await remove(project.id)).statusCode).toBe(401);
    expect((await remove(project.id, stranger.cookie)).statusCode).toBe(404);
    expect((await remove("not-a-uuid", owner.cookie)).statusCode).toBe(404);
    for (const cookie of [memberAdmin, viewer, company]) {
      const res = await remove(project.id, cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: "FORBIDDEN", message: "Only the project's owner can delete it." });
    }
    expect(await t.app.ctx.db.select().from(projects).where(eq(projects.id, project.id))).toHaveLength(1);
  });
});
