// The viewer sits in Los Angeles (UTC-8 in winter): instants move to the local day, calendar dates do not.
process.env.TZ = "America/Los_Angeles";

import { describe, expect, it } from "vitest";
import {
  formatCalendarDate,
  formatDate,
  formatDateTime,
  formatMonth,
  formatTime,
  fromDateTimeLocal,
  toDateTimeLocal,
} from "./date-time";

describe("date-time", () => {
  it("shows an instant on the viewer's local day and hour", () => {
    // 03:30 UTC on 5 March is still the evening of 4 March in Los Angeles.
    expect(formatDate("2026-03-05T03:30:00.000Z")).toBe(
      new Date(2026, 2, 4).toLocaleDateString(undefined, { dateStyle: "medium" }),
    );
    expect(formatDateTime("2026-03-05T03:30:00.000Z")).toContain("7:30");
    expect(formatTime("2026-03-05T03:30:00.000Z")).toMatch(/7:30\s?PM PST/);
  });

  it("shows a calendar date as the same day in every zone", () => {
    const fifth = new Date(2026, 2, 5).toLocaleDateString(undefined, { dateStyle: "medium" });
    expect(formatCalendarDate("2026-03-05")).toBe(fifth);
    expect(formatCalendarDate("2026-03-05T00:00:00.000Z")).toBe(fifth);
  });

  it("shows a dash for an empty or unreadable value", () => {
    expect(formatDate(null)).toBe("—");
    expect(formatDateTime(undefined)).toBe("—");
    expect(formatCalendarDate("")).toBe("—");
    expect(formatDate("not a date")).toBe("—");
  });

  it("names a calendar month without moving it", () => {
    expect(formatMonth("2026-03")).toBe(new Date(2026, 2, 15).toLocaleDateString(undefined, { month: "short" }));
  });

  it("round-trips a datetime-local value through the viewer's zone", () => {
    expect(toDateTimeLocal("2026-03-05T03:30:00.000Z")).toBe("2026-03-04T19:30");
    expect(fromDateTimeLocal("2026-03-04T19:30")).toBe("2026-03-05T03:30:00.000Z");
    expect(toDateTimeLocal(null)).toBe("");
    expect(fromDateTimeLocal("")).toBeNull();
    expect(fromDateTimeLocal("garbage")).toBeNull();
  });
});
