import { describe, expect, it } from "vitest";
import { ROUTES } from "./routes";
import { needsSignIn } from "./sign-in-gate";

describe("needsSignIn", () => {
  it.each([
    ["/dashboard", true],
    ["/communications", true],
    ["/testing-feedback", true],
    ["/meeting-requests", true],
    ["/onboarding", true],
    ["/profile", true],
    ["/user-management", true],
    ["/requirements", true],
    ["/company-dashboard", true],
    ["/company", true],
    ["/dashboard/", true],
    // The landing, the public pages and the sign-in screens are a visitor's own pages.
    ["/", false],
    ["/pricing", false],
    ["/auth", false],
    ["/admin", false],
    ["/verify", false],
    ["/no-such-page", false],
    ["/api/projects", false],
  ] as const)("%s → %s", (path, expected) => {
    expect(needsSignIn(path)).toBe(expected);
  });

  it("covers every signed-in screen of the route table but / and /admin", () => {
    const framed = ROUTES.filter((route) => route.shell).map((route) => route.path);
    for (const path of framed) expect(needsSignIn(path), path).toBe(path !== "/" && path !== "/admin");
  });
});
