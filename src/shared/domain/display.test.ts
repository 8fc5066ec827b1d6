import { describe, expect, it } from "vitest";
import { displayCompany, displayName } from "./display";
import { prototypeReadyForTeam } from "./project-rules";

describe("names in the shell", () => {
  it.each([
    [{ fullName: "Ada Lovelace" }, { firstName: "Ada", lastName: "L" }, "Ada Lovelace"],
    [{ fullName: "  " }, { firstName: "Ada", lastName: "Byron" }, "Ada Byron"],
    [null, { firstName: "Ada", lastName: null }, "Ada"],
    [null, { firstName: null, lastName: null }, "User"],
    [undefined, undefined, "User"],
  ])("profile %j and user %j read as %s", (profile, user, expected) => {
    expect(displayName(profile, user)).toBe(expected);
  });

  it("falls back to 'Customer' when the profile names no company", () => {
    expect(displayCompany({ company: "Acme" })).toBe("Acme");
    expect(displayCompany({ company: "" })).toBe("Customer");
    expect(displayCompany(null)).toBe("Customer");
  });
});

describe("User Management opens", () => {
  it.each([
    [{ prototypeUrl: "https://p.example", status: "testing" }, true],
    [{ prototypeUrl: "https://p.example", status: "development" }, false],
    [{ prototypeUrl: null, status: "testing" }, false],
    [null, false],
  ])("for %j: %s", (project, expected) => {
    expect(prototypeReadyForTeam(project)).toBe(expected);
  });
});
