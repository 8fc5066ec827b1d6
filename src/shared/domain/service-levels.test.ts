import { describe, expect, it } from "vitest";
import { isMeetingRequestOverdue, isMessageOverdue, messageOverdueCutoff } from "./service-levels";

// 2026-11-23 is a Monday.
const at = (iso: string) => new Date(iso);

describe("a customer message's service level: one business day, weekends skipped", () => {
  it.each([
    { now: "2026-11-24T10:00:00Z", cutoff: "2026-11-23T10:00:00Z", why: "Tuesday: 24 h back is Monday" },
    { now: "2026-11-23T10:00:00Z", cutoff: "2026-11-20T10:00:00Z", why: "Monday: the weekend is skipped to Friday" },
    { now: "2026-11-23T00:00:00Z", cutoff: "2026-11-20T00:00:00Z", why: "Monday midnight: Friday midnight" },
    { now: "2026-11-21T15:00:00Z", cutoff: "2026-11-20T00:00:00Z", why: "Saturday: the whole of Friday" },
    { now: "2026-11-22T23:59:00Z", cutoff: "2026-11-20T00:00:00Z", why: "Sunday: still the whole of Friday" },
    { now: "2026-11-27T18:00:00Z", cutoff: "2026-11-26T18:00:00Z", why: "Friday: Thursday" },
  ])("$why", ({ now, cutoff }) => {
    expect(messageOverdueCutoff(at(now)).toISOString()).toBe(at(cutoff).toISOString());
  });

  it.each([
    {
      written: "2026-11-20T16:00:00Z",
      now: "2026-11-23T15:00:00Z",
      waiting: true,
      overdue: false,
      why: "Friday → Monday, 23 business hours",
    },
    {
      written: "2026-11-20T16:00:00Z",
      now: "2026-11-23T17:00:00Z",
      waiting: true,
      overdue: true,
      why: "Friday → Monday, 25 business hours",
    },
    {
      written: "2026-11-20T16:00:00Z",
      now: "2026-11-22T23:00:00Z",
      waiting: true,
      overdue: false,
      why: "over the weekend, 8 business hours",
    },
    {
      written: "2026-11-23T09:00:00Z",
      now: "2026-11-24T09:00:00Z",
      waiting: true,
      overdue: false,
      why: "exactly one business day",
    },
    { written: "2026-11-23T09:00:00Z", now: "2026-11-24T09:00:01Z", waiting: true, overdue: true, why: "just more than one" },
    {
      written: "2026-11-10T09:00:00Z",
      now: "2026-11-24T09:00:00Z",
      waiting: false,
      overdue: false,
      why: "answered (not waiting)",
    },
  ])("$why: overdue $overdue", ({ written, now, waiting, overdue }) => {
    expect(isMessageOverdue({ lastCustomerMessageAt: written, waitingForUs: waiting }, at(now))).toBe(overdue);
  });

  it("a thread without a customer message is never overdue", () => {
    expect(isMessageOverdue({ lastCustomerMessageAt: null, waitingForUs: true }, at("2026-11-24T09:00:00Z"))).toBe(false);
  });
});

describe("a meeting request's service level: its urgency's window while pending", () => {
  const now = at("2026-11-24T12:00:00Z");
  const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
  it.each([
    { urgency: "high", status: "pending", age: 23, overdue: false },
    { urgency: "high", status: "pending", age: 25, overdue: true },
    { urgency: "medium", status: "pending", age: 71, overdue: false },
    { urgency: "medium", status: "pending", age: 73, overdue: true },
    { urgency: "low", status: "pending", age: 167, overdue: false },
    { urgency: "low", status: "pending", age: 169, overdue: true },
    { urgency: "high", status: "scheduled", age: 500, overdue: false },
    { urgency: "low", status: "cancelled", age: 500, overdue: false },
    { urgency: "medium", status: "completed", age: 500, overdue: false },
  ] as const)("$urgency, $status, $age h old: overdue $overdue", ({ urgency, status, age, overdue }) => {
    expect(isMeetingRequestOverdue({ urgency, status, createdAt: hoursAgo(age) }, now)).toBe(overdue);
  });
});
