// The browser sits in Los Angeles (UTC-8 in winter); the viewer's stored zone, when set, wins over it. Instants move to
// the viewer's day and hour, calendar dates do not.
process.env.TZ = "America/Los_Angeles";

import { afterEach, describe, expect, it } from "vitest";
import {
  browserTimeZone,
  formatCalendarDate,
  formatDate,
  formatDateTime,
  formatLongDate,
  formatMeetingTime,
  formatMonth,
  formatStoredText,
  formatTime,
  formatWeekdayDate,
  fromDateTimeLocal,
  setViewerTimeZone,
  timeAgo,
  toDateTimeLocal,
  viewerTimeZone,
} from "./date-time";

// Half an hour before midnight UTC: already the 26th east of Greenwich, still the 25th in the Americas.
const NEAR_MIDNIGHT = "2026-11-25T23:30:00.000Z";

afterEach(() => setViewerTimeZone(null));

describe("the viewer's zone", () => {
  it("is the stored zone when there is one, else the browser's", () => {
    expect(browserTimeZone()).toBe("America/Los_Angeles");
    expect(viewerTimeZone()).toBe("America/Los_Angeles");
    setViewerTimeZone("Asia/Kolkata");
    expect(viewerTimeZone()).toBe("Asia/Kolkata");
    setViewerTimeZone("Not/AZone");
    expect(viewerTimeZone()).toBe("America/Los_Angeles");
  });

  it("names a zone stored under a legacy name by its current name", () => {
    setViewerTimeZone("Asia/Calcutta");
    expect(viewerTimeZone()).toBe("Asia/Kolkata");
  });

  it("names the browser's zone by its current name when the browser reports a legacy one", () => {
    const before = process.env.TZ;
    process.env.TZ = "Asia/Calcutta";
    try {
      expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe("Asia/Calcutta");
      expect(browserTimeZone()).toBe("Asia/Kolkata");
    } finally {
      process.env.TZ = before;
    }
  });
});

describe("an instant near midnight UTC, read in three zones", () => {
  it.each([
    {
      zone: "America/New_York",
      date: "25 November 2026",
      weekday: "Wednesday, 25 November 2026",
      time: "18:30 EST",
      local: "2026-11-25T18:30",
    },
    {
      zone: "Asia/Kolkata",
      date: "26 November 2026",
      weekday: "Thursday, 26 November 2026",
      time: "05:00 GMT+5:30",
      local: "2026-11-26T05:00",
    },
    {
      zone: "Pacific/Auckland",
      date: "26 November 2026",
      weekday: "Thursday, 26 November 2026",
      time: "12:30 GMT+13",
      local: "2026-11-26T12:30",
    },
  ])("$zone: $date, $time", ({ zone, date, weekday, time, local }) => {
    setViewerTimeZone(zone);
    expect(formatDate(NEAR_MIDNIGHT)).toBe(date);
    expect(formatLongDate(NEAR_MIDNIGHT)).toBe(date);
    expect(formatWeekdayDate(NEAR_MIDNIGHT)).toBe(weekday);
    expect(formatTime(NEAR_MIDNIGHT)).toBe(time);
    expect(formatDateTime(NEAR_MIDNIGHT)).toBe(`${date}, ${time}`);
    expect(formatMeetingTime(NEAR_MIDNIGHT)).toBe(`${weekday}, ${time}`);
    expect(toDateTimeLocal(NEAR_MIDNIGHT)).toBe(local);
    expect(fromDateTimeLocal(local)).toBe(NEAR_MIDNIGHT);
    // A calendar date is the same day in every zone.
    expect(formatCalendarDate("2026-11-25")).toBe("25 November 2026");
    expect(formatCalendarDate("2026-11-25T00:00:00.000Z")).toBe("25 November 2026");
  });

  it("uses the browser's zone until one is stored", () => {
    expect(formatDateTime(NEAR_MIDNIGHT)).toBe("25 November 2026, 15:30 PST");
    expect(toDateTimeLocal(NEAR_MIDNIGHT)).toBe("2026-11-25T15:30");
  });
});

describe("dates on screens", () => {
  it("words a meeting at 03:30 UTC as the evening before in New York", () => {
    setViewerTimeZone("America/New_York");
    expect(formatMeetingTime("2026-11-26T03:30:00.000Z")).toBe("Wednesday, 25 November 2026, 22:30 EST");
  });

  it("words the instants inside stored text in the viewer's zone", () => {
    setViewerTimeZone("America/New_York");
    expect(formatStoredText("[[at:2026-11-26T03:30:00.000Z]] (30 minutes)")).toBe(
      "Wednesday, 25 November 2026, 22:30 EST (30 minutes)",
    );
    expect(formatStoredText("Scheduled")).toBe("Scheduled");
    expect(formatStoredText(null)).toBeNull();
  });

  it("after a week, says the day in the viewer's zone instead of how long ago", () => {
    setViewerTimeZone("Pacific/Auckland");
    const now = new Date("2026-12-10T00:00:00.000Z");
    expect(timeAgo(NEAR_MIDNIGHT, now)).toBe("26 November 2026");
    expect(timeAgo("2026-12-09T23:00:00.000Z", now)).toBe("1 hour ago");
  });

  it("keeps the wall time across a daylight-saving change", () => {
    setViewerTimeZone("America/New_York");
    expect(fromDateTimeLocal("2026-03-08T12:00")).toBe("2026-03-08T16:00:00.000Z");
    expect(fromDateTimeLocal("2026-03-07T12:00")).toBe("2026-03-07T17:00:00.000Z");
  });

  it("shows a dash for an empty or unreadable value", () => {
    expect(formatDate(null)).toBe("—");
    expect(formatDateTime(undefined)).toBe("—");
    expect(formatCalendarDate("")).toBe("—");
    expect(formatDate("not a date")).toBe("—");
    expect(formatMeetingTime(null)).toBe("—");
    expect(toDateTimeLocal(null)).toBe("");
    expect(fromDateTimeLocal("")).toBeNull();
    expect(fromDateTimeLocal("garbage")).toBeNull();
  });

  it("names a calendar month without moving it", () => {
    expect(formatMonth("2026-03")).toBe("Mar");
  });
});
