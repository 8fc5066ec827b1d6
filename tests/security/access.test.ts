// Cross-customer access over HTTP: another customer's project, member, NDA or notification answers exactly like one
// that does not exist (404), visitors get 401, customers get 403 on company routes, and none of it changes a row.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema";
import { createUser, signedInUser } from "../factories";
import { expectErrorShape, type HttpRequestOptions } from "../setup/http";
import { startWorld, type World } from "./fixture";

let w: World;
beforeAll(async () => {
  w = await startWorld();
});
afterAll(async () => {
  await w?.close();
});

type RouteCase = { name: string; request: (ids: { project: string; member: string; profile: string }) => HttpRequestOptions };

/** Every route that names one customer's object, with a body the route accepts. */
const OBJECT_ROUTES: RouteCase[] = [
  { name: "GET requirements", request: (ids) => ({ path: `/api/projects/${ids.project}/requirements` }) },
  {
    name: "POST requirements",
    request: (ids) => ({
      method: "POST",
      path: `/api/projects/${ids.project}/requirements`,
      body: { problemStatement: "Overwritten by an intruder", requirementsStatus: "draft" },
    }),
  },
  {
    name: "POST requirements/generate",
    request: (ids) => ({
      method: "POST",
      path: `/api/projects/${ids.project}/requirements/generate`,
      body: { generator: "builtin" },
    }),
  },
  { name: "GET brief.pdf", request: (ids) => ({ path: `/api/projects/${ids.project}/brief.pdf` }) },
  { name: "GET invoices", request: (ids) => ({ path: `/api/projects/${ids.project}/invoices` }) },
  {
    name: "GET invoice pdf",
    request: (ids) => ({ path: `/api/projects/${ids.project}/invoices/00000000-0000-4000-8000-000000000000/pdf` }),
  },
  { name: "GET updates", request: (ids) => ({ path: `/api/projects/${ids.project}/updates` }) },
  { name: "GET users", request: (ids) => ({ path: `/api/projects/${ids.project}/users` }) },
  {
    name: "POST users",
    request: (ids) => ({
      method: "POST",
      path: `/api/projects/${ids.project}/users`,
      body: { email: "intruder@evil.example", accessLevel: "admin" },
    }),
  },
  {
    name: "DELETE users/:userId",
    request: (ids) => ({ method: "DELETE", path: `/api/projects/${ids.project}/users/${ids.member}` }),
  },
  { name: "GET nda/download/:profileId", request: (ids) => ({ path: `/api/nda/download/${ids.profile}` }) },
];

const aliceIds = () => ({ project: w.alice.projectId, member: w.carol.memberId, profile: w.alice.profileId });
const unknownIds = () => ({ project: randomUUID(), member: randomUUID(), profile: randomUUID() });

describe("another customer's objects", () => {
  it.each(OBJECT_ROUTES)("$name on Alice's object answers Bob 404, like an id that does not exist", async ({ request }) => {
    const theirs = await w.attack({ ...request(aliceIds()), cookie: w.bob.cookie });
    expectErrorShape(theirs, 404, "NOT_FOUND");
    const nobodys = await w.send({ ...request(unknownIds()), cookie: w.bob.cookie });
    expect(theirs.json().message).toBe(nobodys.json().message);
    expect(theirs.text).not.toContain(w.alice.email);
  });

  it.each(OBJECT_ROUTES)("$name answers a visitor 401", async ({ request }) => {
    expectErrorShape(await w.attack(request(aliceIds())), 401, "UNAUTHENTICATED");
  });

  it("a notification of Carol's cannot be marked read by Bob (nothing updated, same answer as an unknown id)", async () => {
    const path = `/api/notifications/${w.carol.notificationId}/read`;
    const theirs = await w.attack({ method: "POST", path, cookie: w.bob.cookie });
    const nobodys = await w.send({ method: "POST", path: `/api/notifications/${randomUUID()}/read`, cookie: w.bob.cookie });
    expect(theirs.status).toBe(nobodys.status);
    expect(theirs.json()).toEqual(nobodys.json());
    expect(theirs.json().updated).toBe(0);
  });

  it("Bob's project list and activity never show Alice's project", async () => {
    const list = await w.send({ path: "/api/projects", cookie: w.bob.cookie });
    expect(list.json().items.map((p: { id: string }) => p.id)).not.toContain(w.alice.projectId);
    const activity = await w.send({ path: "/api/dashboard/activity?pageSize=100", cookie: w.bob.cookie });
    expect(activity.text).not.toContain(w.alice.projectId);
    expect(activity.text).not.toContain("Alice");
  });
});

