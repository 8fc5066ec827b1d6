// Every path parameter of every documented route, replaced with malformed values, as a customer and as an admin:
// the id never reaches SQL as garbage, so the answer is a 4xx in the JSON error shape (404 for an id, a visitor's
// 401 first), never a 5xx.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectErrorShape, httpRequest } from "../setup/http";
import { startWorld, type World } from "./fixture";

let w: World;
beforeAll(async () => {
  w = await startWorld();
});
afterAll(async () => {
  await w?.close();
});

const MALFORMED = ["not-a-uuid", "0", "%00", "'", "%27%20OR%201%3D1--", "x".repeat(300)];
const METHODS = ["get", "post", "put", "patch", "delete"];

type Route = { method: string; path: string; params: string[] };

function documentedRoutesWithParams(): Route[] {
  const doc = w.server.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths).flatMap(([path, methods]) => {
    const params = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? "");
    if (params.length === 0) return [];
    return Object.keys(methods)
      .filter((method) => METHODS.includes(method))
      .map((method) => ({ method: method.toUpperCase(), path, params }));
  });
}

/** The path with one parameter malformed and the others real (so the malformed one is what gets checked). */
function withMalformed(route: Route, param: string, value: string, real: Record<string, string>): string {
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => (name === param ? value : (real[name] ?? value)));
}

describe("malformed path parameters on every documented route", () => {
  it("the regression from the report: a malformed project id on the audit log is a 404, not a 500", async () => {
    for (const id of ["not-a-uuid", "0", "%00", "'"]) {
      const res = await httpRequest(w.url, { path: `/api/company/projects/${id}/audit`, cookie: w.admin.cookie });
      expectErrorShape(res, 404, "NOT_FOUND");
    }
  });

  for (const who of ["visitor", "customer", "admin"] as const) {
    it(`as a ${who}: no 5xx for any malformed value in any parameter`, async () => {
      const cookie = { visitor: undefined, customer: w.alice.cookie, admin: w.admin.cookie }[who];
      const real: Record<string, string> = { id: w.alice.projectId, profileId: w.alice.profileId };
      const routes = documentedRoutesWithParams();
      expect(routes.length).toBeGreaterThan(15);
      const failures: string[] = [];
      for (const route of routes) {
        for (const param of route.params) {
          for (const value of MALFORMED) {
            const path = withMalformed(route, param, value, real);
            const res = await httpRequest(w.url, {
              method: route.method,
              path,
              cookie,
              body: route.method === "GET" || route.method === "DELETE" ? undefined : {},
            });
            if (res.status >= 500)
              failures.push(`${route.method} ${route.path} {${param}}=${value.slice(0, 20)} → ${res.status}`);
            else if (res.headers["content-type"]?.includes("json") && res.status >= 400) expectErrorShape(res, res.status);
          }
        }
      }
      expect(failures).toEqual([]);
    });
  }
});
