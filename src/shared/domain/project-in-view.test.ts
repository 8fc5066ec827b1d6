import { describe, expect, it } from "vitest";
import { projectInView, withProject } from "./project-in-view";

const A = { id: "a", projectCode: "PRJ-2026-0001" };
const B = { id: "b", projectCode: "PRJ-2026-0002" };

describe("the project in view", () => {
  it.each<[string, readonly (typeof A)[], string | null, string | null, typeof A | undefined, boolean]>([
    ["the URL's code wins over the stored choice", [A, B], "PRJ-2026-0002", "a", B, false],
    ["the stored choice when the URL names none", [A, B], null, "b", B, false],
    ["the first when nothing is chosen", [A, B], null, null, A, false],
    ["the first when the stored choice is gone", [A, B], null, "deleted", A, false],
    ["the first, flagged, for an unknown code", [A, B], "PRJ-1999-9999", "b", A, true],
    ["nothing (and nothing to correct) without projects", [], "PRJ-2026-0001", null, undefined, false],
    ["nothing without projects or a choice", [], null, null, undefined, false],
  ])("%s", (_, projects, code, stored, expected, unknownCode) => {
    expect(projectInView(projects, code, stored)).toEqual({ project: expected, unknownCode });
  });

  it.each([
    ["/communications", "PRJ-2026-0001", "/communications?project=PRJ-2026-0001"],
    ["/communications?openMessage=true", "PRJ-2026-0001", "/communications?openMessage=true&project=PRJ-2026-0001"],
    ["/meeting-requests?project=PRJ-2026-0001", "PRJ-2026-0002", "/meeting-requests?project=PRJ-2026-0002"],
    ["/requirements", null, "/requirements"],
    ["/requirements", undefined, "/requirements"],
  ])("%s with %s is %s", (path, code, expected) => {
    expect(withProject(path, code)).toBe(expected);
  });
});
