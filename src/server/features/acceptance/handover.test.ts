// The hand-over package through the real app: the owner's NDA only for the owner and the company; the ZIP's files
// and index.md's SHA-256s (the stored files' by their content ids); one package in flight per user; the per-user
// allowance; the size cap refused before anything streams, with the summary saying so first.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Customer, createProjectWithStatus, customer } from "../../../../tests/factories";
import { PDF_BYTES, pngOfSize } from "../../../../tests/setup/images";
import { signNdaFor, submitProfile } from "../../../../tests/setup/onboarding";
import { createTestApp, signIn, type TestApp } from "../../../../tests/setup/test-app";
import { fileUrl, MAX_SCREENSHOT_BYTES } from "../../../shared/constants/files";
import { HANDOVER_DOWNLOADS, HANDOVER_MAX_BYTES, HANDOVER_MESSAGES } from "../../../shared/domain/handover";
import { feedback, projectMembers, projects, requirements } from "../../db/schema";
import { storeProjectFile } from "../files";

let t: TestApp;
let company: string;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "bp-handover-"));
  t = await createTestApp();
  company = await signIn(t.app, "admin@blueprint.local", "Ada Admin");
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const handover = (projectId: string, cookie: string) =>
  t.app.inject({ method: "GET", url: `/api/projects/${projectId}/handover`, headers: { cookie } });
const summary = (projectId: string, cookie: string) =>
  t.app.inject({ method: "GET", url: `/api/projects/${projectId}/handover/summary`, headers: { cookie } });

type Project = { owner: Customer; projectId: string };

/** A completed project whose owner signed the NDA, with a brief, a BRD and `screenshots` feedback items. */
async function completedProject(email: string, screenshots: Buffer[] = []): Promise<Project> {
  const owner = await customer(t.app, email, "Olive Owner");
  await submitProfile(t.app, owner.cookie);
  await signNdaFor(t.app, owner.cookie, email);
  const { id: projectId } = await createProjectWithStatus(t.app.ctx.db, { ownerId: owner.userId, status: "completed" });
  await t.app.ctx.db.insert(requirements).values({
    projectId,
    projectName: "Glacier",
    generatedBrief: "# Glacier\n\nBookings online in one minute.",
    briefConfirmed: true,
    briefConfirmedAt: new Date(),
  });
  const brd = await storeProjectFile(t.app.ctx, { projectId, kind: "brd", bytes: PDF_BYTES, createdBy: null });
  await t.app.ctx.db
    .update(projects)
    .set({ brdDocumentUrl: fileUrl(brd.fileId), brdDocumentName: "Glacier BRD.pdf" })
    .where(eq(projects.id, projectId));
  await addScreenshots(projectId, owner.userId, screenshots);
  return { owner, projectId };
}

/** Feedback items with these screenshots, as the feedback route stores them (one blob per distinct content). */
async function addScreenshots(projectId: string, authorId: string, images: Buffer[]) {
  const ids = new Map<Buffer, string>();
  for (const image of new Set(images)) {
    const file = await storeProjectFile(t.app.ctx, { projectId, kind: "feedback_screenshot", bytes: image, createdBy: authorId });
    ids.set(image, file.fileId);
  }
  if (images.length === 0) return;
  await t.app.ctx.db.insert(feedback).values(
    images.map((image, n) => ({
      projectId,
      authorId,
      feedbackType: "error" as const,
      issueFaced: `Item ${n + 1}: the Save button does nothing.`,
      changeDescription: "Saving should work every time.",
      screenshotFileId: ids.get(image) ?? null,
      createdAt: new Date(Date.now() - (images.length - n) * 1000),
    })),
  );
}

async function memberOf(projectId: string, email: string, accessLevel: "admin" | "user" = "admin") {
  await t.app.ctx.db.insert(projectMembers).values({ projectId, email, accessLevel });
  return signIn(t.app, email);
}

type Unzipped = { entries: string[]; index: string; rows: { name: string; sha: string }[]; read(name: string): Buffer };

