import { describe, expect, it } from "vitest";
import { accessAllows, type ProjectAccessLevel, type ProjectNeed } from "./project-access";

describe("who may do what on a project", () => {
  const table: [ProjectAccessLevel | null, Record<ProjectNeed, boolean>][] = [
    ["owner", { view: true, feedback: true, post: true, edit: true }],
    ["admin", { view: true, feedback: true, post: true, edit: true }],
    ["company", { view: true, feedback: true, post: true, edit: true }],
    ["user", { view: true, feedback: true, post: true, edit: false }],
    ["view_only", { view: true, feedback: false, post: false, edit: false }],
    [null, { view: false, feedback: false, post: false, edit: false }],
  ];
  it.each(table)("%s", (level, allowed) => {
    for (const need of ["view", "feedback", "post", "edit"] as const) expect(accessAllows(level, need), need).toBe(allowed[need]);
  });
});
