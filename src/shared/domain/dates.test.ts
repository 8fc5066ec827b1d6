// The one wording of a UTC day, month and timestamp, used by documents, file names and the console's charts.
import { describe, expect, it } from "vitest";
import { formatUtcDay, isoDay, isoMonth, utcTimestamp } from "./dates";

describe("UTC date wording", () => {
  const late = new Date("2026-03-05T23:59:58.900Z");

  it("reads the UTC calendar, whatever the machine's zone", () => {
    expect(isoDay(late)).toBe("2026-03-05");
    expect(isoMonth(late)).toBe("2026-03");
    expect(utcTimestamp(late)).toBe("2026-03-05 23:59:58 UTC");
    expect(formatUtcDay(late)).toBe("5 March 2026");
  });

  it("words the day as the brief and its PDF always did (en-GB, UTC)", () => {
    for (const iso of ["2026-01-01T00:00:00Z", "2026-12-31T23:00:00Z", "2024-02-29T12:00:00Z"]) {
      const date = new Date(iso);
      const before = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
      expect(formatUtcDay(date)).toBe(before.format(date));
    }
  });
});
