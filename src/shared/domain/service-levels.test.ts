// The service levels are the site's promises: 2 h for a new project, 4 h for support (the end of "2-4 hours"),
// 24 h for an inquiry, 24 h to confirm a meeting request (4 h when urgent), counted in plain hours.
import { describe, expect, it } from "vitest";
import { RESPONSE_PROMISES } from "../constants/marketing";
import {
  describeDue,
  inquiryOverdueCutoff,
  isMeetingRequestOverdue,
  isMessageOverdue,
  messageOverdueCutoff,
  SERVICE_LEVELS,
  serviceDueAt,
} from "./service-levels";

const at = (iso: string) => new Date(iso);

describe("the clocks are the promises the site makes", () => {
  it("new projects 2 hours, support 4 (the end of 2-4), inquiries and meeting requests 24", () => {
    expect(RESPONSE_PROMISES).toContainEqual({ topic: "New projects", within: `${SERVICE_LEVELS.newProject.hours} hours` });
    expect(RESPONSE_PROMISES).toContainEqual({ topic: "Support", within: `2-${SERVICE_LEVELS.support.hours} hours` });
    expect(SERVICE_LEVELS.inquiry.hours).toBe(24);
    expect(SERVICE_LEVELS.meeting.hours).toBe(24);
  });

  it.each([
    ["newProject", undefined, "2026-11-23T12:00:00.000Z"],
    ["support", undefined, "2026-11-23T14:00:00.000Z"],
    ["inquiry", undefined, "2026-11-24T10:00:00.000Z"],
    ["meeting", "low", "2026-11-24T10:00:00.000Z"],
    ["meeting", "medium", "2026-11-24T10:00:00.000Z"],
    ["meeting", "high", "2026-11-23T14:00:00.000Z"],
  ] as const)("%s (%s) started at 10:00 Monday is due %s", (kind, urgency, due) => {
    expect(serviceDueAt(kind, "2026-11-23T10:00:00Z", urgency).toISOString()).toBe(due);
  });
});

describe("a customer message: 4 hours, weekends included", () => {
  it("its cutoff is 4 hours back, on a Sunday too", () => {
    expect(messageOverdueCutoff(at("2026-11-22T12:00:00Z")).toISOString()).toBe("2026-11-22T08:00:00.000Z");
  });
  it.each([
    { written: "2026-11-23T10:00:00Z", now: "2026-11-23T13:59:00Z", waiting: true, overdue: false },
    { written: "2026-11-23T10:00:00Z", now: "2026-11-23T14:01:00Z", waiting: true, overdue: true },
    { written: "2026-11-23T10:00:00Z", now: "2026-11-24T10:00:00Z", waiting: false, overdue: false },
  ])("written $written, now $now, waiting $waiting → overdue $overdue", ({ written, now, waiting, overdue }) => {
    expect(isMessageOverdue({ lastCustomerMessageAt: written, waitingForUs: waiting }, at(now))).toBe(overdue);
  });
});

describe("meeting requests and inquiries", () => {
  it("a high-urgency request is overdue after 4 hours, a low one after 24, an answered one never", () => {
    const createdAt = "2026-11-23T10:00:00Z";
    const now = at("2026-11-23T15:00:00Z");
    expect(isMeetingRequestOverdue({ status: "pending", urgency: "high", createdAt }, now)).toBe(true);
    expect(isMeetingRequestOverdue({ status: "pending", urgency: "low", createdAt }, now)).toBe(false);
    expect(isMeetingRequestOverdue({ status: "pending", urgency: "low", createdAt }, at("2026-11-24T10:01:00Z"))).toBe(true);
    expect(isMeetingRequestOverdue({ status: "scheduled", urgency: "high", createdAt }, now)).toBe(false);
  });
  it("an inquiry's cutoff is 24 hours back", () => {
    expect(inquiryOverdueCutoff(at("2026-11-24T10:00:00Z")).toISOString()).toBe("2026-11-23T10:00:00.000Z");
  });
});

describe("how a row words its clock", () => {
  const now = at("2026-11-23T10:00:00Z");
  it.each([
    ["2026-11-23T10:25:00Z", false, "Due in 25 min"],
    ["2026-11-23T13:00:00Z", false, "Due in 3 h"],
    ["2026-11-23T08:00:00Z", true, "Overdue by 2 h"],
    ["2026-11-20T10:00:00Z", true, "Overdue by 3 days"],
  ])("due %s → %s %s", (due, overdue, text) => {
    expect(describeDue(due, now)).toEqual({ overdue, text });
  });
});
