import { partialMatchKey } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { API, isCompanyRoot } from "./api-paths";

describe("the API path table", () => {
  it.each([
    [API.profile.path(), "/api/profile"],
    [API.communications.path({ projectId: "general" }), "/api/projects/general/communications"],
    [API.projectUser.path({ projectId: "p1", userId: "a/b c" }), "/api/projects/p1/users/a%2Fb%20c"],
    [
      API.feedback.path({ projectId: "p1" }, { page: 2, pageSize: 20, status: "all" }),
      "/api/projects/p1/feedback?page=2&pageSize=20",
    ],
    [API.prototypeFrameCheck.path({ projectId: "p1" }, { fresh: undefined }), "/api/projects/p1/prototype/frame-check"],
    [API.invoice.path({ projectId: "p1", phase: "final" }), "/api/company/projects/p1/invoices/final"],
  ])("writes %s", (path, expected) => {
    expect(path).toBe(expected);
  });

  it("keys a read by the path's fixed start, the rest of its segments and what tells its answers apart", () => {
    expect(API.communications.key({ projectId: "p1" })).toEqual(["/api/projects", "p1", "communications"]);
    expect(API.feedback.key({ projectId: "p1" }, { status: "all", page: 2 })).toEqual([
      "/api/projects",
      "p1",
      "feedback",
      { status: "all", page: 2 },
    ]);
    expect(API.companyStats.key()).toEqual(["/api/company/stats"]);
    expect(API.customerProfile.key({ userId: "u1" })).toEqual(["/api/customer-profile", "u1"]);
  });

  it("makes a key a prefix of the keys below its path, and the project list's key a prefix of none of them", () => {
    const under = (key: readonly unknown[], prefix: readonly unknown[]) => partialMatchKey(key, prefix);
    expect(under(API.communications.key({ projectId: "p1" }, { page: 2 }), API.communications.key({ projectId: "p1" }))).toBe(
      true,
    );
    expect(under(API.companyThread.key({ threadId: "t1" }), API.companyCommunications.key())).toBe(true);
    expect(under(API.projectAudit.key({ projectId: "p1" }, { page: 1 }), API.companyProjects.key())).toBe(true);
    expect(under(API.meetingStats.key({ projectId: "p1" }), API.meetingStats.key())).toBe(true);
    expect(under(API.serviceLevelReport.key(), API.serviceLevels.key())).toBe(false);
    expect(under(API.requirements.key({ projectId: "p1" }), API.projects.key())).toBe(false);
    expect(under(API.projects.key(), API.projects.key())).toBe(true);
  });

  it("tells the company's reads by their key's start", () => {
    expect(isCompanyRoot(API.companyFeedback.key()[0])).toBe(true);
    expect(isCompanyRoot(API.customerNda.key({ userId: "u1" })[0])).toBe(true);
    expect(isCompanyRoot(API.feedback.key({ projectId: "p1" })[0])).toBe(false);
    expect(isCompanyRoot(API.meetingStats.key()[0])).toBe(false);
  });
});
