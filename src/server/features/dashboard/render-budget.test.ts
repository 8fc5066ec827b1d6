// Issue 26, item 6: GET /api/projects/{id}/documents rendered the brief and the NDA with no throttle (15 fresh
// 50,000-character renders in a row) and the data export rendered every brief uncapped. Every PDF goes through one
// render guard and cache (documents/render-guard.ts) with a budget of fresh renders per user: past it the list
// still answers (without the size it cannot know), the download answers 429 with Retry-After, and the export
// lists the PDFs it left out instead of rendering them.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Customer, createCompletedProfile, customer, GOOD_ANSWERS, json, newProject } from "../../../../tests/factories";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app";
import { rateLimitHits } from "../../db/schema";
import { FRESH_RENDERS_PER_USER, RENDER_BUDGET_MESSAGE } from "../../documents/render-guard";

let t: TestApp;
let workDir: string;
beforeAll(async () => {
  t = await createTestApp();
  workDir = mkdtempSync(join(tmpdir(), "bp-render-budget-"));
});
afterAll(async () => {
  await t.close();
  rmSync(workDir, { recursive: true, force: true });
});

const get = (url: string, cookie: string) => t.app.inject({ method: "GET", url, headers: { cookie } });
/**
 * Saves a brief with the requirements save allowance (20 a minute) fresh each time: this file counts renders, and
 * makes more saves in a minute than a person would.
 */
async function saveBrief(url: string, cookie: string, generatedBrief: string) {
  await t.app.ctx.db.delete(rateLimitHits).where(like(rateLimitHits.bucket, "customer-requirements-%"));
  return post(url, cookie, { generatedBrief });
}

const post = (url: string, cookie: string, payload: object) =>
  t.app.inject({ method: "POST", url, payload, headers: { cookie, ...json } });

async function projectWithBrief(who: Customer) {
  const project = await newProject(t.app, who);
  const requirements = `/api/projects/${project.id}/requirements`;
  expect((await post(requirements, who.cookie, GOOD_ANSWERS)).statusCode).toBe(200);
  expect((await post(`${requirements}/generate`, who.cookie, {})).statusCode).toBe(200);
  return { ...project, requirements };
}

type Listed = { kind: string; size: number | null };

describe("one render guard and budget for every PDF", () => {
  it("the documents list stops rendering fresh briefs past the budget; the download says 429 with Retry-After", async () => {
    const ann = await customer(t.app, "render-budget@example.com");
    await createCompletedProfile(t.app.ctx.db, { userId: ann.userId });
    const project = await projectWithBrief(ann);
    const sizes: (number | null)[] = [];
    for (let n = 0; n < FRESH_RENDERS_PER_USER.max + 3; n++) {
      const edited = await saveBrief(project.requirements, ann.cookie, `# Brief ${n}\n\n${"Words. ".repeat(200)}`);
      expect(edited.statusCode, edited.body).toBe(200);
      const list = await get(`/api/projects/${project.id}/documents`, ann.cookie);
      expect(list.statusCode, list.body).toBe(200);
      sizes.push((list.json() as Listed[]).find((d) => d.kind === "brief")?.size ?? null);
    }
    expect(sizes.slice(0, 3).every((size) => typeof size === "number" && size > 0)).toBe(true);
    expect(sizes.at(-1)).toBeNull();
    const rendered = sizes.filter((size) => size !== null).length;
    expect(rendered).toBeLessThanOrEqual(FRESH_RENDERS_PER_USER.max);

    const download = await get(`/api/projects/${project.id}/brief.pdf`, ann.cookie);
    expect(download.statusCode).toBe(429);
    expect(Number(download.headers["retry-after"])).toBeGreaterThan(0);
    expect(download.json()).toMatchObject({ code: "RATE_LIMITED", message: RENDER_BUDGET_MESSAGE });
  });

  it("the export renders briefs within the same budget and lists the ones it left out", async () => {
    const bo = await customer(t.app, "render-budget-export@example.com");
    await createCompletedProfile(t.app.ctx.db, { userId: bo.userId });
    const first = await projectWithBrief(bo);
    // Spend the budget on fresh renders of the first project's brief.
    for (let n = 0; n < FRESH_RENDERS_PER_USER.max; n++) {
      await saveBrief(first.requirements, bo.cookie, `# Draft ${n}\n\nText.`);
      await get(`/api/projects/${first.id}/brief.pdf`, bo.cookie);
    }
    await saveBrief(first.requirements, bo.cookie, "# Final\n\nOur own words.");
    const res = await get("/api/me/export", bo.cookie);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const file = join(workDir, "export.zip");
    writeFileSync(file, res.rawPayload);
    expect(execFileSync("unzip", ["-t", file], { encoding: "utf8" })).toContain("No errors detected");
    const names = execFileSync("unzip", ["-Z1", file], { encoding: "utf8" }).split("\n");
    expect(names.some((name) => name.endsWith("-brief-draft.pdf"))).toBe(false);
    expect(names).toContain("documents/NOT-INCLUDED.txt");
    expect(execFileSync("unzip", ["-p", file, "documents/NOT-INCLUDED.txt"], { encoding: "utf8" })).toContain(
      `the brief of ${first.projectCode}`,
    );
    expect(execFileSync("unzip", ["-p", file, "briefs.json"], { encoding: "utf8" })).toContain("Our own words.");
  });
});
