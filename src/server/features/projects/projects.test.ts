import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCompletedProfile, customer, GOOD_ANSWERS, json, newProject } from "../../../../tests/factories";
import { signNdaFor, submitProfile } from "../../../../tests/setup/onboarding";
import { createTestApp, signIn, type TestApp } from "../../../../tests/setup/test-app";
import { nextActionFor } from "../../../shared/domain/next-action";
import { overallProgress } from "../../../shared/domain/overall-progress";
import { activityEvents, projectMembers } from "../../db/schema";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const list = (cookie: string) => t.app.inject({ method: "GET", url: "/api/projects", headers: { cookie } });

describe("New Project", () => {
  it("creates a basic project with budget 5k-10k, timeline 4-6 weeks and 5 users, whatever status the client sends", async () => {
    const ann = await customer(t.app, "new-project@example.com");
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
      status: "profile",
      accessLevel: "owner",
      authorizedUsersCount: 0,
    });
    expect(res.json().projectCode).toMatch(/^PRJ-\d{4}-\d{4}$/);
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
    expect(res.json().map((p: { id: string; accessLevel: string }) => [p.id, p.accessLevel])).toEqual([
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
    const [seen] = (await list(member.cookie)).json();
    expect(seen).toMatchObject({ id: project.id, accessLevel: "user", authorizedUsersCount: 2 });
    expect((await list(owner.cookie)).json()[0].authorizedUsersCount).toBe(2);
  });

  it("shows a customer nobody else's projects", async () => {
    const stranger = await customer(t.app, "stranger@example.com");
    expect((await list(stranger.cookie)).json()).toEqual([]);
  });

  it("shows a company admin every project with access level company", async () => {
    const admin = await signIn(t.app, "admin@blueprint.local", "Site Admin");
    const res = await list(admin);
    expect(res.statusCode).toBe(200);
    const all = res.json() as { accessLevel: string }[];
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
    const project = await newProject(t.app, ann);
    expect(project).toMatchObject({ status: "profile", requirementsSubmitted: false });
    const saved = await t.app.inject({
      method: "POST",
      url: `/api/projects/${project.id}/requirements`,
      payload: GOOD_ANSWERS,
      headers: { cookie: ann.cookie, ...json },
    });
    expect(saved.statusCode).toBe(200);

    // The profile is completed and the NDA signed afterwards, through the real onboarding routes.
    await submitProfile(t.app, ann.cookie);
    await signNdaFor(t.app, ann.cookie, ann.email);
    const profile = (await t.app.inject({ method: "GET", url: "/api/profile", headers: { cookie: ann.cookie } })).json();
    const [current] = (await list(ann.cookie)).json();
    // Completing the profile moved the project on to requirements.
    expect(current).toMatchObject({ id: project.id, status: "requirements", requirementsSubmitted: true });
    expect(nextActionFor(profile, current).key).not.toBe("submit_requirements");
    expect(overallProgress({ profile, project: current }).items.find((i) => i.id === "requirements")?.done).toBe(true);
  });

  it("stays false until a problem statement is saved", async () => {
    const ann = await customer(t.app, "not-yet@example.com");
    await newProject(t.app, ann);
    expect((await list(ann.cookie)).json()[0].requirementsSubmitted).toBe(false);
  });
});
