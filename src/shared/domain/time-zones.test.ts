import { describe, expect, it } from "vitest";
import { timeZoneBodySchema } from "../schemas/time-zone";
import { formatInstantWithOffset, utcOffsetLabel } from "./dates";
import { canonicalTimeZone, isTimeZone, matchingTimeZones, supportedTimeZones, TIME_ZONE_ALIASES } from "./time-zones";

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

describe("legacy zone names", () => {
  it("turns a legacy name into the current one and leaves the rest alone", () => {
    expect(canonicalTimeZone("Asia/Calcutta")).toBe("Asia/Kolkata");
    expect(canonicalTimeZone("Europe/Kiev")).toBe("Europe/Kyiv");
    expect(canonicalTimeZone("Asia/Saigon")).toBe("Asia/Ho_Chi_Minh");
    expect(canonicalTimeZone("Asia/Kolkata")).toBe("Asia/Kolkata");
    expect(canonicalTimeZone("America/New_York")).toBe("America/New_York");
    expect(canonicalTimeZone("toString")).toBe("toString");
  });

  it("maps only to names this runtime reads as the same zone", () => {
    const at = new Date("2026-07-01T12:00:00Z");
    const clock = (zone: string) =>
      new Intl.DateTimeFormat("en-GB", { timeZone: zone, timeStyle: "long", dateStyle: "short" }).format(at);
    for (const [legacy, current] of Object.entries(TIME_ZONE_ALIASES)) {
      expect(isTimeZone(current), current).toBe(true);
      expect(clock(current), legacy).toBe(clock(legacy));
    }
  });

  it("lists zones by their current names only", () => {
    const zones = supportedTimeZones();
    expect(zones).toContain("Asia/Kolkata");
    expect(zones).toContain("Europe/Kyiv");
    for (const legacy of Object.keys(TIME_ZONE_ALIASES)) expect(zones).not.toContain(legacy);
    expect(new Set(zones).size).toBe(zones.length);
  });

  it("stores a legacy name by its current name", () => {
    expect(timeZoneBodySchema.parse({ timeZone: "Asia/Calcutta" })).toEqual({ timeZone: "Asia/Kolkata" });
    expect(timeZoneBodySchema.parse({ timeZone: " Europe/Paris " })).toEqual({ timeZone: "Europe/Paris" });
  });

  it("states an instant in an email with the zone's current name", () => {
    expect(formatInstantWithOffset(new Date("2026-11-25T23:30:00.000Z"), "Asia/Calcutta")).toBe(
      "Thursday, 26 November 2026, 05:00 (UTC+05:30, Asia/Kolkata)",
    );
  });
});

describe("searching the zone list", () => {
  const zones = supportedTimeZones();
  it("finds a zone by a part of its name, spaces for underscores, any case", () => {
    expect(matchingTimeZones(zones, "new york")).toEqual(["America/New_York"]);
    expect(matchingTimeZones(zones, "  KOLKATA ")).toEqual(["Asia/Kolkata"]);
  });

  it("finds a zone by its legacy name, under its current one", () => {
    expect(matchingTimeZones(zones, "Calcutta")).toEqual(["Asia/Kolkata"]);
    expect(matchingTimeZones(zones, "kiev")).toEqual(["Europe/Kyiv"]);
  });

  it("keeps every zone for an empty search and none for a stranger", () => {
    expect(matchingTimeZones(zones, " ")).toEqual(zones);
    expect(matchingTimeZones(zones, "Atlantis")).toEqual([]);
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