/** The package as `unzip` reads it: its entries in order, index.md and its table, each file by its name. */
function unzipped(bytes: Buffer): Unzipped {
  const file = path.join(dir, `handover-${Math.random().toString(36).slice(2)}.zip`);
  writeFileSync(file, bytes);
  execFileSync("unzip", ["-tq", file], { encoding: "utf8" });
  const listing = execFileSync("unzip", ["-Z1", file], { encoding: "utf8" }).split("\n").filter(Boolean);
  const root = listing[0]?.split("/")[0] ?? "";
  const read = (name: string) => execFileSync("unzip", ["-p", file, `${root}/${name}`], { maxBuffer: 200_000_000 });
  const index = read("index.md").toString("utf8");
  const rows = [...index.matchAll(/^\| ([^|]+) \| ([0-9a-f]{64}) \| /gm)].map((m) => ({ name: m[1] ?? "", sha: m[2] ?? "" }));
  return { entries: listing.map((name) => name.slice(root.length + 1)), index, rows, read };
}

/** Every file of the package matches index.md's SHA-256, and index.md lists every file and comes first. */
function expectHonestIndex(zip: Unzipped) {
  expect(zip.entries[0]).toBe("index.md");
  expect(zip.rows.map((row) => row.name)).toEqual(zip.entries.slice(1));
  for (const row of zip.rows) expect(sha256(zip.read(row.name)), row.name).toBe(row.sha);
}

const NDA_FILE = /^03-.*-NDA-signed\.pdf$/;

describe("the owner's signed NDA in the hand-over package", () => {
  it("is in the owner's and the company's package, not in an Admin member's, whose index.md says it is with the owner", async () => {
    const { owner, projectId } = await completedProject("nda-owner@example.com");
    const member = await memberOf(projectId, "nda-admin-member@example.com");

    for (const cookie of [owner.cookie, company]) {
      const res = await handover(projectId, cookie);
      expect(res.statusCode).toBe(200);
      const zip = unzipped(res.rawPayload);
      expectHonestIndex(zip);
      const nda = zip.rows.find((row) => NDA_FILE.test(row.name));
      expect(nda).toBeDefined();
      expect(
        zip
          .read(nda?.name ?? "")
          .subarray(0, 5)
          .toString(),
      ).toBe("%PDF-");
      expect(zip.index).not.toContain(HANDOVER_MESSAGES.ndaWithOwner);
    }

    const res = await handover(projectId, member);
    expect(res.statusCode).toBe(200);
    const zip = unzipped(res.rawPayload);
    expectHonestIndex(zip);
    expect(zip.entries.filter((name) => /NDA/i.test(name))).toEqual([]);
    expect(zip.index).toContain(HANDOVER_MESSAGES.ndaWithOwner);
    // The rest of the package is the member's as it is the owner's.
    expect(zip.rows.map((row) => row.name)).toEqual(
      expect.arrayContaining([expect.stringMatching(/BRD\.pdf$/), expect.stringMatching(/brief\.pdf$/), "feedback/feedback.csv"]),
    );
  }, 120_000); // Builds and reads back whole packages (the NDA, BRD, brief and screenshots): minutes on a busy machine.
});

