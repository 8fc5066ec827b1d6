import { describe, expect, it } from "vitest";
import { formatMoney, fromMinorUnits, paymentPhaseState, toMinorUnits } from "./payments";

describe("payment amounts", () => {
  it("converts major units with at most 2 decimals to minor units exactly", () => {
    expect(toMinorUnits("2500")).toBe(250000);
    expect(toMinorUnits("2500.5")).toBe(250050);
    expect(toMinorUnits("0.29")).toBe(29);
    expect(toMinorUnits("80000.00")).toBe(8000000);
    for (const bad of ["", "2,500", "2500.001", "-5", "1e3", "abc", null]) expect(toMinorUnits(bad)).toBeNull();
    expect(fromMinorUnits(250050)).toBe("2500.50");
    expect(formatMoney(250000, "USD")).toBe("2,500.00 USD");
    expect(formatMoney(8000000, "INR")).toBe("80,000.00 INR");
  });

  it("names each phase state from the facts", () => {
    const base = { link: null, amount: null, receivedDate: null, paidVia: null, issue: null } as const;
    expect(paymentPhaseState(base)).toBe("not_issued");
    expect(paymentPhaseState({ ...base, amount: "2500.00" })).toBe("awaiting_payment");
    expect(paymentPhaseState({ ...base, link: "https://pay.example.com" })).toBe("awaiting_payment");
    expect(paymentPhaseState({ ...base, amount: "1", receivedDate: new Date(), paidVia: "stripe" })).toBe("paid_stripe");
    expect(paymentPhaseState({ ...base, receivedDate: new Date(), paidVia: "transfer" })).toBe("paid_transfer");
    expect(paymentPhaseState({ ...base, receivedDate: new Date(), paidVia: null })).toBe("paid_transfer");
    expect(paymentPhaseState({ ...base, amount: "1", issue: "amount_mismatch" })).toBe("amount_mismatch");
    expect(paymentPhaseState({ ...base, receivedDate: new Date(), paidVia: "stripe", issue: "refunded" })).toBe("refunded");
  });
});
