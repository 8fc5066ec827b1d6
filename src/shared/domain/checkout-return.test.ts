import { describe, expect, it } from "vitest";
import { checkoutReturnUrl, readCheckoutReturn } from "./checkout-return";

describe("the return from checkout", () => {
  it("sends the payer back to that project's dashboard with the phase and Stripe's session placeholder", () => {
    expect(
      checkoutReturnUrl("https://portal.example", { projectCode: "PRJ-2026-0042", phase: "advance", outcome: "returned" }),
    ).toBe(
      "https://portal.example/dashboard?project=PRJ-2026-0042&payment=returned&phase=advance&session_id={CHECKOUT_SESSION_ID}",
    );
    expect(checkoutReturnUrl("https://portal.example", { projectCode: "PRJ-1", phase: "balance", outcome: "cancelled" })).toBe(
      "https://portal.example/dashboard?project=PRJ-1&payment=cancelled&phase=balance",
    );
  });

  it("reads the return as Stripe writes it, and nothing else", () => {
    const read = (query: string) => readCheckoutReturn(new URLSearchParams(query));
    expect(read("project=PRJ-1&payment=returned&phase=advance&session_id=cs_test_a1B2")).toEqual({
      outcome: "returned",
      phase: "advance",
      sessionId: "cs_test_a1B2",
    });
    // Stripe did not fill the placeholder (an address typed by hand): still a return, with no session.
    expect(read("payment=returned&phase=balance&session_id={CHECKOUT_SESSION_ID}")).toMatchObject({ sessionId: null });
    expect(read("payment=success&phase=advance")).toBeNull();
    expect(read("payment=returned&phase=final")).toBeNull();
    expect(read("")).toBeNull();
  });
});
