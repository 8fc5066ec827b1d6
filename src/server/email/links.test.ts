import { describe, expect, it } from "vitest";
import { returnPathAfterSignIn, safeReturnPath, signInPath } from "../../shared/return-path";
import { needsSignIn } from "../../shared/sign-in-gate";
import { companyLinks, customerLinks, portalLink } from "./links";

const APP = "https://portal.example.com";
const PROJECT = { projectCode: "PRJ-2026-0001" };
const THREAD = "3f2b6c1e-0000-4000-8000-000000000001";

describe("the emails' links", () => {
  it.each([
    ["a customer's thread", customerLinks.thread(APP, PROJECT, THREAD), `/communications?thread=${THREAD}&project=PRJ-2026-0001`],
    [
      "a customer's General support thread",
      customerLinks.thread(APP, null, THREAD),
      `/communications?thread=${THREAD}&scope=general`,
    ],
    ["a customer's meeting requests", customerLinks.meetingRequests(APP, PROJECT), "/meeting-requests?project=PRJ-2026-0001"],
    ["a customer's feedback", customerLinks.testingFeedback(APP, PROJECT), "/testing-feedback?project=PRJ-2026-0001"],
    [
      "a customer's feedback item",
      customerLinks.testingFeedback(APP, PROJECT, "f-1"),
      "/testing-feedback?project=PRJ-2026-0001&item=f-1",
    ],
    [
      "a customer's meeting request",
      customerLinks.meetingRequests(APP, PROJECT, "r-2"),
      "/meeting-requests?project=PRJ-2026-0001&request=r-2",
    ],
    ["an invited member's project", customerLinks.project(APP, PROJECT), "/dashboard?project=PRJ-2026-0001"],
    ["the dashboard", customerLinks.dashboard(APP), "/dashboard"],
    ["onboarding", customerLinks.onboarding(APP), "/onboarding"],
    ["the company's thread", companyLinks.thread(APP, THREAD), `/admin?tab=inbox&thread=${THREAD}`],
    ["the company's meeting request", companyLinks.meetingRequest(APP, "r-1"), "/admin?tab=meetings&request=r-1"],
    ["NDA approvals", companyLinks.ndaApprovals(APP), "/admin?tab=nda"],
    ["inquiries", companyLinks.inquiries(APP), "/admin?tab=inquiries"],
  ])("%s: %s", (_what, link, pathAndQuery) => {
    expect(link).toBe(`${APP}${pathAndQuery}`);
  });

  it("leads a signed-out reader through sign-in back to exactly the linked page", () => {
    const links = [
      customerLinks.thread(APP, PROJECT, THREAD),
      customerLinks.thread(APP, null, THREAD),
      customerLinks.meetingRequests(APP, PROJECT),
      customerLinks.testingFeedback(APP, PROJECT),
      customerLinks.project(APP, PROJECT),
      customerLinks.onboarding(APP),
    ];
    for (const link of links) {
      const url = new URL(link);
      expect(needsSignIn(url.pathname), link).toBe(true);
      const signIn = new URL(signInPath(`${url.pathname}${url.search}`), APP);
      expect(returnPathAfterSignIn(signIn)).toBe(`${url.pathname}${url.search}`);
    }
    // The console's links are /admin itself, a visitor's sign-in screen, which keeps its query for after the code.
    for (const link of [
      companyLinks.thread(APP, THREAD),
      companyLinks.meetingRequest(APP, "r-1"),
      companyLinks.ndaApprovals(APP),
    ]) {
      const url = new URL(link);
      expect(returnPathAfterSignIn(url)).toBe(`${url.pathname}${url.search}`);
    }
  });

  it("encodes what it is given and leaves out empty parameters", () => {
    expect(portalLink(`${APP}/`, "/communications", { thread: "a b&c", project: null, x: "" })).toBe(
      `${APP}/communications?thread=a+b%26c`,
    );
    expect(safeReturnPath(new URL(portalLink(APP, "/dashboard", { q: "//evil.com" })).pathname)).toBe("/dashboard");
  });

  it("refuses a path that would not come back to this site", () => {
    expect(() => portalLink(APP, "//evil.com")).toThrow();
    expect(() => portalLink(APP, "https://evil.com")).toThrow();
    expect(() => portalLink(APP, "dashboard")).toThrow();
  });
});
