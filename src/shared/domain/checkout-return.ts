// Coming back from Stripe's hosted checkout: the address Stripe sends the payer to (that project's dashboard, the
// phase, and Stripe's session id, which Stripe writes in for {CHECKOUT_SESSION_ID}) and how the dashboard reads it.
// The payment itself is the webhook's to confirm; until it lands the phase reads "confirming", never "pay now".
import { PAYMENT_PHASES, type PaymentPhase } from "./payments";
import { PROJECT_PARAM } from "./project-in-view";

export const CHECKOUT_RETURN_PARAMS = { outcome: "payment", phase: "phase", session: "session_id" } as const;
export const CHECKOUT_OUTCOMES = ["returned", "cancelled"] as const;
export type CheckoutOutcome = (typeof CHECKOUT_OUTCOMES)[number];

/** Stripe replaces this in success_url with the session's id. */
const STRIPE_SESSION_PLACEHOLDER = "{CHECKOUT_SESSION_ID}";

export const CHECKOUT_RETURN_MESSAGES = {
  confirming: "Thanks — we are confirming your payment",
  confirmingHint: "This page updates by itself once the payment provider confirms it; there is nothing more to do.",
  cancelled: "Payment cancelled: nothing was charged. You can pay whenever you are ready.",
} as const;

/** The dashboard address Stripe sends the payer back to, for one project's phase. */
export function checkoutReturnUrl(
  appUrl: string,
  { projectCode, phase, outcome }: { projectCode: string; phase: PaymentPhase; outcome: CheckoutOutcome },
): string {
  const params = new URLSearchParams({
    [PROJECT_PARAM]: projectCode,
    [CHECKOUT_RETURN_PARAMS.outcome]: outcome,
    [CHECKOUT_RETURN_PARAMS.phase]: phase,
  });
  // The placeholder is appended as is: Stripe looks for its braces, which URLSearchParams would encode.
  const session = outcome === "returned" ? `&${CHECKOUT_RETURN_PARAMS.session}=${STRIPE_SESSION_PLACEHOLDER}` : "";
  return `${appUrl}/dashboard?${params.toString()}${session}`;
}

export type CheckoutReturn = { outcome: CheckoutOutcome; phase: PaymentPhase; sessionId: string | null };

/** What the dashboard's address says of a return from checkout; null when it is not one. */
export function readCheckoutReturn(params: URLSearchParams): CheckoutReturn | null {
  const outcome = params.get(CHECKOUT_RETURN_PARAMS.outcome);
  const phase = params.get(CHECKOUT_RETURN_PARAMS.phase);
  if (!CHECKOUT_OUTCOMES.includes(outcome as CheckoutOutcome) || !PAYMENT_PHASES.includes(phase as PaymentPhase)) return null;
  const sessionId = params.get(CHECKOUT_RETURN_PARAMS.session);
  return {
    outcome: outcome as CheckoutOutcome,
    phase: phase as PaymentPhase,
    sessionId: sessionId && /^cs_[\w]+$/.test(sessionId) ? sessionId : null,
  };
}
