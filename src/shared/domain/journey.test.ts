import { describe, expect, it } from "vitest";
import { currentJourneyStep, journeyFor, journeyGroupsFor, meetingHeld } from "./journey";

const signed = { profileCompleted: true, ndaSigned: true };
const now = new Date("2026-11-26T12:00:00Z");
const past = "2026-11-20T15:00:00Z";
const future = "2026-12-01T15:00:00Z";
const url = "https://p.example";
/** The proposal accepted by name, once the brief was confirmed. */
const accepted = { proposal: { state: "accepted", acceptedAt: "2026-11-17T09:00:00Z" } };
const open = { proposal: { state: "open", acceptedAt: null } };
/** The delivery clock started (brief confirmed, proposal accepted, advance received) and version 1 delivered. */
const clock = { deliveryStartedAt: "2026-11-18T09:00:00Z", ...accepted };
const delivered = { ...clock, deliveredAt: "2026-11-21T09:00:00Z" };

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
    [
      "the brief confirmed: the proposal to accept",
      signed,
      { status: "requirements", requirementsSubmitted: true, proposal: { state: "open", acceptedAt: null } },
      "proposal",
    ],
    [
      "the proposal accepted: development, which the advance starts",
      signed,
      { status: "requirements", requirementsSubmitted: true, proposal: { state: "accepted", acceptedAt: past } },
      "development",
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
const STEPS = [
  "profile",
  "nda",
  "requirements",
  "meeting",
  "discussion",
  "proposal",
  "development",
  "prototype",
  "iterations",
  "deployment",
];

/**
 * Each step's state when the journey stands at `current` ("done": past the last step): the steps before it completed,
 * the later ones upcoming; `notNeeded` ones moved past without happening, `ahead` ones still upcoming although the
 * journey is past them, and `without` ones not on this journey at all.
 */
function standingAt(
  current: string,
  { notNeeded = [], ahead = [], without = [] }: { notNeeded?: string[]; ahead?: string[]; without?: string[] } = {},
) {
  const at = current === "done" ? STEPS.length : STEPS.indexOf(current);
  return Object.fromEntries(
    STEPS.flatMap((step, index) => {
      if (without.includes(step)) return [];
      if (notNeeded.includes(step)) return [[step, "not_needed"]];
      if (ahead.includes(step)) return [[step, "upcoming"]];
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
      "development with no meeting ever held: the kick-off is not needed, never upcoming beside completed steps",
      { profile: signed, project: { status: "development", requirementsSubmitted: true, ...clock } },
      standingAt("development", { notNeeded: ["meeting"] }),
    ],
    [
      "development set by hand, the clock never started: no scope discussion happened, so it is not needed, not completed",
      { profile: signed, project: { status: "development", requirementsSubmitted: true, firstMeetingAt: past } },
      standingAt("development", { notNeeded: ["discussion", "proposal"] }),
    ],
    [
      "brief confirmed: the scope is agreed and the proposal is the step to take",
      { profile: signed, project: { status: "requirements", requirementsSubmitted: true, firstMeetingAt: past, ...open } },
      standingAt("proposal"),
    ],
    [
      "proposal accepted, the advance not received yet: accepted is completed, development comes next",
      { profile: signed, project: { status: "requirements", requirementsSubmitted: true, firstMeetingAt: past, ...accepted } },
      standingAt("development"),
    ],
    [
      "a price changed after the acceptance: the earlier acceptance still happened, the new version is the step to take",
      {
        profile: signed,
        project: {
          status: "requirements",
          requirementsSubmitted: true,
          firstMeetingAt: past,
          proposal: { state: "open", acceptedAt: "2026-11-17T09:00:00Z" },
        },
      },
      { ...standingAt("proposal"), proposal: "completed" },
    ],
    [
      "testing with a prototype after a held meeting",
      {
        profile: signed,
        project: { status: "testing", prototypeUrl: url, requirementsSubmitted: true, firstMeetingAt: past, ...delivered },
      },
      standingAt("iterations"),
    ],
    [
      "completed without a kick-off meeting or a deployment: the meeting not needed, the deployment not completed",
      { profile: signed, project: { status: "completed", requirementsSubmitted: true, ...delivered } },
      standingAt("done", { notNeeded: ["meeting"], ahead: ["deployment"] }),
    ],
    [
      "completed, meeting held, a deployment planned ahead: still upcoming",
      {
        profile: signed,
        project: { status: "completed", requirementsSubmitted: true, firstMeetingAt: past, ...delivered, deploymentDate: future },
      },
      standingAt("done", { ahead: ["deployment"] }),
    ],
    [
      "completed, meeting held, deployed: every step happened",
      {
        profile: signed,
        project: { status: "completed", requirementsSubmitted: true, firstMeetingAt: past, ...delivered, deploymentDate: past },
      },
      standingAt("done"),
    ],
    [
      "a member's journey has no profile or NDA step",
      {
        profile: null,
        project: { status: "development", requirementsSubmitted: true, accessLevel: "view_only", ...clock, proposal: null },
      },
      standingAt("development", { notNeeded: ["meeting"], without: ["profile", "nda", "proposal"] }),
    ],
  ])("%s", (_case, facts, expected) => {
    expect(states(facts)).toEqual(expected);
  });
});

describe("durations follow the package's clock", () => {
  it.each([
    ["basic", "48 hours"],
    ["advanced", "72 hours"],
    ["premium", "96 hours"],
    [null, "48-96 hours"],
  ] as const)("%s: development takes %s", (packageType, hours) => {
    const steps = journeyFor({ profile: signed, project: packageType ? { status: "development", packageType } : null, now });
    expect(steps.find((step) => step.id === "development")?.duration).toBe(hours);
    expect(journeyGroupsFor(packageType ? { packageType } : null).find((group) => group.id === "development")?.duration).toBe(
      `${hours}, then iterations`,
    );
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
