import { describe, expect, it } from "vitest";
import {
  addUserButton,
  authorizedUsersStat,
  currentTask,
  deploymentDetail,
  EST_COMPLETION_EMPTY,
  estimatedCompletionStat,
  formatAmount,
  iterationsStat,
  paymentsFor,
  projectStatusStat,
  quickActions,
  safeDocumentUrl,
  viewerScope,
} from "./dashboard";

const now = new Date("2026-03-10T12:00:00Z");

describe("stat cards", () => {
  it.each([
    [null, "Not started", 0],
    [{ status: "profile" }, "Setting up profile", 17],
    [{ status: "requirements" }, "Gathering requirements", 33],
    [{ status: "development" }, "Development in progress", 67],
    [{ status: "completed" }, "Project completed", 100],
  ])("project status for %j reads %s with the milestones' %i%%, the figure Your Progress shows", (project, label, percent) => {
    const stat = projectStatusStat(project, percent);
    expect(stat.value).toBe(label);
    expect(stat).toMatchObject({ percent, detail: `${percent}% complete` });
  });

  it.each([
    [null, "0 / 5", true],
    [{ authorizedUsersCount: 0, userLimit: 10 }, "0 / 10", true],
    [{ authorizedUsersCount: 3, userLimit: 20 }, "3 / 20", false],
  ])("authorized users for %j reads %s", (project, value, empty) => {
    expect(authorizedUsersStat(project)).toMatchObject({ value, empty });
  });

  it.each([
    [null, "0 / 3", true],
    [{ iterationsUsed: 2, maxIterations: 3 }, "2 / 3", false],
  ])("iterations for %j reads %s", (project, value, empty) => {
    expect(iterationsStat(project)).toMatchObject({ value, empty });
  });

  it.each([
    ["no project", null, "TBD", EST_COMPLETION_EMPTY],
    ["no date yet", { status: "requirements", expectedCompletionDate: null }, "TBD", EST_COMPLETION_EMPTY],
    [
      "twelve days ahead",
      { status: "development", expectedCompletionDate: "2026-03-22T00:00:00Z" },
      "22 March 2026",
      "12 days remaining",
    ],
    ["tomorrow", { status: "development", expectedCompletionDate: "2026-03-11T00:00:00Z" }, "11 March 2026", "1 day remaining"],
    ["today", { status: "testing", expectedCompletionDate: "2026-03-10T23:00:00Z" }, "10 March 2026", "Due today"],
    ["passed", { status: "testing", expectedCompletionDate: "2026-03-01T00:00:00Z" }, "1 March 2026", "Past the expected date"],
    ["completed", { status: "completed", expectedCompletionDate: "2026-03-01T00:00:00Z" }, "1 March 2026", "Completed"],
  ])("est. completion, %s", (_case, project, value, detail) => {
    expect(estimatedCompletionStat(project, now)).toMatchObject({ value, detail });
  });

  it.each([
    [
      "approved: the approval's date",
      { status: "completed", acceptedAt: "2026-03-04T10:00:00Z", expectedCompletionDate: "2026-03-20T00:00:00Z" },
      "4 March 2026",
      "Approved",
    ],
    ["completed with no date at all: never TBD", { status: "completed", expectedCompletionDate: null }, "Completed", "Completed"],
    [
      "the clock running: its due time, not a TBD beside it",
      { status: "development", deliveryStartedAt: "2026-03-09T12:00:00Z", deliveryDueAt: "2026-03-12T12:00:00Z" },
      "12 March 2026",
      "Prototype due in 48 hours",
    ],
    [
      "the clock run out before delivery",
      { status: "development", deliveryStartedAt: "2026-03-01T12:00:00Z", deliveryDueAt: "2026-03-03T12:00:00Z" },
      "3 March 2026",
      "Prototype overdue: the team is on it",
    ],
    [
      "before the advance: the package's hours",
      { status: "requirements", packageType: "advanced", expectedCompletionDate: null },
      "72 hours",
      "Prototype delivery, counted from your advance payment and confirmed brief",
    ],
    [
      "delivered: the iteration plan's date",
      {
        status: "testing",
        deliveryStartedAt: "2026-03-01T12:00:00Z",
        deliveryDueAt: "2026-03-03T12:00:00Z",
        deliveredAt: "2026-03-03T10:00:00Z",
        expectedCompletionDate: "2026-03-22T00:00:00Z",
      },
      "22 March 2026",
      "12 days remaining",
    ],
  ])("est. completion is one date: %s", (_case, project, value, detail) => {
    expect(estimatedCompletionStat(project, now)).toMatchObject({ value, detail });
  });

  it("counts the days left from the viewer's today: in New York at 21:00 on the 25th a date of the 26th is tomorrow", () => {
    const evening = new Date("2026-11-26T02:00:00Z");
    const project = { status: "development", expectedCompletionDate: "2026-11-26T00:00:00Z" } as const;
    expect(estimatedCompletionStat(project, evening, "America/New_York").detail).toBe("1 day remaining");
    expect(estimatedCompletionStat(project, evening, "UTC").detail).toBe("Due today");
    expect(estimatedCompletionStat(project, new Date("2026-11-25T12:00:00Z"), "Pacific/Auckland").detail).toBe("Due today");
  });

  it("dates a running clock's due time by the viewer's day: 20:00 UTC on the 11th is the 12th in Bengaluru", () => {
    const running = { status: "development", deliveryStartedAt: "2026-12-08T20:00:00Z", deliveryDueAt: "2026-12-11T20:00:00Z" };
    const at = new Date("2026-12-09T00:00:00Z");
    expect(estimatedCompletionStat(running, at, "Asia/Kolkata").value).toBe("12 December 2026");
    expect(estimatedCompletionStat(running, at, "UTC").value).toBe("11 December 2026");
  });
});

