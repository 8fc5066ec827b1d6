import { describe, expect, it } from "vitest";
import { MEETING_REQUEST_STATUS_LABELS, URGENCY_LABELS } from "./meetings";

describe("meeting labels", () => {
  it("reads each urgency as its capitalised name", () => {
    expect(URGENCY_LABELS).toEqual({ low: "Low", medium: "Medium", high: "High" });
  });

  it("reads each request state as its capitalised name", () => {
    expect(MEETING_REQUEST_STATUS_LABELS).toEqual({
      pending: "Pending",
      scheduled: "Scheduled",
      completed: "Completed",
      cancelled: "Cancelled",
    });
  });
});
