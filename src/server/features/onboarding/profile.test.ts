import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createProjectWithStatus } from "../../../../tests/factories";
import { signNdaFor, VALID_PROFILE } from "../../../../tests/setup/onboarding";
import { openForFile } from "../../../../tests/setup/per-file";
import { EMPTY_PROFILE } from "../../../../tests/setup/profile-form";
import { createTestApp, signIn } from "../../../../tests/setup/test-app";
import { activityEvents, profiles, projects, users } from "../../db/schema";

const t = openForFile(() => createTestApp());

const get = (url: string, cookie?: string) => t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
const post = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject({ method: "POST", url, payload: payload as object, headers: cookie ? { cookie } : {} });

/** A customer through the owner's onboarding: the profile saved (with `overrides`), then the NDA signed. */
async function onboard(email: string, overrides: Record<string, unknown>) {
  const cookie = await signIn(t.app, email, "Owen Owner");
  expect((await post("/api/profile", { ...VALID_PROFILE, ...overrides }, cookie)).statusCode).toBe(200);
  await signNdaFor(t.app, cookie, email);
  return cookie;
}

describe("GET /api/profile", () => {
  it("answers 200 with null before the customer has a profile", async () => {
    const cookie = await signIn(t.app, "fresh@example.com", "Fresh Start");
    const res = await get("/api/profile", cookie);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe("null");
  });

  it("answers 401 to visitors", async () => {
    expect((await get("/api/profile")).statusCode).toBe(401);
  });
});