describe("gates", () => {
  it.each([
    [null, true, "Add New User (Prototype Required)"],
    [{ status: "testing", prototypeUrl: null }, true, "Add New User (Prototype Required)"],
    [{ status: "development", prototypeUrl: "https://p.example" }, true, "Add New User (Prototype Required)"],
    [{ status: "testing", prototypeUrl: "https://p.example" }, false, "Add New User"],
    // The client's developers join after completion too (issue 30: the hand-over).
    [{ status: "completed", prototypeUrl: "https://p.example" }, false, "Add New User"],
  ])("add user for %j: disabled %s", (project, disabled, label) => {
    expect(addUserButton(project)).toEqual({ disabled, label });
  });

  it("closes Add New User and Add Team Members once access has ended, and says why", () => {
    const now = new Date("2026-11-27T12:00:00Z");
    const ended = { status: "completed", prototypeUrl: "https://p.example", customerAccessExpiryDate: "2026-11-26T00:00:00Z" };
    expect(addUserButton(ended, now)).toEqual({ disabled: true, label: "Add New User (Access Ended)" });
    const team = quickActions({ profileCompleted: true }, ended, now).find((a) => a.key === "add_team_members");
    expect(team).toMatchObject({ available: false, reason: expect.stringContaining("Access to this project has ended") });
    const open = { ...ended, customerAccessExpiryDate: "2026-12-26T00:00:00Z" };
    expect(addUserButton(open, now)).toEqual({ disabled: false, label: "Add New User" });
    expect(quickActions({ profileCompleted: true }, open, now).find((a) => a.key === "add_team_members")?.available).toBe(true);
  });

  it.each([
    [
      "new customer",
      null,
      null,
      { schedule_meeting: true, contact_support: true, add_team_members: false, view_requirements: false },
    ],
    [
      "profile completed",
      { profileCompleted: true },
      { status: "requirements" },
      { schedule_meeting: true, contact_support: true, add_team_members: false, view_requirements: true },
    ],
    [
      "prototype in testing",
      { profileCompleted: true },
      { status: "testing", prototypeUrl: "https://p.example" },
      { schedule_meeting: true, contact_support: true, add_team_members: true, view_requirements: true },
    ],
  ])("quick actions for a %s", (_case, profile, project, expected) => {
    const actions = quickActions(profile, project);
    expect(Object.fromEntries(actions.map((a) => [a.key, a.available]))).toEqual(expected);
    expect(actions.map((a) => a.target)).toEqual([
      "/meeting-requests",
      // No project yet: Contact Support opens the general support conversation.
      project ? "/communications?openMessage=true" : "/communications?scope=general&openMessage=true",
      "/user-management",
      "/requirements",
    ]);
  });
});

