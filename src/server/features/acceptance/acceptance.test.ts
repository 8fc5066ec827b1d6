// The customer's decision on the prototype through the real app: approval (who, when, from where, which version, the
// hashes of the BRD and the confirmed brief), the project completed by the status rules, the company told through the
// thread; a change request in the thread and Feedback Management; the sealed certificate pdfsig and /verify accept.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Customer, createProjectWithStatus, customer, json } from "../../../../tests/factories";
import { fileUpload } from "../../../../tests/setup/multipart";
import { createTestApp, signIn, type TestApp } from "../../../../tests/setup/test-app";
import { ACCEPTANCE_MESSAGES } from "../../../shared/schemas/acceptance";
import { sha256Hex } from "../../auth/secrets";
import { communications, feedback, projectAcceptances, projectMembers, projects, requirements } from "../../db/schema";

const ORIGIN = "http://127.0.0.1:45998";
let t: TestApp;
let admin: string;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "bp-accept-"));
  t = await createTestApp({ PROTOTYPE_FRAME_ORIGINS: ORIGIN });
  admin = await signIn(t.app, "admin@blueprint.local", "Ada Admin");
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const decide = (projectId: string, cookie: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url: `/api/projects/${projectId}/acceptance`,
    payload: payload as Record<string, unknown>,
    headers: { cookie, ...json, ...headers },
  });
const certificate = (projectId: string, cookie: string) =>
  t.app.inject({ method: "GET", url: `/api/projects/${projectId}/acceptance/certificate`, headers: { cookie } });
const publish = (projectId: string, n: number) =>
  t.app.inject({
    method: "POST",
    url: `/api/company/projects/${projectId}/versions`,
    payload: { url: `https://proto.example.com/v${n}`, releaseNotes: `Version ${n}: the booking flow.` },
    headers: { cookie: admin, ...json },
  });
const projectRow = async (id: string) => {
  const [row] = await t.app.ctx.db.select().from(projects).where(eq(projects.id, id));
  if (!row) throw new Error("no project");
  return row;
};
const acceptanceCount = async (id: string) =>
  (await t.app.ctx.db.select({ n: count() }).from(projectAcceptances).where(eq(projectAcceptances.projectId, id)))[0]?.n;

const BRIEF = "# Glacier\n\nBookings online in one minute.";

async function projectInTesting(email: string, versions = 1): Promise<{ owner: Customer; projectId: string }> {
  const owner = await customer(t.app, email, "Olive Owner");
  const project = await createProjectWithStatus(t.app.ctx.db, { ownerId: owner.userId, status: "development" });
  await t.app.ctx.db.insert(requirements).values({
    projectId: project.id,
    projectName: "Glacier",
    generatedBrief: BRIEF,
    briefConfirmed: true,
    briefConfirmedAt: new Date(),
  });
  for (let n = 1; n <= versions; n++) expect((await publish(project.id, n)).statusCode).toBe(201);
  return { owner, projectId: project.id };
}

