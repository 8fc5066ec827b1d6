import { describe, expect, it } from "vitest";
import { overallProgress } from "./overall-progress";

const signed = { profileCompleted: true, ndaSigned: true, requirementsSubmitted: false };

describe("overallProgress", () => {
  it.each([
    ["nothing done", null, null, [false, false, false, false, false], 0],
    ["profile only", { profileCompleted: true }, null, [true, false, false, false, false], 20],
    ["profile and NDA", signed, null, [true, true, false, false, false], 40],
    ["requirements submitted", { ...signed, requirementsSubmitted: true }, null, [true, true, true, false, false], 60],
    ["status requirements counts as requirements", signed, { status: "requirements" }, [true, true, true, false, false], 60],
    ["status profile does not", signed, { status: "profile" }, [true, true, false, false, false], 40],
    [
      "the project's saved requirements count while in profile",
      signed,
      { status: "profile", requirementsSubmitted: true },
      [true, true, true, false, false],
      60,
    ],
    ["status development", signed, { status: "development" }, [true, true, true, true, false], 80],
    [
      "a prototype URL during development",
      signed,
      { status: "development", prototypeUrl: "https://p.example" },
      [true, true, true, true, true],
      100,
    ],
    ["status testing", signed, { status: "testing" }, [true, true, true, true, true], 100],
    ["status completed", signed, { status: "completed" }, [true, true, true, true, true], 100],
    [
      "NDA unsigned but project completed",
      { profileCompleted: true, ndaSigned: false },
      { status: "completed" },
      [true, false, true, true, true],
      80,
    ],
  ])("%s", (_case, profile, project, flags, percent) => {
    const result = overallProgress({ profile, project });
    expect(result.items.map((item) => item.done)).toEqual(flags);
    expect(result.percent).toBe(percent);
  });

  it("names the five items", () => {
    expect(overallProgress({ profile: null, project: null }).items.map((i) => i.id)).toEqual([
      "profile",
      "nda",
      "requirements",
      "development",
      "prototype",
    ]);
  });
});
