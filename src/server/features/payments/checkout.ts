// POST /api/projects/{id}/payments/{phase}/checkout: a Stripe Checkout Session for one payment phase. The owner or an
// admin-level member may start it; the portal records the session it created (the webhook believes only those), reuses
// one still open for the same amount, and sends Stripe an idempotency key made of what it asks, so a double click
// (or two at once) gets the same session.
import { createHash } from "node:crypto";
import { and, count, eq, gt, ne } from "drizzle-orm";
import Stripe from "stripe";
import { PAYMENT_PHASE_LABELS, type PaymentPhase, toMinorUnits } from "../../../shared/domain/payments";
import type { AppContext } from "../../context";
import { stripeCheckoutSessions } from "../../db/schema";
import { AppError, badGateway, conflict, forbidden } from "../../errors";
import type { ProjectAccess } from "../projects/access";
import { stripeClient } from "./stripe-client";

/** An open session is reused only while it has at least this long left (the customer needs time to pay). */
const REUSE_MARGIN_MS = 30 * 60 * 1000;

export const PAYMENT_MESSAGES = {
  notConfigured: "Card payments are not set up. Please use the payment link, or contact the Blueprint team.",
  notAllowed: "Only the project's owner or a team admin can pay for the project.",
  alreadyPaid: "This payment has already been received. Thank you!",
  noAmount:
    "The amount for this payment is not set yet. The Blueprint team will set it; please try again later or send them a message.",
  providerDown: "We could not reach our payment provider, so nothing was charged. Please try again in a few minutes.",
} as const;

export function phaseFields(project: ProjectAccess["project"], phase: PaymentPhase) {
  return phase === "advance"
    ? {
        amount: project.advancePaymentAmount,
        currency: project.advancePaymentCurrency,
        received: project.advancePaymentReceivedDate,
      }
    : {
        amount: project.balancePaymentAmount,
        currency: project.balancePaymentCurrency,
        received: project.balancePaymentReceivedDate,
      };
}

export async function startCheckout(
  ctx: Pick<AppContext, "config" | "db">,
  access: ProjectAccess,
  phase: PaymentPhase,
): Promise<{ url: string }> {
  const stripe = ctx.config.stripe;
  if (!stripe) throw conflict(PAYMENT_MESSAGES.notConfigured, "PAYMENTS_NOT_CONFIGURED");
  if (access.accessLevel !== "owner" && access.accessLevel !== "admin") throw forbidden(PAYMENT_MESSAGES.notAllowed);
  const { project, user } = access;
  const fields = phaseFields(project, phase);
  if (fields.received) throw conflict(PAYMENT_MESSAGES.alreadyPaid, "PAYMENT_ALREADY_PAID");
  const amountMinor = toMinorUnits(fields.amount);
  if (amountMinor === null || amountMinor <= 0) throw conflict(PAYMENT_MESSAGES.noAmount, "PAYMENT_AMOUNT_MISSING");
  const currency = fields.currency;

  const now = new Date();
  const [open] = await ctx.db
    .select({ url: stripeCheckoutSessions.url })
    .from(stripeCheckoutSessions)
    .where(
      and(
        eq(stripeCheckoutSessions.projectId, project.id),
        eq(stripeCheckoutSessions.phase, phase),
        eq(stripeCheckoutSessions.status, "open"),
        eq(stripeCheckoutSessions.amountMinor, amountMinor),
        eq(stripeCheckoutSessions.currency, currency),
        gt(stripeCheckoutSessions.expiresAt, new Date(now.getTime() + REUSE_MARGIN_MS)),
      ),
    )
    .limit(1);
  if (open) return { url: open.url };

  // Sessions of this phase that ended without payment: each one ended makes the next attempt a new key.
  const [ended] = await ctx.db
    .select({ n: count() })
    .from(stripeCheckoutSessions)
    .where(
      and(
        eq(stripeCheckoutSessions.projectId, project.id),
        eq(stripeCheckoutSessions.phase, phase),
        ne(stripeCheckoutSessions.status, "open"),
      ),
    );
  const label = PAYMENT_PHASE_LABELS[phase];
  const dashboard = `${ctx.config.appUrl}/dashboard`;
  const params: Stripe.Checkout.SessionCreateParams = {
    mode: "payment",
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: currency.toLowerCase(),
          unit_amount: amountMinor,
          product_data: { name: `${project.projectCode}: ${label}` },
        },
      },
    ],
    client_reference_id: project.id,
    metadata: { projectId: project.id, phase },
    payment_intent_data: { metadata: { projectId: project.id, phase } },
    customer_email: user.email,
    success_url: `${dashboard}?payment=success&phase=${phase}`,
    cancel_url: `${dashboard}?payment=cancelled&phase=${phase}`,
  };
  const idempotencyKey = `bp-checkout-${createHash("sha256")
    .update(JSON.stringify({ params, attempt: ended?.n ?? 0 }))
    .digest("hex")
    .slice(0, 40)}`;

  let session: Stripe.Checkout.Session;
  try {
    session = await stripeClient(stripe).checkout.sessions.create(params, { idempotencyKey });
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError)
      throw badGateway(PAYMENT_MESSAGES.providerDown, "PAYMENT_PROVIDER_UNAVAILABLE");
    throw error;
  }
  if (!session.url) throw new AppError("PAYMENT_PROVIDER_UNAVAILABLE", PAYMENT_MESSAGES.providerDown);
  await ctx.db
    .insert(stripeCheckoutSessions)
    .values({
      id: session.id,
      projectId: project.id,
      phase,
      amountMinor,
      currency,
      url: session.url,
      expiresAt: new Date(session.expires_at * 1000),
      createdBy: user.id,
    })
    .onConflictDoNothing();
  return { url: session.url };
}