function pdfsig(bytes: Buffer): string {
  const file = path.join(dir, `cert-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  try {
    return execFileSync("pdfsig", [file], { encoding: "utf8", env: { ...process.env, TZ: "UTC" } });
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? "");
  }
}

describe("approving the prototype", () => {
  it("records who, when, from where, the version and the hashes; completes the project; tells the company; the certificate is sealed and recognised", async () => {
    const { owner, projectId } = await projectInTesting("accept-owner@example.com", 2);
    const brd = Buffer.from("%PDF-1.4\n% the BRD\n");
    const uploaded = await t.app.inject({
      method: "POST",
      url: `/api/company/projects/${projectId}/brd`, // multipart upload
      ...(() => {
        const body = fileUpload("brd.pdf", brd);
        return { payload: body.payload, headers: { ...body.headers, cookie: admin } };
      })(),
    });
    expect(uploaded.statusCode).toBeLessThan(300);
    expect((await projectRow(projectId)).status).toBe("testing");

    const res = await decide(
      projectId,
      owner.cookie,
      { decision: "approve", comment: "Letter of guarantee from Blueprint Ltd" },
      { "user-agent": "TestBrowser/1.0", "x-forwarded-for": "203.0.113.9" },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      decision: "approve",
      decidedBy: { email: "accept-owner@example.com" },
      version: { number: 2, url: "https://proto.example.com/v2", releaseNotes: "Version 2: the booking flow." },
      brdSha256: sha256Hex(brd),
      briefSha256: sha256Hex(BRIEF),
      projectStatus: "completed",
    });
    const [stored] = await t.app.ctx.db.select().from(projectAcceptances).where(eq(projectAcceptances.projectId, projectId));
    expect(stored?.userAgent).toBe("TestBrowser/1.0");
    expect(stored?.ip).toBeTruthy();
    const project = await projectRow(projectId);
    expect(project.status).toBe("completed");
    expect(project.acceptedAt).toBeInstanceOf(Date);
    const threads = await t.app.ctx.db.select().from(communications).where(eq(communications.projectId, projectId));
    expect(threads.map((c) => c.subject)).toContain("Prototype version 2 approved");

    // Refused twice, nothing more stored.
    const twice = await decide(projectId, owner.cookie, { decision: "approve" });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: "ALREADY_APPROVED", message: ACCEPTANCE_MESSAGES.alreadyApproved });
    expect(await acceptanceCount(projectId)).toBe(1);

    // The certificate: for the owner and the company, sealed (pdfsig: valid), recognised by /verify.
    for (const cookie of [owner.cookie, admin]) {
      const cert = await certificate(projectId, cookie);
      expect(cert.statusCode).toBe(200);
      expect(cert.headers["content-type"]).toBe("application/pdf");
      const report = pdfsig(cert.rawPayload);
      expect(report).toMatch(/Signature Validation: Signature is Valid\./);
      expect(report).toMatch(/Total document signed/);
      const body = fileUpload("certificate.pdf", cert.rawPayload);
      const check = await t.app.inject({
        method: "POST",
        url: "/api/verify-document",
        payload: body.payload,
        headers: body.headers,
      });
      expect(check.json()).toMatchObject({
        valid: true,
        document: { kind: "acceptance_certificate", authoredBy: "blueprint", projectCode: project.projectCode },
      });
      const text = execFileSync("pdftotext", ["-", "-"], { input: cert.rawPayload, encoding: "utf8" });
      // The customer's words are quoted and labelled as theirs, never as the company's.
      expect(text).toContain("The client's comment, in the client's own words");
      expect(text).toContain("Not a statement by Blueprint");
      expect(text).toContain(sha256Hex(BRIEF));
    }
  });

  it("needs a published version (409), and nothing is stored", async () => {
    const owner = await customer(t.app, "accept-noversion@example.com");
    const project = await createProjectWithStatus(t.app.ctx.db, { ownerId: owner.userId, status: "testing" });
    const res = await decide(project.id, owner.cookie, { decision: "approve" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "NO_PUBLISHED_VERSION", message: ACCEPTANCE_MESSAGES.noVersion });
    expect(await acceptanceCount(project.id)).toBe(0);
    expect((await projectRow(project.id)).status).toBe("testing");
    expect((await certificate(project.id, owner.cookie)).statusCode).toBe(409);
  });

  it("is the owner's or an Admin member's: users, view-only members and the company get 403; strangers 404", async () => {
    const { owner, projectId } = await projectInTesting("accept-levels@example.com");
    const people = {
      admin: await customer(t.app, "accept-lvl-admin@example.com"),
      user: await customer(t.app, "accept-lvl-user@example.com"),
      view_only: await customer(t.app, "accept-lvl-view@example.com"),
    };
    for (const [level, who] of Object.entries(people)) {
      await t.app.ctx.db
        .insert(projectMembers)
        .values({ projectId, email: who.email, accessLevel: level as "admin" | "user" | "view_only" });
    }
    for (const cookie of [people.user.cookie, people.view_only.cookie, admin]) {
      const res = await decide(projectId, cookie, { decision: "approve" });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(ACCEPTANCE_MESSAGES.forbidden);
    }
    const stranger = await customer(t.app, "accept-stranger@example.com");
    expect((await decide(projectId, stranger.cookie, { decision: "approve" })).statusCode).toBe(404);
    expect((await decide("not-a-uuid", owner.cookie, { decision: "approve" })).statusCode).toBe(404);
    expect((await decide("00000000-0000-4000-8000-000000000000", owner.cookie, { decision: "approve" })).statusCode).toBe(404);
    expect(await acceptanceCount(projectId)).toBe(0);

    const ok = await decide(projectId, people.admin.cookie, { decision: "approve" });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().decidedBy.email).toBe("accept-lvl-admin@example.com");
    // The certificate: not for users or view-only members.
    expect((await certificate(projectId, people.user.cookie)).statusCode).toBe(403);
    expect((await certificate(projectId, people.admin.cookie)).statusCode).toBe(200);
  });
});

describe("requesting changes", () => {
  it("needs a comment (400, nothing stored) and rejects an unknown decision", async () => {
    const { owner, projectId } = await projectInTesting("accept-nocomment@example.com");
    for (const payload of [
      { decision: "request_changes" },
      { decision: "request_changes", comment: "   " },
      { decision: "maybe" },
      {},
    ]) {
      const res = await decide(projectId, owner.cookie, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe("VALIDATION_FAILED");
    }
    const noComment = await decide(projectId, owner.cookie, { decision: "request_changes" });
    expect(noComment.json().fields).toEqual({ comment: ACCEPTANCE_MESSAGES.commentRequired });
    expect(await acceptanceCount(projectId)).toBe(0);
  });

  it("keeps testing and puts the comment in the thread and in Feedback Management", async () => {
    const { owner, projectId } = await projectInTesting("accept-changes@example.com");
    const comment = "The booking form must accept dates next year.";
    const res = await decide(projectId, owner.cookie, { decision: "request_changes", comment });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ decision: "request_changes", comment, projectStatus: "testing" });
    const project = await projectRow(projectId);
    expect(project.status).toBe("testing");
    expect(project.acceptedAt).toBeNull();
    const items = await t.app.ctx.db.select().from(feedback).where(eq(feedback.projectId, projectId));
    expect(items).toContainEqual(expect.objectContaining({ changeDescription: comment, status: "pending", versionNumber: 1 }));
    const list = await t.app.inject({ method: "GET", url: "/api/company/feedback", headers: { cookie: admin } });
    expect(JSON.stringify(list.json())).toContain(comment);
    const threads = await t.app.ctx.db.select().from(communications).where(eq(communications.projectId, projectId));
    expect(threads).toContainEqual(
      expect.objectContaining({ subject: "Changes requested on prototype version 1", content: comment, fromCompany: false }),
    );
    // The certificate does not exist before an approval; approving later still works.
    expect((await certificate(projectId, owner.cookie)).statusCode).toBe(409);
    expect((await decide(projectId, owner.cookie, { decision: "approve" })).statusCode).toBe(201);
  });
});

describe("the hand-over package", () => {
  const handover = (projectId: string, cookie: string) =>
    t.app.inject({ method: "GET", url: `/api/projects/${projectId}/handover`, headers: { cookie } });

  it("is refused before completion (409) and for users (403); after approval its index.md hashes match every file", async () => {
    const { owner, projectId } = await projectInTesting("handover-owner@example.com", 2);
    const user = await customer(t.app, "handover-user@example.com");
    await t.app.ctx.db.insert(projectMembers).values({ projectId, email: user.email, accessLevel: "user" });
    const early = await handover(projectId, owner.cookie);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe("The hand-over package is ready once the project is completed.");
    expect((await handover("00000000-0000-4000-8000-000000000000", owner.cookie)).statusCode).toBe(404);
    expect(
      (await decide(projectId, owner.cookie, { decision: "request_changes", comment: "Wider buttons, please." })).statusCode,
    ).toBe(201);
    expect((await decide(projectId, owner.cookie, { decision: "approve" })).statusCode).toBe(201);
    expect((await handover(projectId, user.cookie)).statusCode).toBe(403);
    // The client's developers can still be invited after completion, and read the completed project.
    const invited = await t.app.inject({
      method: "POST",
      url: `/api/projects/${projectId}/users`,
      payload: { email: "handover-dev@example.com", accessLevel: "view_only" },
      headers: { cookie: owner.cookie, ...json },
    });
    expect(invited.statusCode).toBe(201);
    const developer = await customer(t.app, "handover-dev@example.com");
    const seen = await t.app.inject({
      method: "GET",
      url: `/api/projects/${projectId}/versions`,
      headers: { cookie: developer.cookie },
    });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().total).toBe(2);

    for (const cookie of [owner.cookie, admin]) {
      const res = await handover(projectId, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/zip");
      const file = path.join(dir, `handover-${Math.random().toString(36).slice(2)}.zip`);
      writeFileSync(file, res.rawPayload);
      execFileSync("unzip", ["-t", file], { encoding: "utf8" });
      const listing = execFileSync("unzip", ["-Z1", file], { encoding: "utf8" }).split("\n").filter(Boolean);
      const root = listing[0]?.split("/")[0] ?? "";
      for (const name of listing) expect(name).toMatch(/^[A-Za-z0-9._/-]+$/);
      const read = (name: string) => execFileSync("unzip", ["-p", file, `${root}/${name}`], { maxBuffer: 50_000_000 });
      const index = read("index.md").toString("utf8");
      const rows = [...index.matchAll(/^\| ([^|]+) \| ([0-9a-f]{64}) \| /gm)].map((m) => ({ name: m[1] ?? "", sha: m[2] ?? "" }));
      expect(rows.map((r) => r.name).sort()).toEqual(
        listing
          .map((n) => n.slice(root.length + 1))
          .filter((n) => n !== "index.md")
          .sort(),
      );
      for (const row of rows) expect(sha256Hex(read(row.name))).toBe(row.sha);
      const names = rows.map((r) => r.name);
      expect(names).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/brief\.pdf$/),
          expect.stringMatching(/acceptance-certificate\.pdf$/),
          "versions/version-1-release-notes.md",
          "versions/version-2-release-notes.md",
          "feedback/feedback.csv",
        ]),
      );
      const certificateName = names.find((n) => n.endsWith("acceptance-certificate.pdf")) ?? "";
      expect(pdfsig(read(certificateName))).toMatch(/Signature Validation: Signature is Valid\./);
      expect(read("feedback/feedback.csv").toString("utf8")).toContain("Wider buttons, please.");
    }
  });
});