describe("POST /api/profile", () => {
  it("saves every field, normalises the website and contact, and marks the profile completed", async () => {
    const cookie = await signIn(t.app, "ada@example.com", "Ada Lovelace");
    const res = await post("/api/profile", VALID_PROFILE, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ...VALID_PROFILE,
      companyWebsite: "https://engines.example",
      primaryContact: "ada@engines.example",
      profileCompleted: true,
      ndaSigned: false,
      ndaSignedAt: null,
      ndaStatus: "pending",
      requirementsSubmitted: false,
    });
    const again = await get("/api/profile", cookie);
    expect(again.json().id).toBe(res.json().id);
  });

  it("opens no project before the NDA is signed: the idea waits for the NDA", async () => {
    const cookie = await signIn(t.app, "no-idea-yet@example.com", "Nia Idea");
    expect((await post("/api/profile", VALID_PROFILE, cookie)).statusCode).toBe(200);
    expect((await get("/api/projects", cookie)).json().items).toEqual([]);
  });

  it("opens the first project in requirements with the profile's package and its user limit once the NDA is signed", async () => {
    const cookie = await onboard("premium@example.com", { packageType: "premium" });
    const list = await get("/api/projects", cookie);
    expect(list.json().items).toHaveLength(1);
    expect(list.json().items[0]).toMatchObject({
      status: "requirements",
      packageType: "premium",
      userLimit: 20,
      budgetRange: "10k-25k",
      timeline: "4-6 weeks",
      maxIterations: 3,
    });
    expect(list.json().items[0].projectCode).toMatch(/^PRJ-\d{4}-\d{4}$/);
  });

  it.each([
    ["basic", 5],
    ["advanced", 10],
    ["premium", 20],
  ])("gives a %s project a limit of %i users", async (packageType, limit) => {
    const cookie = await onboard(`limit-${packageType}@example.com`, { packageType });
    expect((await get("/api/projects", cookie)).json().items[0].userLimit).toBe(limit);
  });

  it("uses the default package and leaves budget and timeline unset when the profile names none", async () => {
    const cookie = await onboard("defaults@example.com", { packageType: "", budgetRange: null, timeline: undefined });
    expect((await get("/api/projects", cookie)).json().items[0]).toMatchObject({
      packageType: "basic",
      userLimit: 5,
      budgetRange: null,
      timeline: null,
    });
  });

  it("does not create a second project on a later save", async () => {
    const cookie = await onboard("twice@example.com", {});
    await post("/api/profile", { ...VALID_PROFILE, jobTitle: "CEO" }, cookie);
    expect((await get("/api/projects", cookie)).json().items).toHaveLength(1);
    expect((await get("/api/profile", cookie)).json().jobTitle).toBe("CEO");
  });

  it("moves a project opened before the profile existed from profile to requirements", async () => {
    const cookie = await signIn(t.app, "early.project@example.com", "Early Bird");
    const [user] = await t.app.ctx.db.select().from(users).where(eq(users.email, "early.project@example.com"));
    const created = await createProjectWithStatus(t.app.ctx.db, { ownerId: user?.id ?? "", status: "profile" });
    expect((await post("/api/profile", VALID_PROFILE, cookie)).statusCode).toBe(200);
    const [project] = await t.app.ctx.db.select().from(projects).where(eq(projects.id, created.id));
    expect(project?.status).toBe("requirements");
  });

  it("keeps one profile when two saves race", async () => {
    const cookie = await signIn(t.app, "race@example.com", "Race Condition");
    const results = await Promise.all([post("/api/profile", VALID_PROFILE, cookie), post("/api/profile", VALID_PROFILE, cookie)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const [user] = await t.app.ctx.db.select().from(users).where(eq(users.email, "race@example.com"));
    expect(
      await t.app.ctx.db
        .select()
        .from(profiles)
        .where(eq(profiles.userId, user?.id ?? "")),
    ).toHaveLength(1);
  });

  it("ignores ndaStatus, ndaSigned, ndaSignedAt and profileCompleted sent by the client", async () => {
    const cookie = await signIn(t.app, "sneaky@example.com", "Sneaky Pete");
    const res = await post(
      "/api/profile",
      { ...VALID_PROFILE, ndaStatus: "approved", ndaSigned: true, ndaSignedAt: "2020-01-01T00:00:00Z", profileCompleted: false },
      cookie,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ndaStatus: "pending", ndaSigned: false, ndaSignedAt: null, profileCompleted: true });
    const [user] = await t.app.ctx.db.select().from(users).where(eq(users.email, "sneaky@example.com"));
    const [row] = await t.app.ctx.db
      .select()
      .from(profiles)
      .where(eq(profiles.userId, user?.id ?? ""));
    expect(row).toMatchObject({ ndaStatus: "pending", ndaSigned: false, ndaSignedAt: null });
  });

  it("refuses every required field empty, with the shared message for each", async () => {
    const cookie = await signIn(t.app, "empty@example.com", "Empty Form");
    const res = await post("/api/profile", EMPTY_PROFILE, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      fullName: "Full name is required",
      jobTitle: "Job title is required",
      company: "Company name is required",
      companyAddress: "Company address is required",
      phone: "Phone number is required",
      companySize: "Company size is required",
      industry: "Industry is required",
      primaryContact: "Invalid email address",
    });
    expect((await get("/api/profile", cookie)).body).toBe("null");
  });

  it.each([
    ["companyWebsite", "not a website", "Invalid website URL"],
    ["companyWebsite", "https://intranet", "Invalid website URL"],
    ["primaryContact", "ada-at-engines", "Invalid email address"],
    ["industry", "mining", "Industry is required"],
    ["packageType", "enterprise", null],
    ["company", "Evil\r\nBcc: x@y.z", "This contains invalid characters"],
  ])("refuses %s = %j", async (field, value, message) => {
    const cookie = await signIn(t.app, `invalid-${field}@example.com`, "In Valid");
    const res = await post("/api/profile", { ...VALID_PROFILE, [field]: value }, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBeDefined();
    if (message) expect(res.json().fields[field]).toBe(message);
  });

  it("refuses fields it does not know", async () => {
    const cookie = await signIn(t.app, "unknown@example.com", "Un Known");
    const res = await post("/api/profile", { ...VALID_PROFILE, role: "company", userId: "someone-else" }, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "VALIDATION_FAILED", message: expect.stringContaining("role") });
  });

  it("answers 401 to visitors even with an invalid body, and 403 to company admins", async () => {
    expect((await post("/api/profile", {})).statusCode).toBe(401);
    const admin = await signIn(t.app, "admin@blueprint.local", "Site Admin");
    expect((await post("/api/profile", VALID_PROFILE, admin)).statusCode).toBe(403);
  });

  it("writes profile and project events to the customer's timeline", async () => {
    const cookie = await onboard("timeline@example.com", {});
    const [user] = await t.app.ctx.db.select().from(users).where(eq(users.email, "timeline@example.com"));
    const events = await t.app.ctx.db
      .select()
      .from(activityEvents)
      .where(eq(activityEvents.userId, user?.id ?? ""));
    expect(events.map((e) => e.type).sort()).toEqual(["nda.signed", "profile.completed", "project.created"]);
    const activity = await get("/api/dashboard/activity", cookie);
    expect(activity.json().items.map((e: { title: string }) => e.title)).toEqual(
      expect.arrayContaining(["Company profile completed", "Project created"]),
    );
    const [project] = await t.app.ctx.db
      .select()
      .from(projects)
      .where(eq(projects.userId, user?.id ?? ""));
    expect(project?.status).toBe("requirements");
  });
});