describe("a member's quick actions: only what their level allows", () => {
  const testing = { status: "testing", prototypeUrl: "https://p.example" } as const;
  it.each([
    ["view_only", { view_requirements: true }],
    ["user", { schedule_meeting: true, contact_support: true, view_requirements: true }],
    ["admin", { schedule_meeting: true, contact_support: true, add_team_members: true, view_requirements: true }],
  ] as const)("a %s member", (level, expected) => {
    const actions = quickActions(null, { ...testing, accessLevel: level });
    expect(Object.fromEntries(actions.map((a) => [a.key, a.available]))).toEqual(expected);
  });
});

describe("what the viewer is shown", () => {
  it.each([
    [null, { member: false, payments: true, nda: true, manageUsers: true, post: true, feedback: true }],
    [{ accessLevel: "owner" }, { member: false, payments: true, nda: true, manageUsers: true, post: true, feedback: true }],
    [{ accessLevel: "admin" }, { member: true, payments: true, nda: false, manageUsers: true, post: true, feedback: true }],
    [{ accessLevel: "user" }, { member: true, payments: false, nda: false, manageUsers: false, post: true, feedback: true }],
    [
      { accessLevel: "view_only" },
      { member: true, payments: false, nda: false, manageUsers: false, post: false, feedback: false },
    ],
  ] as const)("%j", (project, expected) => {
    expect(viewerScope(project)).toEqual(expected);
  });
});

describe("Current Task follows the state", () => {
  const url = "https://p.example";
  it.each([
    ["no profile yet", null, null, "Company profile and NDA", ["Complete Profile"]],
    ["a profile, no NDA yet", { profileCompleted: true }, null, "Sign the NDA", ["Sign NDA"]],
    [
      "a new project, no answers",
      { profileCompleted: true },
      { status: "requirements", requirementsSubmitted: false },
      "Requirements gathering",
      ["Continue Requirements", "View Draft"],
    ],
    [
      "submitted, awaiting review",
      { profileCompleted: true },
      { status: "requirements", requirementsSubmitted: true },
      "Requirements under review",
      ["View Requirements", "Schedule Meeting"],
    ],
    [
      "a confirmed brief, its proposal open",
      { profileCompleted: true },
      { status: "requirements", requirementsSubmitted: true, proposal: { state: "open" } },
      "Accept your proposal",
      ["View Requirements"],
    ],
    [
      "the proposal accepted, the advance not yet received",
      { profileCompleted: true },
      { status: "requirements", requirementsSubmitted: true, proposal: { state: "accepted" } },
      "Pay the advance",
      ["View Requirements"],
    ],
    [
      "development",
      { profileCompleted: true },
      { status: "development", requirementsSubmitted: true },
      "Prototype development",
      ["View Requirements", "Open Communications"],
    ],
    [
      "testing the prototype",
      { profileCompleted: true },
      { status: "testing", prototypeUrl: url, requirementsSubmitted: true },
      "Testing your prototype",
      ["Test Prototype", "Add Team Members"],
    ],
    [
      "testing, prototype not delivered yet",
      { profileCompleted: true },
      { status: "testing", requirementsSubmitted: true },
      "Prototype development",
      ["View Requirements", "Open Communications"],
    ],
    [
      "completed",
      { profileCompleted: true },
      { status: "completed", prototypeUrl: url },
      "Project completed",
      ["View Requirements"],
    ],
    [
      "a view-only member before the prototype",
      null,
      { status: "requirements", accessLevel: "view_only" },
      "Waiting for the prototype",
      ["View Requirements"],
    ],
    [
      "a view-only member during development",
      null,
      { status: "development", accessLevel: "view_only" },
      "Prototype development",
      ["View Requirements"],
    ],
    [
      "a view-only member while testing",
      null,
      { status: "testing", prototypeUrl: url, accessLevel: "view_only" },
      "Testing your prototype",
      ["Open Prototype"],
    ],
    [
      "a user member while testing",
      null,
      { status: "testing", prototypeUrl: url, accessLevel: "user" },
      "Testing your prototype",
      ["Test Prototype"],
    ],
  ] as const)("%s → %s", (_case, profile, project, title, links) => {
    const task = currentTask(profile, project);
    expect(task.title).toBe(title);
    expect(task.links.map((link) => link.label)).toEqual(links);
  });
});

