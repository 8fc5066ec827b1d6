// The one paged shape (docs/decisions/0033-one-paged-shape.md) through the real routes: every list answers
// { items, page, pageSize, total } for page and pageSize, and every query string refuses a parameter it does not name.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customer, newProject } from "../../../tests/factories";
import { createTestApp, signIn, type TestApp } from "../../../tests/setup/test-app";
import { MAX_PAGE_SIZE } from "../../shared/schemas/paging";
import { PROJECTS_PAGE_SIZE } from "../../shared/schemas/project";
import { projects } from "../db/schema";

let t: TestApp;
let owner: { cookie: string; userId: string };
let admin: string;
let projectIds: string[];
beforeAll(async () => {
  t = await createTestApp();
  owner = await customer(t.app, "pages-owner@example.com", "Paige Owner");
  projectIds = [];
  for (let i = 0; i < 3; i++) projectIds.push((await newProject(t.app, owner)).id);
  admin = await signIn(t.app, "admin@blueprint.local", "Ada Admin");
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, cookie: string) => t.app.inject({ method: "GET", url, headers: { cookie } });

/** The customer's lists and the company's, with the page size each answers by default. */
function lists(): Array<{ url: string; as: () => string }> {
  const [projectId] = projectIds;
  const mine = () => owner.cookie;
  const company = () => admin;
  return [
    { url: "/api/projects", as: mine },
    { url: "/api/notifications", as: mine },
    { url: "/api/dashboard/activity", as: mine },
    { url: `/api/projects/${projectId}/feedback`, as: mine },
    { url: `/api/projects/${projectId}/communications`, as: mine },
    { url: `/api/projects/${projectId}/meeting-requests`, as: mine },
    { url: `/api/projects/${projectId}/versions`, as: mine },
    { url: `/api/projects/${projectId}/updates`, as: mine },
    { url: "/api/projects", as: company },
    { url: "/api/notifications", as: company },
    { url: "/api/company/projects", as: company },
    { url: "/api/company/user-activity", as: company },
    { url: "/api/company/pending-ndas", as: company },
    { url: "/api/company/feedback", as: company },
    { url: "/api/company/meeting-requests", as: company },
    { url: "/api/company/communications", as: company },
    { url: "/api/company/inquiries", as: company },
    { url: "/api/company/audit", as: company },
  ];
}

describe("the one paged shape", () => {
  it("answers every list with items, page, pageSize and total, and the page asked for", async () => {
    for (const { url, as } of lists()) {
      const first = await get(url, as());
      expect(first.statusCode, `${url}: ${first.body}`).toBe(200);
      const body = first.json();
      expect(body, url).toMatchObject({
        items: expect.any(Array),
        page: 1,
        pageSize: expect.any(Number),
        total: expect.any(Number),
      });
      expect(body.items.length, url).toBeLessThanOrEqual(body.pageSize);
      const second = (await get(`${url}?page=2&pageSize=1`, as())).json();
      expect(second, url).toMatchObject({ page: 2, pageSize: 1, total: body.total });
      expect(second.items, url).toHaveLength(body.total >= 2 ? 1 : 0);
    }
  });

  it("pages a customer's projects, the first of page 1 being the current one (the spec's GET /api/projects)", async () => {
    const whole = (await get("/api/projects", owner.cookie)).json();
    expect(whole).toMatchObject({ page: 1, pageSize: PROJECTS_PAGE_SIZE, total: 3 });
    expect(whole.items.map((p: { id: string }) => p.id)).toEqual(projectIds);
    const pages = await Promise.all(
      [1, 2].map(async (page) => (await get(`/api/projects?page=${page}&pageSize=2`, owner.cookie)).json()),
    );
    expect(pages.map((reply) => reply.items.map((p: { id: string }) => p.id))).toEqual([
      projectIds.slice(0, 2),
      projectIds.slice(2),
    ]);
    expect(pages.map(({ total }) => total)).toEqual([3, 3]);
  });

  it("pages every project for a company admin, newest first, past the 500 the list used to be cut at", async () => {
    await t.app.ctx.db.insert(projects).values(
      Array.from({ length: 520 }, (_, index) => ({
        userId: owner.userId,
        projectCode: `PRJ-1999-${String(index + 1).padStart(4, "0")}`,
        createdAt: new Date(Date.UTC(2020, 0, 1, 0, 0, index)),
      })),
    );
    await t.app.changeFeed.caughtUp();
    const first = (await get("/api/projects", admin)).json();
    expect(first.total).toBe(523);
    expect(first.items.slice(0, 3).map((p: { id: string }) => p.id)).toEqual([...projectIds].reverse());
    const last = (await get(`/api/projects?page=6&pageSize=${MAX_PAGE_SIZE}`, admin)).json();
    expect(last).toMatchObject({ page: 6, pageSize: 100, total: 523 });
    expect(last.items).toHaveLength(23);
    expect(last.items.slice(-3).map((p: { projectCode: string }) => p.projectCode)).toEqual([
      "PRJ-1999-0003",
      "PRJ-1999-0002",
      "PRJ-1999-0001",
    ]);
    expect((await get("/api/projects?pageSize=101", admin)).statusCode).toBe(400);
  });
});

describe("query strings", () => {
  it("refuse an unknown parameter on every list, naming it, in the error shape", async () => {
    for (const { url, as } of lists()) {
      for (const parameter of ["limit", "cursor", "q"]) {
        const res = await get(`${url}?${parameter}=5`, as());
        expect(res.statusCode, `${url}?${parameter}`).toBe(400);
        expect(res.json(), url).toMatchObject({
          code: "VALIDATION_FAILED",
          message: `Unknown query parameter: ${parameter}`,
          fields: { [parameter]: `Unknown query parameter: ${parameter}` },
          requestId: expect.any(String),
        });
      }
    }
  });

  it("refuse an unknown parameter beside known ones, and on routes that are not lists", async () => {
    const [projectId] = projectIds;
    for (const url of [
      "/api/projects?page=1&pageSize=10&sort=name",
      "/api/meeting-requests/stats?projectId=x&scope=all",
      `/api/projects/${projectId}/prototype/frame-check?fresh=true&force=1`,
    ]) {
      const res = await get(url, owner.cookie);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code, url).toBe("VALIDATION_FAILED");
    }
    const csv = await get("/api/company/projects.csv?status=testing&page=2", admin);
    expect(csv.json()).toMatchObject({ fields: { page: "Unknown query parameter: page" } });
  });
});
