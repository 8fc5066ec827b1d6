import { describe, expect, it } from "vitest";
import { type Audience, audienceOf, isKnownPath, isProjectScoped, navFor, ROUTES, routesFor } from "./routes";

const pagesAt = (audience: Audience) => Object.fromEntries(routesFor(audience).map((route) => [route.path, route.page]));

describe("the route table", () => {
  it.each<Audience>(["visitor", "customer", "company", "none"])("gives %s at most one screen per path", (audience) => {
    const paths = routesFor(audience).map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it.each([
    ["visitor", "/", "home"],
    ["customer", "/", "dashboard"],
    ["company", "/", "admin"],
    ["none", "/", "notFound"],
    ["visitor", "/admin", "signIn"],
    ["company", "/admin", "admin"],
    ["customer", "/auth", "backHome"],
    ["customer", "/dashboard", "dashboard"],
    ["company", "/company-dashboard", "admin"],
    ["customer", "/company-dashboard", "accessDenied"],
    ["customer", "/company", "accessDenied"],
    ["customer", "/admin", "accessDenied"],
    ["none", "/admin", "accessDenied"],
  ] as const)("sends %s at %s to %s", (audience, path, page) => {
    expect(pagesAt(audience)[path]).toBe(page);
  });

  it("keeps the information pages readable when signed in, and /verify for everyone", () => {
    for (const audience of ["customer", "company"] as const) expect(pagesAt(audience)["/pricing"]).toBe("pricing");
    expect(pagesAt("none")).toEqual({
      "/": "notFound",
      "/verify": "verify",
      "/company-dashboard": "accessDenied",
      "/company": "accessDenied",
      "/admin": "accessDenied",
    });
  });

  it("frames every signed-in screen with the shell and no public one", () => {
    for (const route of ROUTES) {
      if (route.nav) expect(route.shell).toBe(true);
      if (route.audiences.includes("visitor")) expect(route.shell).toBeFalsy();
    }
  });

  it("lists the sidebar in the table's order, with User Management waiting for the prototype", () => {
    expect(navFor("company").map((route) => route.nav.label)).toEqual(["Company Dashboard", "Customer View"]);
    const customer = navFor("customer");
    expect(customer.map((route) => route.path)).toEqual([
      "/",
      "/onboarding",
      "/requirements",
      "/user-management",
      "/testing-feedback",
      "/communications",
      "/meeting-requests",
    ]);
    expect(customer.filter((route) => route.nav.needsPrototype).map((route) => route.path)).toEqual(["/user-management"]);
  });

  it.each<[Audience, string, boolean]>([
    ["customer", "/", true],
    ["customer", "/dashboard", true],
    ["customer", "/requirements", true],
    ["customer", "/user-management", true],
    ["customer", "/testing-feedback", true],
    ["customer", "/communications/", true],
    ["customer", "/meeting-requests", true],
    ["customer", "/profile", false],
    ["customer", "/onboarding", false],
    ["customer", "/pricing", false],
    ["company", "/", false],
    ["company", "/admin", false],
    ["visitor", "/communications", false],
  ])("for %s, %s shows one project: %s", (audience, path, expected) => {
    expect(isProjectScoped(audience, path)).toBe(expected);
  });

  it("reads the audience from the user's role", () => {
    expect(audienceOf(null)).toBe("visitor");
    expect(audienceOf({ role: "customer" })).toBe("customer");
    expect(audienceOf({ role: "company" })).toBe("company");
    expect(audienceOf({ role: "auditor" })).toBe("none");
  });

  it.each([
    ["/", true],
    ["/company-dashboard", true],
    ["/requirements/", true],
    ["/verify", true],
    ["/settings", false],
    ["/api/projects", false],
  ])("knows whether %s is a screen: %s", (path, known) => {
    expect(isKnownPath(path)).toBe(known);
  });
});
