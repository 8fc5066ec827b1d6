import { describe, expect, it } from "vitest";
import { currentJourneyStep, journeyFor } from "./journey";

const signed = { profileCompleted: true, ndaSigned: true };

describe("the journey", () => {
  it.each([
    ["no profile", null, null, "profile"],
    ["profile not completed", { profileCompleted: false }, { status: "development" }, "profile"],
    ["NDA not signed", { profileCompleted: true, ndaSigned: false }, { status: "requirements" }, "nda"],
    ["signed, no project", signed, null, "requirements"],
    ["status profile", signed, { status: "profile" }, "profile"],
    ["status requirements", signed, { status: "requirements" }, "requirements"],
    ["status development", signed, { status: "development" }, "development"],
    ["status testing (no step of that name)", signed, { status: "testing" }, "iterations"],
    ["status completed", signed, { status: "completed" }, "done"],
    ["an unknown status", signed, { status: "archived" }, "requirements"],
    ["a status named like an object property", signed, { status: "constructor" }, "requirements"],
  ])("%s → current step %s", (_case, profile, project, step) => {
    expect(currentJourneyStep({ profile, project })).toBe(step);
  });

  it("marks earlier steps completed, the current one current and later ones upcoming", () => {
    const steps = journeyFor({ profile: signed, project: { status: "development" } });
    expect(steps.map((s) => s.state)).toEqual([
      "completed",
      "completed",
      "completed",
      "completed",
      "completed",
      "current",
      "upcoming",
      "upcoming",
      "upcoming",
    ]);
  });

  it("marks every step completed when the project is completed", () => {
    expect(journeyFor({ profile: signed, project: { status: "completed" } }).every((s) => s.state === "completed")).toBe(true);
  });

  it("starts a new customer at the profile step", () => {
    const steps = journeyFor({ profile: null, project: null });
    expect(steps[0]?.state).toBe("current");
    expect(steps.slice(1).every((s) => s.state === "upcoming")).toBe(true);
  });
});
