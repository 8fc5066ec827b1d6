import { describe, expect, it } from "vitest";
import { formatInstantWithOffset, utcOffsetLabel } from "./dates";
import { isTimeZone, supportedTimeZones } from "./time-zones";

describe("isTimeZone", () => {
  it.each([
    ["America/New_York", true],
    ["Asia/Kolkata", true],
    ["Pacific/Auckland", true],
    ["America/Argentina/Buenos_Aires", true],
    ["UTC", true],
    ["Etc/GMT+5", true],
    ["Mars/Olympus_Mons", false],
    ["america/new_york", false],
    ["+05:00", false],
    ["", false],
    [" America/New_York", false],
    ["America/New_York; drop table users", false],
    ["A".repeat(65), false],
  ])("%s → %s", (zone, expected) => {
    expect(isTimeZone(zone)).toBe(expected);
  });

  it("lists UTC first and every listed zone passes", () => {
    const zones = supportedTimeZones();
    expect(zones[0]).toBe("UTC");
    expect(zones).toContain("America/New_York");
    expect(zones.every(isTimeZone)).toBe(true);
  });
});

describe("an instant as an email states it", () => {
  const instant = new Date("2026-11-25T23:30:00.000Z");
  it.each([
    ["America/New_York", "Wednesday, 25 November 2026, 18:30 (UTC\u221205:00, America/New_York)"],
    ["Asia/Kolkata", "Thursday, 26 November 2026, 05:00 (UTC+05:30, Asia/Kolkata)"],
    ["Pacific/Auckland", "Thursday, 26 November 2026, 12:30 (UTC+13:00, Pacific/Auckland)"],
    ["UTC", "Wednesday, 25 November 2026, 23:30 (UTC+00:00, UTC)"],
    ["Not/AZone", "Wednesday, 25 November 2026, 23:30 (UTC+00:00, UTC)"],
  ])("%s", (zone, expected) => {
    expect(formatInstantWithOffset(instant, zone)).toBe(expected);
  });

  it("follows daylight saving", () => {
    expect(utcOffsetLabel(new Date("2026-07-01T12:00:00Z"), "America/New_York")).toBe("UTC\u221204:00");
  });
});