describe("another customer's General support thread", () => {
  let threadId: string;
  beforeAll(async () => {
    const started = await w.send({
      method: "POST",
      path: "/api/projects/general/communications",
      cookie: w.alice.cookie,
      body: { type: "message", subject: "Private to Alice", content: "Only the company may read this." },
    });
    expect(started.status).toBe(201);
    threadId = started.json().id;
  });

  const routes = (id: string): HttpRequestOptions[] => [
    { path: `/api/projects/general/communications/${id}/replies` },
    { method: "POST", path: `/api/projects/general/communications/${id}/replies`, body: { content: "Intruding" } },
    { method: "POST", path: `/api/projects/general/communications/${id}/read` },
  ];

  it("answers Bob (another customer) and Carol (a member of Alice's project) 404, like an unknown thread, changing nothing", async () => {
    for (const intruder of [w.bob, w.carol]) {
      const list = await w.send({ path: "/api/projects/general/communications", cookie: intruder.cookie });
      expect(list.text).not.toContain("Private to Alice");
      for (const [i, request] of routes(threadId).entries()) {
        const theirs = await w.attack({ ...request, cookie: intruder.cookie });
        expectErrorShape(theirs, 404, "NOT_FOUND");
        const nobodys = await w.send({ ...(routes(randomUUID())[i] as HttpRequestOptions), cookie: intruder.cookie });
        expect(theirs.json().message).toBe(nobodys.json().message);
      }
    }
  });

  it("answers a visitor 401", async () => {
    for (const request of routes(threadId)) expectErrorShape(await w.attack(request), 401, "UNAUTHENTICATED");
  });
});

describe("a view-only member", () => {
  it.each(OBJECT_ROUTES.filter((route) => route.request(unknownIds()).method))(
    "$name is refused to Carol (view only) with 403",
    async ({ request }) => {
      expectErrorShape(await w.attack({ ...request(aliceIds()), cookie: w.carol.cookie }), 403, "FORBIDDEN");
    },
  );
});

const COMPANY_ROUTES: Array<{ name: string; request: () => HttpRequestOptions }> = [
  { name: "GET /api/company/pending-ndas", request: () => ({ path: "/api/company/pending-ndas" }) },
  { name: "GET /api/company/communications", request: () => ({ path: "/api/company/communications?show=waiting" }) },
  {
    name: "GET /api/company/communications/:communicationId",
    request: () => ({ path: `/api/company/communications/${randomUUID()}` }),
  },
  { name: "GET /api/company/service-levels", request: () => ({ path: "/api/company/service-levels" }) },
  {
    name: "POST /api/company/projects/:id/updates",
    request: () => ({
      method: "POST",
      path: `/api/company/projects/${w.alice.projectId}/updates`,
      body: { summary: "Posted by a customer", health: "on_track" },
    }),
  },
  {
    name: "POST /api/nda/send-company-otp",
    request: () => ({ method: "POST", path: "/api/nda/send-company-otp", body: { profileId: w.alice.profileId } }),
  },
  {
    name: "POST /api/company/nda/approve",
    request: () => ({ method: "POST", path: "/api/company/nda/approve", body: { profileId: w.alice.profileId, otp: "123456" } }),
  },
  {
    name: "POST /api/nda/verify-company-otp",
    request: () => ({
      method: "POST",
      path: "/api/nda/verify-company-otp",
      body: { profileId: w.alice.profileId, companyOtp: "123456" },
    }),
  },
];

describe("company routes", () => {
  it.each(COMPANY_ROUTES)("$name answers a customer 403", async ({ request }) => {
    expectErrorShape(await w.attack({ ...request(), cookie: w.alice.cookie }), 403, "FORBIDDEN");
  });

  it.each(COMPANY_ROUTES)("$name answers a visitor 401", async ({ request }) => {
    expectErrorShape(await w.attack(request()), 401, "UNAUTHENTICATED");
  });
});

/** Routes a visitor may call (sign-in, public pages, the document check). */
const PUBLIC_API = new Set([
  "POST /api/auth/request-code",
  "POST /api/auth/verify-code",
  "POST /api/auth/logout",
  "GET /api/logout",
  "GET /api/login",
  "POST /api/contact",
  "POST /api/verify-document",
  "GET /api/session",
  // The price list the public site shows (decision 0035).
  "GET /api/plans",
]);