describe("the hand-over package's files", () => {
  it("holds every file with index.md first and its SHA-256s right, the screenshots byte for byte as stored", async () => {
    const shared = pngOfSize(300_000);
    const other = pngOfSize(70_000);
    const { owner, projectId } = await completedProject("files-owner@example.com", [shared, other, shared]);

    const res = await handover(projectId, owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    const zip = unzipped(res.rawPayload);
    expectHonestIndex(zip);
    expect(zip.read("feedback/screenshots/feedback-1.png").equals(shared)).toBe(true);
    expect(zip.read("feedback/screenshots/feedback-2.png").equals(other)).toBe(true);
    expect(zip.read("feedback/screenshots/feedback-3.png").equals(shared)).toBe(true);
    const brd = zip.rows.find((row) => /^01-.*-BRD\.pdf$/.test(row.name));
    expect(zip.read(brd?.name ?? "").equals(PDF_BYTES)).toBe(true);
    const csv = zip.read("feedback/feedback.csv").toString("utf8");
    expect(csv).toContain("feedback/screenshots/feedback-3.png");

    // The summary the download button reads first counts the same files and bytes.
    const answer = await summary(projectId, owner.cookie);
    expect(answer.statusCode).toBe(200);
    const bytes = zip.rows.reduce((sum, row) => sum + zip.read(row.name).length, 0);
    expect(answer.json()).toEqual({ files: zip.rows.length, bytes, maxBytes: HANDOVER_MAX_BYTES });
  });

  it("answers the summary as the download: 409 before completion, 403 to users", async () => {
    const { owner, projectId } = await completedProject("summary-owner@example.com");
    const user = await memberOf(projectId, "summary-user@example.com", "user");
    expect((await summary(projectId, user)).statusCode).toBe(403);
    expect((await handover(projectId, user)).statusCode).toBe(403);
    await t.app.ctx.db.update(projects).set({ status: "testing" }).where(eq(projects.id, projectId));
    for (const res of [await summary(projectId, owner.cookie), await handover(projectId, owner.cookie)]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(HANDOVER_MESSAGES.notReady);
    }
  });
});

// Each case stores and moves 5 MB screenshots: under a busy CI machine they take longer than the default 30 s.
describe("the hand-over package's bounds", { timeout: 120_000 }, () => {
  it("refuses a package over the size cap before streaming (409 with its size), in the summary and the download", async () => {
    const image = pngOfSize(MAX_SCREENSHOT_BYTES);
    // One 5 MB image sent again and again: stored once, but copied into the package for every item.
    const times = Math.floor(HANDOVER_MAX_BYTES / image.length) + 1;
    const { owner, projectId } = await completedProject("cap-owner@example.com", Array(times).fill(image));
    const memoryBefore = process.memoryUsage().rss;

    for (const res of [await summary(projectId, owner.cookie), await handover(projectId, owner.cookie)]) {
      expect(res.statusCode).toBe(409);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(res.json()).toMatchObject({ code: "CONFLICT" });
      expect(res.json().message).toMatch(/^This hand-over package holds 1\.0 GB of files, more than the 1\.0 GB one download/);
    }
    // Refused from the files' sizes, not by reading them.
    expect(process.memoryUsage().rss - memoryBefore).toBeLessThan(200 * 1024 * 1024);
  });

  it("refuses a second download by the same user while the first is in flight, and takes it once that one ends", async () => {
    const image = pngOfSize(MAX_SCREENSHOT_BYTES);
    const { owner, projectId } = await completedProject("inflight-owner@example.com", Array(4).fill(image));
    const member = await memberOf(projectId, "inflight-member@example.com");
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });

    // The first download: its headers are in, and it is not read on (a slow connection).
    const first = await new Promise<{ status: number; request: http.ClientRequest; closed: Promise<void> }>((resolve, reject) => {
      const request = http.get(`${address}/api/projects/${projectId}/handover`, { headers: { cookie: owner.cookie } }, (res) => {
        res.pause();
        resolve({ status: res.statusCode ?? 0, request, closed: new Promise((done) => res.once("close", () => done())) });
      });
      request.once("error", reject);
    });
    expect(first.status).toBe(200);

    const second = await handover(projectId, owner.cookie);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: "CONFLICT", message: HANDOVER_MESSAGES.inFlight });
    // Another person's download is theirs.
    expect((await handover(projectId, member)).statusCode).toBe(200);

    first.request.destroy();
    await first.closed;
    await expect.poll(async () => (await handover(projectId, owner.cookie)).statusCode, { timeout: 5000 }).toBe(200);
  });

  it(`allows ${HANDOVER_DOWNLOADS.max} packages an hour per user, then 429 with Retry-After`, async () => {
    const { owner, projectId } = await completedProject("allowance-owner@example.com");
    for (let n = 0; n < HANDOVER_DOWNLOADS.max; n++) expect((await handover(projectId, owner.cookie)).statusCode).toBe(200);
    const refused = await handover(projectId, owner.cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: "RATE_LIMITED", message: HANDOVER_MESSAGES.throttled });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // The summary is not a download: it still answers.
    expect((await summary(projectId, owner.cookie)).statusCode).toBe(200);
    // The company's own allowance is apart from the owner's.
    expect((await handover(projectId, company)).statusCode).toBe(200);
  });
});
