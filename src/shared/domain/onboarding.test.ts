import { describe, expect, it } from "vitest";
import {
  canSendNdaCode,
  canVerifyNdaCode,
  initialOnboardingTab,
  isTabLocked,
  ownOnboardingProject,
  profileCompletionPercent,
  prototypeStatusProgress,
  stepBadge,
} from "./onboarding";
import type { ProjectAccessLevel } from "./project-access";

describe("onboarding step badges", () => {
  it.each([
    ["company", null, null, "In Progress"],
    ["company", { profileCompleted: true }, null, "Complete"],
    ["nda", null, null, "Locked"],
    ["nda", { profileCompleted: false }, null, "Locked"],
    ["nda", { profileCompleted: true, ndaSigned: false }, null, "In Progress"],
    ["nda", { profileCompleted: true, ndaSigned: true }, null, "Complete"],
    ["prototype", { profileCompleted: false }, null, "Locked"],
    ["prototype", { profileCompleted: true }, { status: "requirements" }, "In Progress"],
    ["prototype", { profileCompleted: true }, null, "In Progress"],
    ["prototype", { profileCompleted: true, ndaSigned: true }, { status: "completed" }, "Complete"],
  ] as const)("%s with %j and project %j reads %s", (tab, profile, project, badge) => {
    expect(stepBadge(tab, { profile, project })).toBe(badge);
  });

  it.each([
    ["company", null, false],
    ["nda", null, true],
    ["prototype", null, true],
    ["nda", { profileCompleted: true }, false],
    ["prototype", { profileCompleted: true }, false],
  ] as const)("tab %s locked for %j: %s", (tab, profile, locked) => {
    expect(isTabLocked(tab, { profile })).toBe(locked);
  });

  it.each([
    [null, "company"],
    [{ profileCompleted: true, ndaSigned: false }, "nda"],
    [{ profileCompleted: true, ndaSigned: true }, "prototype"],
  ] as const)("opens %j on the %s tab", (profile, tab) => {
    expect(initialOnboardingTab({ profile })).toBe(tab);
  });
});

describe("completion figures", () => {
  it.each([
    ["completed", 100],
    ["testing", 60],
    ["requirements", 60],
    [null, 60],
  ])("prototype status bar for %s is %i", (status, percent) => {
    expect(prototypeStatusProgress(status)).toBe(percent);
  });

  it.each([
    [null, 60],
    [{ profileCompleted: false }, 60],
    [{ profileCompleted: true }, 100],
  ])("profile completion for %j is %i", (profile, percent) => {
    expect(profileCompletionPercent(profile)).toBe(percent);
  });
});

describe("the NDA code buttons", () => {
  const filled = { email: "ada@engines.example", customerName: "Ada Lovelace", companyName: "Engines" };

  it("enables 'Send OTP' only when email, full name and company are all filled", () => {
    expect(canSendNdaCode(filled)).toBe(true);
    for (const field of ["email", "customerName", "companyName"] as const) {
      expect(canSendNdaCode({ ...filled, [field]: "" })).toBe(false);
      expect(canSendNdaCode({ ...filled, [field]: "   " })).toBe(false);
      expect(canSendNdaCode({ ...filled, [field]: null })).toBe(false);
    }
  });

  it.each([
    ["", false],
    ["  ", false],
    [null, false],
    ["1", true],
    ["123456", true],
  ])("verify with code %j enabled: %s", (code, enabled) => {
    expect(canVerifyNdaCode(code)).toBe(enabled);
  });
});

describe("the project onboarding speaks of", () => {
  it.each<[Array<{ id: string; accessLevel: ProjectAccessLevel }>, string | null]>([
    [[], null],
    [[{ id: "a", accessLevel: "view_only" }], null],
    [[{ id: "a", accessLevel: "owner" }], "a"],
    [
      [
        { id: "m", accessLevel: "user" },
        { id: "o", accessLevel: "owner" },
      ],
      "o",
    ],
  ] as const)("%j → %s", (projects, id) => {
    expect(ownOnboardingProject(projects)?.id ?? null).toBe(id);
  });
});
