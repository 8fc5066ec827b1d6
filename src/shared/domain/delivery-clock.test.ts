// What the delivery clock says in each state: waiting (the missing steps named), running, overdue, delivered.
import { describe, expect, it } from "vitest";
import { deliveryDueAt, readDeliveryClock } from "./delivery-clock";

const HOUR = 3_600_000;
const start = new Date("2026-11-27T10:00:00.000Z");
const base = {
  status: "development",
  advancePaymentReceivedDate: "2026-11-27T00:00:00.000Z",
  deliveryStartedAt: start.toISOString(),
  deliveryDueAt: deliveryDueAt(start, "basic").toISOString(),
  deliveredAt: null,
};

describe("readDeliveryClock", () => {
  it("is due after the package's hours", () => {
    expect(deliveryDueAt(start, "basic").getTime() - start.getTime()).toBe(48 * HOUR);
    expect(deliveryDueAt(start, "advanced").getTime() - start.getTime()).toBe(72 * HOUR);
    expect(deliveryDueAt(start, "premium").getTime() - start.getTime()).toBe(96 * HOUR);
  });

  it("names what is missing before it starts", () => {
    const waiting = { ...base, status: "requirements", deliveryStartedAt: null, deliveryDueAt: null };
    expect(readDeliveryClock({ ...waiting, briefConfirmed: false, advancePaymentReceivedDate: null })).toEqual({
      state: "waiting",
      missing: ["brief", "advance"],
    });
    expect(readDeliveryClock({ ...waiting, briefConfirmed: true })).toEqual({ state: "waiting", missing: [] });
    expect(readDeliveryClock({ ...waiting, advancePaymentReceivedDate: null })).toEqual({
      state: "waiting",
      missing: ["advance"],
    });
  });

  it("counts the whole hours left, then how late", () => {
    expect(readDeliveryClock(base, new Date(start.getTime() + 6.5 * HOUR))).toMatchObject({
      state: "running",
      hoursLeft: 41,
      overdue: false,
    });
    expect(readDeliveryClock(base, new Date(start.getTime() + 51 * HOUR))).toMatchObject({
      state: "running",
      overdue: true,
      hoursLate: 3,
    });
  });

  it("says how long delivery took, and how late when it was", () => {
    const on = readDeliveryClock({ ...base, deliveredAt: new Date(start.getTime() + 41 * HOUR).toISOString() });
    expect(on).toEqual({ state: "delivered", hoursTaken: 41, late: false, hoursLate: 0 });
    const late = readDeliveryClock({ ...base, deliveredAt: new Date(start.getTime() + 53 * HOUR).toISOString() });
    expect(late).toEqual({ state: "delivered", hoursTaken: 53, late: true, hoursLate: 5 });
  });
});
