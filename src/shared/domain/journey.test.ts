import { describe, expect, it } from "vitest";
import { currentJourneyStep, journeyFor, meetingHeld } from "./journey";

const signed = { profileCompleted: true, ndaSigned: true };
const now = new Date("2026-11-26T12:00:00Z");
const past = "2026-11-20T15:00:00Z";
const future = "2026-12-01T15:00:00Z";
const url = "https://p.example";

describe("the current step", () => {
  it.each([
    ["no profile", null, null, "profile"],
    ["profile not completed", { profileCompleted: false }, { status: "development" }, "profile"],
    ["NDA not signed", { profileCompleted: true, ndaSigned: false }, { status: "requirements" }, "nda"],
    ["signed, no project", signed, null, "requirements"],
    ["status profile, nothing submitted", signed, { status: "profile" }, "requirements"],
    ["status requirements, nothing submitted", signed, { status: "requirements", requirementsSubmitted: false }, "requirements"],
    ["submitted, no meeting yet", signed, { status: "requirements", requirementsSubmitted: true }, "meeting"],
    [
      "submitted, a meeting scheduled ahead",
      signed,
      { status: "requirements", requirementsSubmitted: true, firstMeetingAt: future },
      "meeting",
    ],
    [
      "submitted, the meeting happened",
      signed,
      { status: "requirements", requirementsSubmitted: true, firstMeetingAt: past },
      "discussion",
    ],
    ["status development", signed, { status: "development" }, "development"],
    ["testing, prototype not delivered", signed, { status: "testing" }, "prototype"],
    ["testing with a prototype", signed, { status: "testing", prototypeUrl: url }, "iterations"],
    ["status completed", signed, { status: "completed" }, "done"],
    ["an unknown status", signed, { status: "archived" }, "requirements"],
    ["a status named like an object property", signed, { status: "constructor" }, "requirements"],
    ["a member skips the owner's gates", null, { status: "requirements", accessLevel: "view_only" }, "requirements"],
    ["a member, testing", null, { status: "testing", prototypeUrl: url, accessLevel: "user" }, "iterations"],
  ] as const)("%s → %s", (_case, profile, project, step) => {
    expect(currentJourneyStep({ profile, project, now })).toBe(step);
  });
});

type Facts = Parameters<typeof journeyFor>[0];
const states = (facts: Facts) => Object.fromEntries(journeyFor({ ...facts, now }).map((step) => [step.id, step.state]));

/** The journey's steps in order, as the customer sees them. */
const STEPS = ["profile", "nda", "requirements", "meeting", "discussion", "development", "prototype", "iterations", "deployment"];

/**
 * Each step's state when the journey stands at `current` ("done": past the last step): the steps before it completed,
 * the later ones upcoming; `skipped` ones skipped, and `without` ones not on this journey at all.
 */
function standingAt(current: string, { skipped = [], without = [] }: { skipped?: string[]; without?: string[] } = {}) {
  const at = current === "done" ? STEPS.length : STEPS.indexOf(current);
  return Object.fromEntries(
    STEPS.flatMap((step, index) => {
      if (without.includes(step)) return [];
      if (skipped.includes(step)) return [[step, "skipped"]];
      return [[step, index < at ? "completed" : index === at ? "current" : "upcoming"]];
    }),
  );
}

describe("each step's state is its own fact", () => {
  it.each<[string, Facts, Record<string, string>]>([
    ["a new customer: nothing done, profile current", { profile: null, project: null }, standingAt("profile")],
    [
      "signed, project in requirements with no answers: nothing after the NDA is done",
      { profile: signed, project: { status: "requirements", requirementsSubmitted: false } },
      standingAt("requirements"),
    ],
    [
      "submitted, a meeting still ahead: the kick-off is not completed",
      { profile: signed, project: { status: "requirements", requirementsSubmitted: true, firstMeetingAt: future } },
      standingAt("meeting"),
    ],
    [
      "development with no meeting ever held: the kick-off is skipped, not upcoming beside completed steps",
      { profile: signed, project: { status: "development", requirementsSubmitted: true } },
      standingAt("development", { skipped: ["meeting"] }),
    ],
    [
      "testing with a prototype after a held meeting",
      { profile: signed, project: { status: "testing", prototypeUrl: url, requirementsSubmitted: true, firstMeetingAt: past } },
      standingAt("iterations"),
    ],
    [
      "completed without a kick-off meeting: the meeting is skipped, everything else completed",
      { profile: signed, project: { status: "completed", requirementsSubmitted: true } },
      standingAt("done", { skipped: ["meeting"] }),
    ],
    [
      "completed, meeting held",
      { profile: signed, project: { status: "completed", requirementsSubmitted: true, firstMeetingAt: past } },
      standingAt("done"),
    ],
    [
      "a member's journey has no profile or NDA step",
      { profile: null, project: { status: "development", requirementsSubmitted: true, accessLevel: "view_only" } },
      standingAt("development", { skipped: ["meeting"], without: ["profile", "nda"] }),
    ],
  ])("%s", (_case, facts, expected) => {
    expect(states(facts)).toEqual(expected);
  });
});

describe("a meeting happened", () => {
  it.each([
    [null, false],
    [{ firstMeetingAt: null }, false],
    [{ firstMeetingAt: future }, false],
    [{ firstMeetingAt: past }, true],
    [{ firstMeetingAt: now.toISOString() }, true],
    [{ firstMeetingAt: "not a date" }, false],
  ])("%j → %s", (project, expected) => {
    expect(meetingHeld(project, now)).toBe(expected);
  });
});
