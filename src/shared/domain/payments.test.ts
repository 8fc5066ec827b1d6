import { describe, expect, it } from "vitest";
import { canStartCheckout, formatMoney, fromMinorUnits, paymentPhaseState, toMinorUnits } from "./payments";

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
    expect(paymentPhaseState({ ...base, receivedDate: new Date(), paidVia: "stripe", issue: "duplicate_payment" })).toBe(
      "duplicate_payment",
    );
  });
});

describe("Pay Now", () => {
  const ready = { accessLevel: "owner", cardPaymentsEnabled: true, amount: "2500.00", receivedDate: null };
  it("is offered to the owner and an admin-level member for an unpaid phase with an amount, Stripe on", () => {
    expect(canStartCheckout(ready)).toBe(true);
    expect(canStartCheckout({ ...ready, accessLevel: "admin" })).toBe(true);
  });
  it("is not offered to other members, the company, with Stripe off, without a valid amount, or once paid", () => {
    expect(canStartCheckout({ ...ready, accessLevel: "user" })).toBe(false);
    expect(canStartCheckout({ ...ready, accessLevel: "view_only" })).toBe(false);
    expect(canStartCheckout({ ...ready, accessLevel: "company" })).toBe(false);
    expect(canStartCheckout({ ...ready, cardPaymentsEnabled: false })).toBe(false);
    expect(canStartCheckout({ ...ready, amount: null })).toBe(false);
    expect(canStartCheckout({ ...ready, amount: "about 2k" })).toBe(false);
    expect(canStartCheckout({ ...ready, receivedDate: "2026-11-27T00:00:00.000Z" })).toBe(false);
  });
  it("is offered for the advance only once the proposal is accepted", () => {
    expect(canStartCheckout({ ...ready, proposalAccepted: false })).toBe(false);
    expect(canStartCheckout({ ...ready, proposalAccepted: true })).toBe(true);
  });
});
