import { describe, expect, it } from "vitest";
import { isUpdateDue } from "./progress-updates";

const now = new Date("2026-11-27T12:00:00Z");
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000).toISOString();

describe("isUpdateDue", () => {
  it.each([
    ["development, never updated", { status: "development", lastUpdateAt: null, developmentStartedAt: hoursAgo(1) }, true],
    [
      "testing, updated 23 hours ago",
      { status: "testing", lastUpdateAt: hoursAgo(23), developmentStartedAt: hoursAgo(60) },
      false,
    ],
    [
      "testing, updated 25 hours ago",
      { status: "testing", lastUpdateAt: hoursAgo(25), developmentStartedAt: hoursAgo(60) },
      true,
    ],
    [
      "development, the last update came before it entered development",
      { status: "development", lastUpdateAt: hoursAgo(3), developmentStartedAt: hoursAgo(2) },
      true,
    ],
    [
      "development, updated since it entered",
      { status: "development", lastUpdateAt: hoursAgo(1), developmentStartedAt: hoursAgo(2) },
      false,
    ],
    ["requirements, never updated", { status: "requirements", lastUpdateAt: null, developmentStartedAt: null }, false],
    ["completed, never updated", { status: "completed", lastUpdateAt: null, developmentStartedAt: hoursAgo(90) }, false],
  ])("%s", (_, facts, due) => {
    expect(isUpdateDue(facts, now)).toBe(due);
  });
});
