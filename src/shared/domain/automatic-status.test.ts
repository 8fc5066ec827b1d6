import { describe, expect, it } from "vitest";
import { nextStatusStep, type StatusFacts, statusSteps } from "./automatic-status";

const base: StatusFacts = {
  status: "profile",
  ownerProfileCompleted: false,
  briefConfirmed: false,
  advancePaymentReceived: false,
  prototypeUrl: null,
  acceptedAt: null,
};
const now = new Date("2026-03-01T00:00:00Z");

describe("automatic status rules", () => {
  it.each([
    ["profile stays without a completed profile", base, null],
    ["profile → requirements when the profile is complete", { ...base, ownerProfileCompleted: true }, "requirements"],
    [
      "requirements stays while the brief is unconfirmed",
      { ...base, status: "requirements", advancePaymentReceived: true },
      null,
    ],
    ["requirements stays until the advance payment arrives", { ...base, status: "requirements", briefConfirmed: true }, null],
    [
      "requirements → development when both are done",
      { ...base, status: "requirements", briefConfirmed: true, advancePaymentReceived: true },
      "development",
    ],
    [
      "development → testing with a prototype URL",
      { ...base, status: "development", prototypeUrl: "https://demo.example" },
      "testing",
    ],
    ["testing stays until the customer approves", { ...base, status: "testing" }, null],
    [
      "testing → completed once the customer approved",
      { ...base, status: "testing", acceptedAt: new Date("2026-02-01") },
      "completed",
    ],
    ["completed stays", { ...base, status: "completed" }, null],
  ] as const)("%s", (_name, facts, next) => {
    expect(nextStatusStep(facts as StatusFacts, now)?.to ?? null).toBe(next);
  });

  it("takes several steps in a row when they all apply", () => {
    const steps = statusSteps({ ...base, ownerProfileCompleted: true, briefConfirmed: true, advancePaymentReceived: true }, now);
    expect(steps.map((s) => s.to)).toEqual(["requirements", "development"]);
  });
});
