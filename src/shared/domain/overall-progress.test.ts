import { describe, expect, it } from "vitest";
import { overallProgress } from "./overall-progress";

const signed = { profileCompleted: true, ndaSigned: true, requirementsSubmitted: false };
const answered = { requirementsSubmitted: true };
const delivered = { deliveredAt: "2026-11-21T09:00:00Z" };

describe("overallProgress", () => {
  it.each([
    ["nothing done", null, null, [false, false, false, false, false, false], 0],
    ["profile only", { profileCompleted: true }, null, [true, false, false, false, false, false], 17],
    ["profile and NDA", signed, null, [true, true, false, false, false, false], 33],
    [
      "requirements submitted, no project yet",
      { ...signed, requirementsSubmitted: true },
      null,
      [true, true, true, false, false, false],
      50,
    ],
    [
      "status requirements alone is not a submission",
      signed,
      { status: "requirements", requirementsSubmitted: false },
      [true, true, false, false, false, false],
      33,
    ],
    ["status profile does not", signed, { status: "profile" }, [true, true, false, false, false, false], 33],
    [
      "the project's saved requirements count while in profile",
      signed,
      { status: "profile", ...answered },
      [true, true, true, false, false, false],
      50,
    ],
    ["status development", signed, { status: "development", ...answered }, [true, true, true, true, false, false], 67],
    [
      "development without answers: requirements not ticked",
      signed,
      { status: "development", requirementsSubmitted: false },
      [true, true, false, true, false, false],
      50,
    ],
    [
      "a prototype URL during development",
      signed,
      { status: "development", prototypeUrl: "https://p.example", ...answered },
      [true, true, true, true, true, false],
      83,
    ],
    [
      "status testing with nothing delivered: the prototype is not ready because of a status",
      signed,
      { status: "testing", ...answered },
      [true, true, true, true, false, false],
      67,
    ],
    [
      "version 1 delivered: ready, but not 100 % before the customer approves",
      signed,
      { status: "testing", ...answered, ...delivered },
      [true, true, true, true, true, false],
      83,
    ],
    [
      "approved (completed)",
      signed,
      { status: "completed", ...answered, ...delivered },
      [true, true, true, true, true, true],
      100,
    ],
    [
      "NDA unsigned but project completed",
      { profileCompleted: true, ndaSigned: false },
      { status: "completed", ...answered, ...delivered },
      [true, false, true, true, true, true],
      83,
    ],
  ])("%s", (_case, profile, project, flags, percent) => {
    const result = overallProgress({ profile, project });
    expect(result.items.map((item) => item.done)).toEqual(flags);
    expect(result.percent).toBe(percent);
  });

  it("names the owner's six milestones", () => {
    expect(overallProgress({ profile: null, project: null }).items.map((i) => i.id)).toEqual([
      "profile",
      "nda",
      "requirements",
      "development",
      "prototype",
      "approved",
    ]);
  });

  it.each([
    ["view_only", { status: "requirements" }, [false, false, false, false], 0],
    ["user", { status: "development", ...answered }, [true, true, false, false], 50],
    ["admin", { status: "testing", ...answered, ...delivered }, [true, true, true, false], 75],
  ] as const)("a %s member sees the project's four milestones (%j)", (level, project, flags, percent) => {
    const result = overallProgress({ profile: null, project: { ...project, accessLevel: level } });
    expect(result.items.map((item) => item.id)).toEqual(["requirements", "development", "prototype", "approved"]);
    expect(result.items.map((item) => item.done)).toEqual(flags);
    expect(result.percent).toBe(percent);
  });
});
