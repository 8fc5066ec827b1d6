// POST /api/projects/{id}/payments/{phase}/checkout: a Stripe Checkout Session for one payment phase. The owner or an
// admin-level member may start it; the portal records the session it created (the webhook believes only those). A
// phase has one open session whoever pays: one still open at the phase's price is handed out again, the session names
// no payer, and Stripe gets an idempotency key made of what it asks, so a double click (or two payers at once) gets
// the same session; should two be made all the same (two processes, a minute apart), the later one is ended at once.
import { createHash } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import Stripe from "stripe";
import { checkoutReturnUrl } from "../../../shared/domain/checkout-return";
import { PAYMENT_PHASE_LABELS, type PaymentPhase, toMinorUnits } from "../../../shared/domain/payments";
import { PROPOSAL_MESSAGES } from "../../../shared/schemas/proposal";
import type { AppContext } from "../../context";
import { projects, stripeCheckoutSessions } from "../../db/schema";
import { AppError, badGateway, conflict, forbidden } from "../../errors";
import type { ProjectAccess } from "../projects";
import { proposalAccepted } from "../proposals";
import { expireAtStripe, type PhasePrice, reusableSessions, SESSION_LIFETIME_MS } from "./open-sessions";
import { stripeClient } from "./stripe-client";

export const PAYMENT_MESSAGES = {
  notConfigured: "Card payments are not set up. Please use the payment link, or contact the Blueprint team.",
  notAllowed: "Only the project's owner or a team admin can pay for the project.",
  alreadyPaid: "This payment has already been received. Thank you!",
  noAmount:
    "The amount for this payment is not set yet. The Blueprint team will set it; please try again later or send them a message.",
  providerDown: "We could not reach our payment provider, so nothing was charged. Please try again in a few minutes.",
} as const;

/** A phase's amount, currency and received date on the project row. */
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

/**
 * Stripe's end of the session, rounded up to the minute: presses within the same minute send the same parameters
 * (Stripe replays the first answer for the same key).
 */
function sessionEnd(now: Date): number {
  return Math.ceil((now.getTime() + SESSION_LIFETIME_MS) / 60_000) * 60;
}

export async function startCheckout(
  ctx: Pick<AppContext, "config" | "db">,
  { access, phase, log }: { access: ProjectAccess; phase: PaymentPhase; log: Pick<FastifyBaseLogger, "warn"> },
): Promise<{ url: string }> {
  const stripe = ctx.config.stripe;
  if (!stripe) throw conflict(PAYMENT_MESSAGES.notConfigured, "PAYMENTS_NOT_CONFIGURED");
  if (access.accessLevel !== "owner" && access.accessLevel !== "admin") throw forbidden(PAYMENT_MESSAGES.notAllowed);
  const { user } = access;
  // The phase's price as the project row has it now (the access check may have read a cached copy).
  const [project = access.project] = await ctx.db.select().from(projects).where(eq(projects.id, access.project.id)).limit(1);
  const fields = phaseFields(project, phase);
  if (fields.received) throw conflict(PAYMENT_MESSAGES.alreadyPaid, "PAYMENT_ALREADY_PAID");
  // The advance is paid for an accepted proposal: the current version (a changed price is accepted again first).
  if (phase === "advance" && !(await proposalAccepted(ctx.db, project))) {
    throw conflict(PROPOSAL_MESSAGES.notAccepted, "PROPOSAL_NOT_ACCEPTED");
  }
  const amountMinor = toMinorUnits(fields.amount);
  if (amountMinor === null || amountMinor <= 0) throw conflict(PAYMENT_MESSAGES.noAmount, "PAYMENT_AMOUNT_MISSING");
  const currency = fields.currency;
  const price: PhasePrice = { projectId: project.id, phase, amountMinor, currency };

  const now = new Date();
  const [open] = await reusableSessions(ctx.db, { price, now }).limit(1);
  if (open) return { url: open.url };

  // Every session the phase had makes the next one a new key: a new attempt after one ended or ran short of time.
  const [made] = await ctx.db
    .select({ n: count() })
    .from(stripeCheckoutSessions)
    .where(and(eq(stripeCheckoutSessions.projectId, project.id), eq(stripeCheckoutSessions.phase, phase)));
  const label = PAYMENT_PHASE_LABELS[phase];
  // No customer_email: the session is the project's, for whichever of its payers opens it (Stripe asks for an email).
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
    expires_at: sessionEnd(now),
    success_url: checkoutReturnUrl(ctx.config.appUrl, { projectCode: project.projectCode, phase, outcome: "returned" }),
    cancel_url: checkoutReturnUrl(ctx.config.appUrl, { projectCode: project.projectCode, phase, outcome: "cancelled" }),
  };
  const idempotencyKey = `bp-checkout-${createHash("sha256")
    .update(JSON.stringify({ params, attempt: made?.n ?? 0 }))
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

  // Another press made its session first (at another process, or in another minute): everybody gets that one.
  const [first] = await reusableSessions(ctx.db, { price, now }).limit(1);
  if (first && first.id !== session.id) {
    await ctx.db
      .update(stripeCheckoutSessions)
      .set({ status: "expired" })
      .where(and(eq(stripeCheckoutSessions.id, session.id), eq(stripeCheckoutSessions.status, "open")));
    await expireAtStripe(stripe, { ids: [session.id], log });
    return { url: first.url };
  }
  return { url: session.url };
}