describe("the deployment date", () => {
  it.each([
    [null, null],
    ["2026-03-01T00:00:00Z", "Deployed"],
    ["2026-03-10T12:00:00Z", "Deployed"],
    ["2026-03-20T00:00:00Z", "Planned"],
    ["garbage", null],
  ])("%s → %s", (date, label) => {
    expect(deploymentDetail(date, now)?.label ?? null).toBe(label);
  });
});

describe("payments", () => {
  it("shows nothing without a project", () => {
    expect(paymentsFor(null)).toEqual([]);
  });

  it.each([
    ["nothing set", {}, "not_requested", "not_requested"],
    ["advance link sent", { advancePaymentLink: "https://pay.example/a", advancePaymentAmount: "1000" }, "due", "not_requested"],
    [
      "advance received",
      { advancePaymentAmount: "1000", advancePaymentReceivedDate: "2026-03-01T00:00:00Z" },
      "paid",
      "not_requested",
    ],
    ["balance due via final fields", { finalPaymentLink: "https://pay.example/f" }, "not_requested", "due"],
    [
      "balance received",
      { balancePaymentAmount: "1000", balancePaymentReceivedDate: "2026-03-05T00:00:00Z" },
      "not_requested",
      "paid",
    ],
  ])("%s", (_case, project, advance, balance) => {
    expect(paymentsFor(project).map((p) => p.state)).toEqual([advance, balance]);
  });

  it("formats amounts in the payment's currency and hides the pay link once paid", () => {
    const [advance, balance] = paymentsFor({
      advancePaymentAmount: "160000",
      advancePaymentCurrency: "INR",
      advancePaymentLink: "https://pay.example/a",
      advancePaymentReceivedDate: "2026-03-01T00:00:00Z",
      balancePaymentAmount: "2,000",
      balancePaymentCurrency: "USD",
      balancePaymentLink: "https://pay.example/b",
    });
    expect(advance).toMatchObject({ amount: "₹1,60,000", link: null, stateLabel: "Paid" });
    expect(balance).toMatchObject({ amount: "$2,000", link: "https://pay.example/b", stateLabel: "Payment due" });
  });

  it.each([
    ["1000", "USD", "$1,000"],
    ["half on delivery", "USD", "half on delivery"],
    ["", "USD", null],
  ])("formats the amount %s", (amount, currency, shown) => {
    expect(formatAmount(amount, currency)).toBe(shown);
  });
});

describe("invoice links on the payment card", () => {
  it.each([
    [`/api/files/${"a".repeat(64)}`, `/api/files/${"a".repeat(64)}`],
    ["https://billing.example/inv.pdf", "https://billing.example/inv.pdf"],
    ["javascript:alert(1)", null],
    ["/api/files/../../etc", null],
  ])("%s → %s", (url, expected) => {
    expect(safeDocumentUrl(url)).toBe(expected);
  });
});
