import { describe, expect, it } from "vitest";
import { memberLevelOf, nextActionFor, onlyMemberships, requirementsSubmitted } from "./next-action";

const done = { profileCompleted: true, ndaSigned: true, requirementsSubmitted: false };
const submitted = { requirementsSubmitted: true };
const url = "https://p.example";

describe("nextActionFor, the owner's card: first match wins", () => {
  it.each([
    ["no profile", null, null, "Complete Your Profile", "high", "/onboarding"],
    ["profile not completed", { profileCompleted: false }, { status: "testing" }, "Complete Your Profile", "high", "/onboarding"],
    ["NDA not signed", { profileCompleted: true, ndaSigned: false }, null, "Sign NDA Agreement", "high", "/onboarding"],
    [
      "NDA not signed beats any project status",
      { profileCompleted: true, ndaSigned: false },
      { status: "completed" },
      "Sign NDA Agreement",
      "high",
      "/onboarding",
    ],
    ["requirements not submitted, no project", done, null, "Submit Requirements", "high", "/requirements"],
    ["not submitted, project in profile", done, { status: "profile" }, "Submit Requirements", "high", "/requirements"],
    [
      "a new customer: project in requirements, no answers",
      done,
      { status: "requirements", requirementsSubmitted: false },
      "Submit Requirements",
      "high",
      "/requirements",
    ],
    [
      "a second, empty project while the profile says the first one was submitted",
      { ...done, requirementsSubmitted: true },
      { status: "requirements", requirementsSubmitted: false },
      "Submit Requirements",
      "high",
      "/requirements",
    ],
    [
      "the project's own requirements saved, project in profile",
      done,
      { status: "profile", ...submitted },
      "All Set!",
      "low",
      "/dashboard",
    ],
    [
      "submitted, status requirements",
      done,
      { status: "requirements", ...submitted },
      "Requirements Under Review",
      "medium",
      "/meeting-requests",
    ],
    [
      "a prototype URL while in requirements keeps the review first",
      done,
      { status: "requirements", prototypeUrl: url, ...submitted },
      "Requirements Under Review",
      "medium",
      "/meeting-requests",
    ],
    [
      "the brief confirmed: the proposal to accept",
      done,
      { status: "requirements", ...submitted, proposal: { state: "open" } },
      "Accept Your Proposal",
      "high",
      "/dashboard#proposal",
    ],
    [
      "the proposal accepted, the advance not in yet",
      done,
      { status: "requirements", ...submitted, proposal: { state: "accepted" } },
      "Pay the Advance",
      "high",
      "/dashboard#payments",
    ],
    ["status development", done, { status: "development", ...submitted }, "Development in Progress", "low", "/requirements"],
    [
      "a prototype URL during development (User Management still closed)",
      done,
      { status: "development", prototypeUrl: url, ...submitted },
      "Development in Progress",
      "low",
      "/requirements",
    ],
    [
      "testing with a prototype URL: User Management open",
      done,
      { status: "testing", prototypeUrl: url, ...submitted },
      "Prototype Ready - Add Team Members",
      "medium",
      "/user-management",
    ],
    [
      "testing without a prototype URL yet",
      done,
      { status: "testing", ...submitted },
      "Development in Progress",
      "low",
      "/requirements",
    ],
    [
      "a completed project with a prototype URL says so",
      done,
      { status: "completed", prototypeUrl: url, ...submitted },
      "Project Completed!",
      "low",
      "/dashboard",
    ],
    ["status completed", done, { status: "completed" }, "Project Completed!", "low", "/dashboard"],
    ["requirements submitted, no project", { ...done, requirementsSubmitted: true }, null, "All Set!", "low", "/dashboard"],
    [
      "the company's view reads like the owner's",
      done,
      { status: "requirements", accessLevel: "company", ...submitted },
      "Requirements Under Review",
      "medium",
      "/meeting-requests",
    ],
  ] as const)("%s → %s", (_case, profile, project, title, priority, target) => {
    const action = nextActionFor(profile, project);
    expect(action.title).toBe(title);
    expect(action.priority).toBe(priority);
    expect(action.target).toBe(target);
  });

  it("offers Schedule Meeting while requirements are under review", () => {
    expect(nextActionFor(done, { status: "requirements", ...submitted }).actionLabel).toBe("Schedule Meeting");
  });
});

describe("nextActionFor, an invited member's own card", () => {
  const OWNER_PROMPTS = [
    "Complete Your Profile",
    "Sign NDA Agreement",
    "Submit Requirements",
    "Prototype Ready - Add Team Members",
  ];
  it.each([
    ["view_only", null, { status: "requirements" }, "Waiting for the Prototype", "/requirements"],
    ["user", { profileCompleted: false }, { status: "requirements" }, "Waiting for the Prototype", "/requirements"],
    ["admin", null, { status: "development", prototypeUrl: url }, "Waiting for the Prototype", "/requirements"],
    ["user", null, { status: "testing" }, "Waiting for the Prototype", "/requirements"],
    ["user", null, { status: "testing", prototypeUrl: url }, "Test the Prototype", "/testing-feedback"],
    ["admin", null, { status: "testing", prototypeUrl: url }, "Test the Prototype", "/testing-feedback"],
    ["view_only", null, { status: "testing", prototypeUrl: url }, "Preview the Prototype", "/testing-feedback"],
    ["view_only", null, { status: "completed", prototypeUrl: url }, "Project Completed!", "/requirements"],
    ["user", { profileCompleted: false, ndaSigned: false }, { status: "profile" }, "Waiting for the Prototype", "/requirements"],
  ] as const)("a %s member, profile %j, project %j → %s", (level, profile, project, title, target) => {
    const action = nextActionFor(profile, { ...project, accessLevel: level });
    expect(action.title).toBe(title);
    expect(action.target).toBe(target);
    expect(OWNER_PROMPTS).not.toContain(action.title);
    expect(action.priority).not.toBe("high");
  });
});

describe("the viewer's relation", () => {
  it.each([
    [null, null],
    [{}, null],
    [{ accessLevel: "owner" }, null],
    [{ accessLevel: "company" }, null],
    [{ accessLevel: "admin" }, "admin"],
    [{ accessLevel: "user" }, "user"],
    [{ accessLevel: "view_only" }, "view_only"],
  ] as const)("%j → member level %s", (project, level) => {
    expect(memberLevelOf(project)).toBe(level);
  });

  it.each([
    [[], false],
    [[{ accessLevel: "owner" }], false],
    [[{ accessLevel: "view_only" }], true],
    [[{ accessLevel: "user" }, { accessLevel: "admin" }], true],
    [[{ accessLevel: "owner" }, { accessLevel: "user" }], false],
  ] as const)("only memberships in %j: %s", (projects, expected) => {
    expect(onlyMemberships(projects)).toBe(expected);
  });

  it.each([
    ["no project: the profile's flag", { requirementsSubmitted: true }, null, true],
    ["no project, nothing saved", null, null, false],
    ["the project's answers decide", { requirementsSubmitted: true }, { requirementsSubmitted: false }, false],
    ["the project's answers, no profile", null, { requirementsSubmitted: true }, true],
    ["a project without the fact: the profile's flag", { requirementsSubmitted: true }, { status: "profile" }, true],
  ])("requirements submitted, %s", (_case, profile, project, expected) => {
    expect(requirementsSubmitted(profile, project)).toBe(expected);
  });
});
