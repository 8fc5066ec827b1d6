import { describe, expect, it } from "vitest";
import { progressForStatus, statusLabel } from "./project-status";

describe("project status", () => {
  it.each([
    ["profile", "Setting up profile", 20],
    ["requirements", "Gathering requirements", 60],
    ["development", "Development in progress", 80],
    ["testing", "Testing phase", 90],
    ["completed", "Project completed", 100],
    [null, "Not started", 0],
    ["archived", "Not started", 0],
    // Names every JavaScript object has are not statuses either.
    ["constructor", "Not started", 0],
    ["toString", "Not started", 0],
    ["__proto__", "Not started", 0],
  ])("status %s reads '%s' at %i%%", (status, label, percent) => {
    expect(statusLabel(status)).toBe(label);
    expect(progressForStatus(status)).toBe(percent);
  });
});
