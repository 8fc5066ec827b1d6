import { describe, expect, it } from "vitest";
import { overallProgress } from "./overall-progress";

const signed = { profileCompleted: true, ndaSigned: true, requirementsSubmitted: false };
const answered = { requirementsSubmitted: true };

describe("overallProgress", () => {
  it.each([
    ["nothing done", null, null, [false, false, false, false, false], 0],
    ["profile only", { profileCompleted: true }, null, [true, false, false, false, false], 20],
    ["profile and NDA", signed, null, [true, true, false, false, false], 40],
    [
      "requirements submitted, no project yet",
      { ...signed, requirementsSubmitted: true },
      null,
      [true, true, true, false, false],
      60,
    ],
    [
      "status requirements alone is not a submission",
      signed,
      { status: "requirements", requirementsSubmitted: false },
      [true, true, false, false, false],
      40,
    ],
    ["status profile does not", signed, { status: "profile" }, [true, true, false, false, false], 40],
    [
      "the project's saved requirements count while in profile",
      signed,
      { status: "profile", ...answered },
      [true, true, true, false, false],
      60,
    ],
    ["status development", signed, { status: "development", ...answered }, [true, true, true, true, false], 80],
    [
      "development without answers: requirements not ticked",
      signed,
      { status: "development", requirementsSubmitted: false },
      [true, true, false, true, false],
      60,
    ],
    [
      "a prototype URL during development",
      signed,
      { status: "development", prototypeUrl: "https://p.example", ...answered },
      [true, true, true, true, true],
      100,
    ],
    ["status testing", signed, { status: "testing", ...answered }, [true, true, true, true, true], 100],
    ["status completed", signed, { status: "completed", ...answered }, [true, true, true, true, true], 100],
    [
      "NDA unsigned but project completed",
      { profileCompleted: true, ndaSigned: false },
      { status: "completed", ...answered },
      [true, false, true, true, true],
      80,
    ],
  ])("%s", (_case, profile, project, flags, percent) => {
    const result = overallProgress({ profile, project });
    expect(result.items.map((item) => item.done)).toEqual(flags);
    expect(result.percent).toBe(percent);
  });

  it("names the owner's five items", () => {
    expect(overallProgress({ profile: null, project: null }).items.map((i) => i.id)).toEqual([
      "profile",
      "nda",
      "requirements",
      "development",
      "prototype",
    ]);
  });

  it.each([
    ["view_only", { status: "requirements" }, [false, false, false], 0],
    ["user", { status: "development", ...answered }, [true, true, false], 67],
    ["admin", { status: "testing", ...answered }, [true, true, true], 100],
  ] as const)("a %s member sees the project's three items (%j)", (level, project, flags, percent) => {
    const result = overallProgress({ profile: null, project: { ...project, accessLevel: level } });
    expect(result.items.map((item) => item.id)).toEqual(["requirements", "development", "prototype"]);
    expect(result.items.map((item) => item.done)).toEqual(flags);
    expect(result.percent).toBe(percent);
  });
});
