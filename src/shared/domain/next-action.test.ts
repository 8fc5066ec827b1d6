import { describe, expect, it } from "vitest";
import { nextActionFor } from "./next-action";

const done = { profileCompleted: true, ndaSigned: true, requirementsSubmitted: false };

describe("nextActionFor: first match wins", () => {
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
    [
      "requirements not submitted, project in profile",
      done,
      { status: "profile" },
      "Submit Requirements",
      "high",
      "/requirements",
    ],
    [
      "requirements submitted, project in profile",
      { ...done, requirementsSubmitted: true },
      { status: "profile" },
      "All Set!",
      "low",
      "/dashboard",
    ],
    [
      "the project's own requirements saved (before the profile existed), project in profile",
      done,
      { status: "profile", requirementsSubmitted: true },
      "All Set!",
      "low",
      "/dashboard",
    ],
    ["status requirements", done, { status: "requirements" }, "Requirements Under Review", "medium", "/meeting-requests"],
    ["status development", done, { status: "development" }, "Development in Progress", "low", "/requirements"],
    ["status testing", done, { status: "testing" }, "Prototype Ready - Add Team Members", "medium", "/user-management"],
    [
      "a prototype URL while in requirements keeps rule 4 first",
      done,
      { status: "requirements", prototypeUrl: "https://p.example" },
      "Requirements Under Review",
      "medium",
      "/meeting-requests",
    ],
    [
      "a prototype URL on a completed project",
      done,
      { status: "completed", prototypeUrl: "https://p.example" },
      "Prototype Ready - Add Team Members",
      "medium",
      "/user-management",
    ],
    ["status completed", done, { status: "completed" }, "Project Completed!", "low", "/dashboard"],
    ["requirements submitted, no project", { ...done, requirementsSubmitted: true }, null, "All Set!", "low", "/dashboard"],
  ])("%s → %s", (_case, profile, project, title, priority, target) => {
    const action = nextActionFor(profile, project);
    expect(action.title).toBe(title);
    expect(action.priority).toBe(priority);
    expect(action.target).toBe(target);
  });

  it("offers Schedule Meeting while requirements are under review", () => {
    expect(nextActionFor(done, { status: "requirements" }).actionLabel).toBe("Schedule Meeting");
  });
});
