import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it, vi } from "vitest";
import {
  createCompletedProfile,
  createProjectWithStatus,
  customer,
  GOOD_ANSWERS,
  json,
  newProject,
  onboardOwner,
} from "../../../../../tests/factories";
import { openForFile } from "../../../../../tests/setup/per-file";
import { createTestApp } from "../../../../../tests/setup/test-app";
import { REQUIREMENT_MESSAGES } from "../../../../shared/schemas/requirements";
import { activityEvents, issuedDocuments, profiles, projects } from "../../../db/schema";
import { pdfRenders } from "../../../documents/render-guard";

const t = openForFile(() => createTestApp());

const url = (id: string, rest = "") => `/api/projects/${id}/requirements${rest}`;
const save = (id: string, cookie: string, payload: object) =>
  t.app.inject({ method: "POST", url: url(id), payload, headers: { cookie, ...json } });
const generate = (id: string, cookie: string, payload: object = {}) =>
  t.app.inject({ method: "POST", url: url(id, "/generate"), payload, headers: { cookie, ...json } });

describe("saving the questionnaire", () => {
  it("answers null before the first save", async () => {
    const ann = await customer(t.app, "req-empty@example.com");
    const project = await newProject(t.app, ann);
    const res = await t.app.inject({ method: "GET", url: url(project.id), headers: { cookie: ann.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBeNull();
  });

  it("needs the project name and the problem statement, with the shared message", async () => {
    const ann = await customer(t.app, "req-minimum@example.com");
    const project = await newProject(t.app, ann);
    const res = await save(project.id, ann.cookie, { techStack: "React and Node.js" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: "Please fill in at least the project name and problem statement before saving.",
      fields: {
        projectName: "Please provide a project name (at least 3 characters)",
        problemStatement: REQUIREMENT_MESSAGES.problemStatement,
      },
    });
  });

  it("refuses a short name or problem, and saves half-typed other answers as a draft", async () => {
    const ann = await customer(t.app, "req-short@example.com");
    const project = await newProject(t.app, ann);
    const draft = {
      techStack: "React",
      targetUsers: "me",
      currentSolution: "email",
      coreFunctionality: "booking",
      idealWorkflow: "click",
      successCriteria: "sales",
      additionalRequirements: "x",
    };
    const res = await save(project.id, ann.cookie, { projectName: "AB", problemStatement: "too short", ...draft });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      projectName: "Please provide a project name (at least 3 characters)",
      problemStatement: REQUIREMENT_MESSAGES.problemStatement,
    });
    const saved = await save(project.id, ann.cookie, {
      projectName: "Shop",
      problemStatement: "We lose orders every week.",
      ...draft,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ techStack: "React", targetUsers: "me" });
    const long = await save(project.id, ann.cookie, {
      projectName: "N".repeat(121),
      problemStatement: "We lose orders every week.",
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toEqual({ projectName: "At most 120 characters" });
  });

  it("saves a partial questionnaire, derives requirementsStatus, names the project and marks the owner's requirements submitted", async () => {
    const ann = await customer(t.app, "req-partial@example.com");
    await createCompletedProfile(t.app.ctx.db, { userId: ann.userId });
    const project = await newProject(t.app, ann);
    const res = await save(project.id, ann.cookie, {
      projectName: "ClinicFlow",
      problemStatement: "Patients cannot book appointments online.",
      techStack: "",
      requirementsStatus: "whatever the client says",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      projectName: "ClinicFlow",
      techStack: null,
      requirementsStatus: "completed",
      generatedBrief: null,
      briefConfirmed: false,
    });
    const [row] = await t.app.ctx.db.select().from(projects).where(eq(projects.id, project.id));
    expect(row?.projectName).toBe("ClinicFlow");
    const [profile] = await t.app.ctx.db.select().from(profiles).where(eq(profiles.userId, ann.userId));
    expect(profile?.requirementsSubmitted).toBe(true);
    const events = await t.app.ctx.db.select().from(activityEvents).where(eq(activityEvents.projectId, project.id));
    // A first save is a draft: the feed says it was saved, not submitted.
    expect(events.map((e) => e.title)).toContain("Requirements saved");
    expect(events.map((e) => e.title)).not.toContain("Requirements submitted");
  });

  it("moves a project left at profile on to requirements when answers are saved after the owner's onboarding", async () => {
    const ann = await customer(t.app, "req-status@example.com");
    const project = await createProjectWithStatus(t.app.ctx.db, { ownerId: ann.userId, status: "profile" });
    await onboardOwner(t.app.ctx.db, ann.userId);
    expect((await save(project.id, ann.cookie, GOOD_ANSWERS)).statusCode).toBe(200);
    const [row] = await t.app.ctx.db.select().from(projects).where(eq(projects.id, project.id));
    expect(row?.status).toBe("requirements");
    const events = await t.app.ctx.db.select().from(activityEvents).where(eq(activityEvents.projectId, project.id));
    expect(events.map((e) => e.title)).toContain("Status changed to Gathering requirements");
  });

  it("refuses unknown fields", async () => {
    const ann = await customer(t.app, "req-unknown@example.com");
    const project = await newProject(t.app, ann);
    const res = await save(project.id, ann.cookie, { ...GOOD_ANSWERS, userId: "someone-else" });
    expect(res.statusCode).toBe(400);
  });
});

describe("generating the brief", () => {
  it("needs saved requirements first, with the shared message", async () => {
    const ann = await customer(t.app, "gen-unsaved@example.com");
    const project = await newProject(t.app, ann);
    const res = await generate(project.id, ann.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Please save requirements first to generate AI brief");
  });

  it("needs the core functionality", async () => {
    const ann = await customer(t.app, "gen-core@example.com");
    const project = await newProject(t.app, ann);
    await save(project.id, ann.cookie, { projectName: "Tiny", problemStatement: "We lose track of orders every week." });
    const res = await generate(project.id, ann.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ coreFunctionality: REQUIREMENT_MESSAGES.coreFunctionality });
  });

  it("writes a structured brief with the built-in composer when no AI service is configured", async () => {
    const ann = await customer(t.app, "gen-builtin@example.com");
    await createCompletedProfile(t.app.ctx.db, { userId: ann.userId });
    const project = await newProject(t.app, ann);
    await save(project.id, ann.cookie, GOOD_ANSWERS);
    const res = await generate(project.id, ann.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      briefGeneratedBy: "builtin",
      briefStatus: "generated",
      approvalStatus: "pending",
      briefConfirmed: false,
    });
    const brief = body.generatedBrief as string;
    expect(brief).toMatch(/^# ClinicFlow appointment booking/);
    for (const heading of [
      "Executive summary",
      "The problem",
      "Target users",
      "Current solution and its gaps",
      "Core functionality",
      "Ideal workflow",
      "Success criteria",
      "Technical notes",
      "Scope of the prototype",
      "Assumptions and open questions",
      "Next steps",
    ]) {
      expect(brief).toContain(heading);
    }
    expect(brief).toContain("Northside Clinics");
    expect(brief).toContain("48 hours");
    const events = await t.app.ctx.db.select().from(activityEvents).where(eq(activityEvents.projectId, project.id));
    expect(events.map((e) => e.title)).toContain("Brief ready to review");
    // Which composer wrote it is not the customer's feed's business.
    expect(events.map((e) => e.description).join(" ")).not.toMatch(/composer|model/);
  });
});

describe("editing and confirming the brief", () => {
  async function projectWithBrief(email: string) {
    const ann = await customer(t.app, email);
    await createCompletedProfile(t.app.ctx.db, { userId: ann.userId });
    const project = await newProject(t.app, ann);
    await save(project.id, ann.cookie, GOOD_ANSWERS);
    await generate(project.id, ann.cookie);
    return { ann, project };
  }

  it("saves an edited brief until it is confirmed", async () => {
    const { ann, project } = await projectWithBrief("brief-edit@example.com");
    const res = await save(project.id, ann.cookie, { generatedBrief: "# Edited\n\nOur own words.", briefConfirmed: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ generatedBrief: "# Edited\n\nOur own words.", briefGeneratedBy: "builtin+edited" });
  });

  it("refuses to confirm an empty brief", async () => {
    const { ann, project } = await projectWithBrief("brief-empty@example.com");
    const res = await save(project.id, ann.cookie, { generatedBrief: "   ", briefConfirmed: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("BRIEF_EMPTY");
  });

  it("confirms with briefStatus generated and approvalStatus approved, whatever the client sends, then locks it", async () => {
    const { ann, project } = await projectWithBrief("brief-confirm@example.com");
    const confirmed = await save(project.id, ann.cookie, {
      generatedBrief: "# Final brief\n\nApproved text.",
      briefConfirmed: true,
      briefStatus: "nonsense",
      approvalStatus: "rejected",
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({
      briefConfirmed: true,
      briefStatus: "generated",
      approvalStatus: "approved",
      approved: true,
    });
    expect(confirmed.json().briefConfirmedAt).toEqual(expect.any(String));

    const attempts = [
      save(project.id, ann.cookie, { generatedBrief: "# Changed after approval" }),
      save(project.id, ann.cookie, { briefConfirmed: false }),
      save(project.id, ann.cookie, GOOD_ANSWERS),
      generate(project.id, ann.cookie),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: "BRIEF_LOCKED",
        message: "This brief has been confirmed and can no longer be changed.",
      });
    }
    const stored = await t.app.inject({ method: "GET", url: url(project.id), headers: { cookie: ann.cookie } });
    expect(stored.json().generatedBrief).toBe("# Final brief\n\nApproved text.");
    const events = await t.app.ctx.db.select().from(activityEvents).where(eq(activityEvents.projectId, project.id));
    expect(events.find((e) => e.type === "brief.confirmed")).toMatchObject({ title: "Brief confirmed", notify: true });
  });

  it("moves the project to development when the brief is confirmed after the advance payment arrived", async () => {
    const { ann, project } = await projectWithBrief("brief-dev@example.com");
    await t.app.ctx.db.update(projects).set({ advancePaymentReceivedDate: new Date() }).where(eq(projects.id, project.id));
    await save(project.id, ann.cookie, { briefConfirmed: true });
    const [row] = await t.app.ctx.db.select().from(projects).where(eq(projects.id, project.id));
    expect(row?.status).toBe("development");
  });

  it("keeps the project in requirements when the brief is confirmed before payment", async () => {
    const { ann, project } = await projectWithBrief("brief-unpaid@example.com");
    await save(project.id, ann.cookie, { briefConfirmed: true });
    const [row] = await t.app.ctx.db.select().from(projects).where(eq(projects.id, project.id));
    expect(row?.status).toBe("requirements");
  });
});

describe("the brief as a PDF", () => {
  it("downloads a PDF of the brief, gives the same bytes twice, and records only the confirmed brief's SHA-256, once", async () => {
    const ann = await customer(t.app, "pdf@example.com");
    await createCompletedProfile(t.app.ctx.db, { userId: ann.userId });
    const project = await newProject(t.app, ann);
    await save(project.id, ann.cookie, GOOD_ANSWERS);
    await generate(project.id, ann.cookie);
    const first = await t.app.inject({
      method: "GET",
      url: `/api/projects/${project.id}/brief.pdf`,
      headers: { cookie: ann.cookie },
    });
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toBe("application/pdf");
    expect(first.headers["content-disposition"]).toBe(
      `attachment; filename="${project.projectCode}-brief-draft.pdf"; filename*=UTF-8''${project.projectCode}-brief-draft.pdf`,
    );
    // The same protective headers as every other document (the brief once went without the sandbox).
    expect(first.headers).toMatchObject({
      "x-content-type-options": "nosniff",
      "content-security-policy": "sandbox; default-src 'none'",
      "cache-control": "no-store",
    });
    expect(first.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const pdf = await PDFDocument.load(first.rawPayload);
    expect(pdf.getPageCount()).toBe(2);
    expect(pdf.getTitle()).toContain("ClinicFlow");

    const second = await t.app.inject({
      method: "GET",
      url: `/api/projects/${project.id}/brief.pdf`,
      headers: { cookie: ann.cookie },
    });
    const sha = createHash("sha256").update(first.rawPayload).digest("hex");
    expect(createHash("sha256").update(second.rawPayload).digest("hex")).toBe(sha);
    const recorded = () => t.app.ctx.db.select().from(issuedDocuments).where(eq(issuedDocuments.projectId, project.id));
    expect(await recorded()).toEqual([]);

    expect((await save(project.id, ann.cookie, { briefConfirmed: true })).statusCode).toBe(200);
    const download = () =>
      t.app.inject({ method: "GET", url: `/api/projects/${project.id}/brief.pdf`, headers: { cookie: ann.cookie } });
    const confirmed = await download();
    await download();
    const confirmedSha = createHash("sha256").update(confirmed.rawPayload).digest("hex");
    const docs = await recorded();
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ kind: "project_brief", sha256: confirmedSha });
  });

  it("answers 404 before a brief exists", async () => {
    const ann = await customer(t.app, "pdf-none@example.com");
    const project = await newProject(t.app, ann);
    const res = await t.app.inject({
      method: "GET",
      url: `/api/projects/${project.id}/brief.pdf`,
      headers: { cookie: ann.cookie },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe("expensive work stays bounded", () => {
  const pdf = (id: string, cookie: string) =>
    t.app.inject({ method: "GET", url: `/api/projects/${id}/brief.pdf`, headers: { cookie } });

  it("renders a brief whose heading line is 3 KB of spaces, answering other requests meanwhile (it once took 15 s)", async () => {
    const ann = await customer(t.app, "pdf-redos@example.com");
    await createCompletedProfile(t.app.ctx.db, { userId: ann.userId });
    const project = await newProject(t.app, ann);
    await save(project.id, ann.cookie, GOOD_ANSWERS);
    await generate(project.id, ann.cookie);
    const brief = `# a${" ".repeat(3000)}b\n\n${"[".repeat(20_000)}\n\n${"*a ".repeat(5000)}`;
    expect((await save(project.id, ann.cookie, { generatedBrief: brief })).statusCode).toBe(200);
    // Watched, not timed (a busy machine may take any time): the render is marked while it runs, and another request
    // must be answered while it still runs, so the hostile brief does not hold the process. A backtracking parser
    // that never finishes still fails, by the test's timeout.
    let rendering = false;
    let rendered = false;
    const render = pdfRenders.render.bind(pdfRenders);
    const spy = vi.spyOn(pdfRenders, "render").mockImplementation((key, owner, produce) =>
      render(key, owner, async () => {
        rendering = true;
        try {
          return await produce();
        } finally {
          rendered = true;
        }
      }),
    );
    try {
      let settled = false;
      const download = pdf(project.id, ann.cookie).finally(() => {
        settled = true;
      });
      let answeredDuringRender = 0;
      while (!rendered && !settled) {
        const other = await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie: ann.cookie } });
        expect(other.statusCode).toBe(200);
        if (rendering && !rendered) answeredDuringRender++;
        // Let the render's own turn come (a cached answer may settle without ever leaving the microtask queue).
        await new Promise((resolve) => setImmediate(resolve));
      }
      const res = await download;
      expect(res.statusCode).toBe(200);
      expect((await PDFDocument.load(res.rawPayload)).getPageCount()).toBeGreaterThan(1);
      expect(answeredDuringRender).toBeGreaterThan(0);
    } finally {
      spy.mockRestore();
    }
  });

  it("keeps a brief written from nine 5,000-character answers under the 50,000-character cap", async () => {
    const ann = await customer(t.app, "brief-cap@example.com");
    await createCompletedProfile(t.app.ctx.db, { userId: ann.userId });
    const project = await newProject(t.app, ann);
    const long = (text: string) => `${text} `.repeat(Math.ceil(5000 / (text.length + 1))).slice(0, 4990);
    const answers = Object.fromEntries(
      Object.entries(GOOD_ANSWERS).map(([field, value]) => [
        field,
        field === "projectName" ? value : long(value.replace(/\n/g, " ")),
      ]),
    );
    expect((await save(project.id, ann.cookie, answers)).statusCode).toBe(200);
    const res = await generate(project.id, ann.cookie);
    expect(res.statusCode).toBe(200);
    const brief = res.json().generatedBrief as string;
    expect(brief.length).toBeGreaterThan(10_000);
    expect(brief.length).toBeLessThanOrEqual(50_000);
  });

  it("throttles brief PDFs per user with 429 and Retry-After", async () => {
    const ann = await customer(t.app, "pdf-throttle@example.com");
    await createCompletedProfile(t.app.ctx.db, { userId: ann.userId });
    const project = await newProject(t.app, ann);
    await save(project.id, ann.cookie, GOOD_ANSWERS);
    await generate(project.id, ann.cookie);
    for (let i = 0; i < 60; i++) expect((await pdf(project.id, ann.cookie)).statusCode).toBe(200);
    const refused = await pdf(project.id, ann.cookie);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // Another customer is not affected.
    const other = await customer(t.app, "pdf-throttle-other@example.com");
    await createCompletedProfile(t.app.ctx.db, { userId: other.userId });
    const theirs = await newProject(t.app, other);
    await save(theirs.id, other.cookie, GOOD_ANSWERS);
    await generate(theirs.id, other.cookie);
    expect((await pdf(theirs.id, other.cookie)).statusCode).toBe(200);
  });

  it("throttles brief generation per user, and a refused request changes nothing", async () => {
    const ann = await customer(t.app, "generate-throttle@example.com");
    await createCompletedProfile(t.app.ctx.db, { userId: ann.userId });
    const project = await newProject(t.app, ann);
    await save(project.id, ann.cookie, GOOD_ANSWERS);
    for (let i = 0; i < 20; i++) expect((await generate(project.id, ann.cookie)).statusCode).toBe(200);
    const before = await t.app.inject({ method: "GET", url: url(project.id), headers: { cookie: ann.cookie } });
    const refused = await generate(project.id, ann.cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: "RATE_LIMITED" });
    expect(refused.headers["retry-after"]).toBeDefined();
    const after = await t.app.inject({ method: "GET", url: url(project.id), headers: { cookie: ann.cookie } });
    expect(after.json()).toEqual(before.json());
  });
});
