import { describe, expect, it } from "vitest";
import {
  accessAllows,
  accessLevelLabel,
  PROJECT_ACCESS_LEVELS,
  type ProjectAccessLevel,
  type ProjectNeed,
} from "./project-access";

describe("who may do what on a project", () => {
  const table: [ProjectAccessLevel | null, Record<ProjectNeed, boolean>][] = [
    ["owner", { view: true, feedback: true, edit: true }],
    ["admin", { view: true, feedback: true, edit: true }],
    ["company", { view: true, feedback: true, edit: true }],
    ["user", { view: true, feedback: true, edit: false }],
    ["view_only", { view: true, feedback: false, edit: false }],
    [null, { view: false, feedback: false, edit: false }],
  ];
  it.each(table)("%s", (level, allowed) => {
    for (const need of ["view", "feedback", "edit"] as const) expect(accessAllows(level, need), need).toBe(allowed[need]);
  });
});

describe("access levels on screen", () => {
  it.each([
    ["owner", "Owner"],
    ["admin", "Admin"],
    ["user", "User"],
    ["view_only", "View Only"],
    ["company", "Company admin"],
  ] as const)("shows %s as %s", (level, label) => {
    expect(accessLevelLabel(level)).toBe(label);
  });

  it("never shows a raw value with an underscore", () => {
    for (const level of PROJECT_ACCESS_LEVELS) expect(accessLevelLabel(level)).not.toContain("_");
  });
});
