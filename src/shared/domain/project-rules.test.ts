import { describe, expect, it } from "vitest";
import { hasPrototype, prototypeReadyForTeam } from "./project-rules";

describe("whether a project has a prototype", () => {
  it.each([
    ["a row with an address", { prototypeUrl: "https://proto.example", status: "testing" }, true, true],
    ["a row without one", { prototypeUrl: null, status: "testing" }, false, false],
    [
      "an answer that withholds the address after access ended",
      { prototypeUrl: null, hasPrototype: true, status: "completed" },
      true,
      true,
    ],
    ["an answer with none yet", { prototypeUrl: null, hasPrototype: false, status: "development" }, false, false],
    ["a prototype still in development", { prototypeUrl: "https://proto.example", status: "development" }, true, false],
  ])("%s", (_, project, has, teamOpen) => {
    expect(hasPrototype(project)).toBe(has);
    expect(prototypeReadyForTeam(project)).toBe(teamOpen);
  });
});
