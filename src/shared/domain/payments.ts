// Payment phases as money: amounts in major units with at most 2 decimals, converted to minor units exactly (no
// floats), and each phase's state as the admin sees it.
import type { Currency } from "../constants/packages";

export const PAYMENT_PHASES = ["advance", "balance"] as const;
export type PaymentPhase = (typeof PAYMENT_PHASES)[number];

export const PAYMENT_PHASE_STATES = [
  "not_issued",
  "awaiting_payment",
  "paid_stripe",
  "paid_transfer",
  "amount_mismatch",
  "duplicate_payment",
  "refunded",
] as const;
export type PaymentPhaseState = (typeof PAYMENT_PHASE_STATES)[number];

export const PAYMENT_PHASE_STATE_LABELS: Record<PaymentPhaseState, string> = {
  not_issued: "Not issued",
  awaiting_payment: "Awaiting payment",
  paid_stripe: "Paid via Stripe",
  paid_transfer: "Paid by transfer",
  amount_mismatch: "Amount mismatch",
  duplicate_payment: "Paid twice: refund one",
  refunded: "Refunded",
};

/**
 * What a phase is flagged with for the admin: a card payment of another amount or currency than the phase asks today
 * (not paid), a second payment of a phase already received (paid; the extra one is to be refunded), or a refund.
 */
export const PAYMENT_ISSUES = ["amount_mismatch", "duplicate_payment", "refunded"] as const;
export type PaymentIssue = (typeof PAYMENT_ISSUES)[number];

/** The facts the payments table keeps: a phase paid, paid again (a duplicate), a wrong amount, a failure, an expiry, a refund. */
export const PAYMENT_RECORD_KINDS = ["paid", "duplicate", "amount_mismatch", "failed", "expired", "refunded"] as const;

export const PAYMENT_PHASE_LABELS: Record<PaymentPhase, string> = { advance: "Advance payment", balance: "Balance payment" };

/** "2500", "2500.5", "2500.00" → 250000 (minor units); null for anything that is not such an amount. */
export function toMinorUnits(amount: string | null | undefined): number | null {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec((amount ?? "").trim());
  if (!match) return null;
  const [, whole = "0", fraction = ""] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** 250000 → "2500.00". */
export function fromMinorUnits(minor: number): string {
  const whole = Math.trunc(minor / 100);
  return `${whole}.${String(minor % 100).padStart(2, "0")}`;
}

/** 250000, "USD" → "2,500.00 USD" (grouped, both decimals, the code after: never a symbol that hides USD vs INR). */
export function formatMoney(minor: number, currency: Currency | string): string {
  const [whole = "0", fraction = "00"] = fromMinorUnits(minor).split(".");
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${fraction} ${currency}`;
}

export type PhaseFacts = {
  link: string | null;
  amount: string | null;
  receivedDate: Date | string | null;
  paidVia: "stripe" | "transfer" | null;
  issue: PaymentIssue | null;
};

/** The phase's state: paid (how, twice, or refunded), a wrong amount to look at, issued and unpaid, or not issued. */
export function paymentPhaseState(facts: PhaseFacts): PaymentPhaseState {
  if (facts.receivedDate) {
    if (facts.issue === "refunded") return "refunded";
    if (facts.issue === "duplicate_payment") return "duplicate_payment";
    return facts.paidVia === "stripe" ? "paid_stripe" : "paid_transfer";
  }
  if (facts.issue === "amount_mismatch") return "amount_mismatch";
  if (facts.issue === "refunded") return "refunded";
  return facts.link || facts.amount ? "awaiting_payment" : "not_issued";
}

type CheckoutFacts = {
  /** The advance only: the project's current proposal version is accepted (the balance does not ask). */
  proposalAccepted?: boolean;
  accessLevel?: string | null;
  cardPaymentsEnabled?: boolean | null;
  amount: string | null | undefined;
  receivedDate: string | Date | null | undefined;
};

/**
 * Whether the viewer is offered Pay Now for a phase: Stripe on, the owner or an admin-level member, a valid amount
 * set, the phase not paid, and for the advance the proposal accepted (the server checks the same before it creates a
 * checkout). A fact left out (the balance's proposalAccepted) does not hold it back.
 */
export function canStartCheckout(facts: CheckoutFacts): boolean {
  const payer = facts.accessLevel === "owner" || facts.accessLevel === "admin";
  return (
    Boolean(facts.cardPaymentsEnabled) &&
    payer &&
    facts.proposalAccepted !== false &&
    toMinorUnits(facts.amount) !== null &&
    !facts.receivedDate
  );
}
