import { describe, expect, it } from "vitest";
import { ACTIVITY_TYPES } from "./activity-types";
import { type ItemTarget, itemPath } from "./item-links";
import { safeReturnPath } from "./return-path";

const ref = { projectId: "p-1", projectCode: "PRJ-2026-0007", subjectId: "s-1" };

describe("where an item lives", () => {
  it.each<[ItemTarget, string, string]>([
    ["thread", "/communications?thread=s-1&project=PRJ-2026-0007", "/admin?tab=inbox&thread=s-1"],
    [
      "feedback",
      "/testing-feedback?project=PRJ-2026-0007&item=s-1",
      "/admin?tab=feedback&feedback-project=p-1&feedback-code=PRJ-2026-0007&item=s-1",
    ],
    ["meeting", "/meeting-requests?project=PRJ-2026-0007&request=s-1", "/admin?tab=meetings&request=s-1"],
    ["project", "/dashboard?project=PRJ-2026-0007", "/admin?tab=projects&q=PRJ-2026-0007"],
    ["team", "/user-management?project=PRJ-2026-0007", "/admin?tab=projects&q=PRJ-2026-0007"],
    ["nda", "/onboarding", "/admin?tab=nda"],
  ])("%s: %s for the customer, %s for the company", (target, customer, company) => {
    expect(itemPath(target, "customer", ref)).toBe(customer);
    expect(itemPath(target, "company", ref)).toBe(company);
  });

  it("opens a thread with no project as General support", () => {
    expect(itemPath("thread", "customer", { subjectId: "t-1" })).toBe("/communications?thread=t-1&scope=general");
    expect(itemPath("thread", "company", { subjectId: "t-1" })).toBe("/admin?tab=inbox&thread=t-1");
  });

  it("leaves out what it does not know (a deleted project, an event about no item)", () => {
    expect(itemPath("feedback", "customer", {})).toBe("/testing-feedback");
    expect(itemPath("thread", "company", { projectCode: "PRJ-2026-0007" })).toBe("/admin?tab=inbox");
    expect(itemPath("feedback", "company", {})).toBe("/admin?tab=feedback");
  });

  it("gives every activity type an address a signed-out reader can return to, on both sides", () => {
    for (const [type, entry] of Object.entries(ACTIVITY_TYPES)) {
      for (const side of ["customer", "company"] as const) {
        const path = itemPath(entry.opens, side, ref);
        expect(safeReturnPath(path), `${type} (${side})`).toBe(path);
      }
    }
  });
});