type OpenApiPaths = Record<string, Record<string, unknown>>;

async function documentedRoutes(): Promise<Array<{ method: string; path: string }>> {
  const doc = await w.server.app.inject({ method: "GET", url: "/api/docs/json" });
  const paths = doc.json().paths as OpenApiPaths;
  return Object.entries(paths).flatMap(([path, methods]) =>
    Object.keys(methods)
      .filter((method) => ["get", "post", "put", "patch", "delete"].includes(method))
      .map((method) => ({ method: method.toUpperCase(), path })),
  );
}

const fill = (path: string, ids: Record<string, string>) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? randomUUID());

describe("every documented API route (including ones added later)", () => {
  it("refuses visitors on every non-public route and never answers them 2xx or 5xx", async () => {
    const routes = (await documentedRoutes()).filter(
      (r) => r.path.startsWith("/api/") && !PUBLIC_API.has(`${r.method} ${r.path}`),
    );
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      const res = await w.attack({
        method: route.method,
        path: fill(route.path, {}),
        body: route.method === "GET" ? undefined : {},
      });
      // A route that validates its body before its guard may answer 400 first; either way nothing is given away.
      expect([400, 401], `${route.method} ${route.path} answered ${res.status}`).toContain(res.status);
      if (route.method === "GET") expect(res.status, `${route.method} ${route.path}`).toBe(401);
    }
  });

  it("answers Bob the same for Alice's ids as for ids that do not exist, on every route with an id", async () => {
    const routes = (await documentedRoutes()).filter((r) => /\{\w+\}/.test(r.path));
    expect(routes.length).toBeGreaterThanOrEqual(8);
    for (const route of routes) {
      const body = route.method === "GET" ? undefined : {};
      const hers = fill(route.path, { id: w.alice.projectId, profileId: w.alice.profileId, userId: w.carol.memberId });
      const theirs = await w.attack({ method: route.method, path: hers, body, cookie: w.bob.cookie });
      const nobodys = await w.send({ method: route.method, path: fill(route.path, {}), body, cookie: w.bob.cookie });
      expect(theirs.status, `${route.method} ${route.path}`).toBe(nobodys.status);
      expect(theirs.json().code, `${route.method} ${route.path}`).toBe(nobodys.json().code);
      expect(theirs.status, `${route.method} ${route.path}`).toBeLessThan(500);
    }
  });
});

/**
 * What a manager may not reach (issue 44 §1; shared/domain/staff-roles.ts): the team, NDA approval, the company's legal
 * settings' save and webhooks. Every other company route lets them through its guard. (Last in the file: a manager's
 * empty-bodied writes run against the same world.)
 */
const MANAGER_REFUSED = (route: { method: string; path: string }) =>
  route.path.startsWith("/api/company/staff") ||
  route.path.startsWith("/api/company/webhooks") ||
  (route.method === "PUT" && route.path === "/api/company/settings/legal") ||
  ["/api/company/nda/approve", "/api/nda/send-company-otp", "/api/nda/verify-company-otp"].includes(route.path);

describe("a manager on every documented company route", () => {
  it("is refused (403) the team, NDA approval, the legal settings' save and webhooks, and let through the rest", async () => {
    const user = await createUser(w.server.app.ctx.db, {
      email: "mo.manager@blueprint.local",
      name: "Mo Manager",
      role: "company",
    });
    await w.server.app.ctx.db.update(users).set({ staffRole: "manager" }).where(eq(users.id, user.id));
    const manager = await signedInUser(w.server.app, { ...user, staffRole: "manager" as const });
    const routes = (await documentedRoutes()).filter((r) => r.path.startsWith("/api/company/") || MANAGER_REFUSED(r));
    expect(routes.filter(MANAGER_REFUSED).length).toBeGreaterThanOrEqual(9);
    for (const route of routes) {
      const res = await w.send({
        method: route.method,
        path: fill(route.path, {}),
        body: route.method === "GET" ? undefined : {},
        cookie: manager.cookie,
      });
      const name = `${route.method} ${route.path} answered ${res.status}`;
      if (MANAGER_REFUSED(route)) expectErrorShape(res, 403, "FORBIDDEN");
      else expect([401, 403], name).not.toContain(res.status);
      expect(res.status, name).toBeLessThan(500);
    }
  });
});
