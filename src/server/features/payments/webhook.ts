// POST /api/webhooks/stripe: the only proof of payment. The signature is checked over the raw body by the library
// (5-minute tolerance); the event is stored by its id before anything is done, and handled in one transaction that
// locks its row and marks it processed, so a retry after a crash finishes the work and a duplicate (or the same event
// at two processes at once) changes nothing.
import { and, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type Stripe from "stripe";
import { formatMoney, PAYMENT_PHASE_LABELS, PAYMENT_PHASES, type PaymentPhase } from "../../../shared/domain/payments";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { payments, projects, stripeCheckoutSessions, stripeEvents, users } from "../../db/schema";
import { badRequest } from "../../errors";
import { recordActivity } from "../activity/record-activity";
import { applyStatusRules } from "../projects/apply-status-rules";
import { stripeClient, WEBHOOK_TOLERANCE_SECONDS } from "./stripe-client";

type Ctx = Pick<AppContext, "config" | "db" | "email">;
type SessionRow = typeof stripeCheckoutSessions.$inferSelect;

export const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/** Verifies and stores the event; answers what was concluded (for the log and the reply). */
export async function receiveStripeWebhook(
  ctx: Ctx,
  log: FastifyBaseLogger,
  body: Buffer,
  signature: string | undefined,
): Promise<{ received: true; outcome: string }> {
  const config = ctx.config.stripe;
  if (!config) throw badRequest("Stripe payments are not configured", undefined, "BAD_REQUEST");
  let event: Stripe.Event;
  try {
    event = stripeClient(config).webhooks.constructEvent(body, signature ?? "", config.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
  } catch {
    throw badRequest("The Stripe-Signature header is missing, wrong or too old", undefined, "WEBHOOK_SIGNATURE_INVALID");
  }
  await ctx.db
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type, payload: event as unknown as Record<string, unknown> })
    .onConflictDoNothing();
  const outcome = await ctx.db.transaction(async (tx) => {
    const [stored] = await tx
      .select({ processedAt: stripeEvents.processedAt, outcome: stripeEvents.outcome })
      .from(stripeEvents)
      .where(eq(stripeEvents.id, event.id))
      .for("update");
    if (stored?.processedAt) return `duplicate (${stored.outcome ?? "handled"})`;
    const result = await handleEvent(ctx, tx, event);
    await tx.update(stripeEvents).set({ outcome: result, processedAt: new Date() }).where(eq(stripeEvents.id, event.id));
    return result;
  });
  log.info({ stripeEvent: event.id, type: event.type, outcome }, "stripe webhook");
  return { received: true, outcome };
}

async function handleEvent(ctx: Ctx, tx: Database, event: Stripe.Event): Promise<string> {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object;
      const known = await knownSession(tx, session);
      if (typeof known === "string") return known;
      if (session.payment_status !== "paid") {
        return "waiting: the payment is not settled yet (an asynchronous method)";
      }
      return paid(ctx, tx, event, session, known);
    }
    case "checkout.session.async_payment_failed":
    case "checkout.session.expired": {
      const session = event.data.object;
      const known = await knownSession(tx, session);
      if (typeof known === "string") return known;
      const failed = event.type === "checkout.session.async_payment_failed";
      await tx
        .update(stripeCheckoutSessions)
        .set({ status: failed ? "failed" : "expired" })
        .where(and(eq(stripeCheckoutSessions.id, known.id), sql`${stripeCheckoutSessions.status} <> 'complete'`));
      await record(tx, event, known, {
        kind: failed ? "failed" : "expired",
        amountMinor: session.amount_total,
        currency: session.currency,
        paymentIntent: paymentIntentId(session.payment_intent),
      });
      return failed ? "recorded: payment failed, the customer can pay again" : "recorded: session expired";
    }
    case "charge.refunded": {
      const charge = event.data.object;
      const intent = paymentIntentId(charge.payment_intent);
      if (!intent) return "ignored: refund without a payment intent";
      const [original] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.stripePaymentIntentId, intent), eq(payments.kind, "paid")))
        .limit(1);
      if (!original) return "ignored: refund of a payment the portal does not know";
      await tx.insert(payments).values({
        projectId: original.projectId,
        phase: original.phase,
        provider: "stripe",
        kind: "refunded",
        amountMinor: charge.amount_refunded,
        currency: charge.currency.toUpperCase(),
        stripeEventId: event.id,
        stripeSessionId: original.stripeSessionId,
        stripePaymentIntentId: intent,
        occurredAt: new Date(event.created * 1000),
      });
      await tx
        .update(projects)
        .set(original.phase === "advance" ? { advancePaymentIssue: "refunded" } : { balancePaymentIssue: "refunded" })
        .where(eq(projects.id, original.projectId));
      return "recorded: refund (the received date is the admin's decision)";
    }
    default:
      return `ignored: ${event.type} is not handled`;
  }
}

function paymentIntentId(value: string | { id: string } | null): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

/**
 * The session the portal created, matching what the event says of it; otherwise why the event is ignored. Project and
 * phase come from the portal's own record: metadata edited to name another project is refused, never followed.
 */
async function knownSession(tx: Database, session: Stripe.Checkout.Session): Promise<SessionRow | string> {
  const [row] = await tx.select().from(stripeCheckoutSessions).where(eq(stripeCheckoutSessions.id, session.id)).limit(1);
  if (!row) return `ignored: session ${session.id} was not created by the portal (unknown project or phase)`;
  const metadata = session.metadata ?? {};
  if (
    metadata.projectId !== row.projectId ||
    metadata.phase !== row.phase ||
    (session.client_reference_id !== null && session.client_reference_id !== row.projectId)
  ) {
    return `refused: session ${session.id} names another project or phase than the one the portal created it for`;
  }
  return row;
}

async function record(
  tx: Database,
  event: Stripe.Event,
  session: SessionRow,
  facts: {
    kind: "paid" | "amount_mismatch" | "failed" | "expired";
    amountMinor: number | null;
    currency: string | null;
    paymentIntent: string | null;
  },
): Promise<void> {
  await tx.insert(payments).values({
    projectId: session.projectId,
    phase: session.phase,
    provider: "stripe",
    kind: facts.kind,
    amountMinor: facts.amountMinor,
    currency: facts.currency?.toUpperCase() ?? null,
    stripeEventId: event.id,
    stripeSessionId: session.id,
    stripePaymentIntentId: facts.paymentIntent,
    occurredAt: new Date(event.created * 1000),
  });
}

async function paid(
  ctx: Ctx,
  tx: Database,
  event: Stripe.Event,
  session: Stripe.Checkout.Session,
  row: SessionRow,
): Promise<string> {
  const amountMinor = session.amount_total;
  const currency = session.currency?.toUpperCase() ?? null;
  const paymentIntent = paymentIntentId(session.payment_intent);
  const phase = row.phase;
  if (amountMinor !== row.amountMinor || currency !== row.currency) {
    await record(tx, event, row, { kind: "amount_mismatch", amountMinor, currency, paymentIntent });
    await tx
      .update(projects)
      .set(phase === "advance" ? { advancePaymentIssue: "amount_mismatch" } : { balancePaymentIssue: "amount_mismatch" })
      .where(eq(projects.id, row.projectId));
    return `flagged: paid ${amountMinor ?? "?"} ${currency ?? "?"} where ${row.amountMinor} ${row.currency} was asked`;
  }
  await record(tx, event, row, { kind: "paid", amountMinor, currency, paymentIntent });
  await tx.update(stripeCheckoutSessions).set({ status: "complete" }).where(eq(stripeCheckoutSessions.id, row.id));
  const paidAt = new Date(event.created * 1000);
  const [project] = await tx.select().from(projects).where(eq(projects.id, row.projectId)).limit(1);
  if (!project) return "ignored: the project no longer exists";
  const alreadyReceived = phase === "advance" ? project.advancePaymentReceivedDate : project.balancePaymentReceivedDate;
  if (alreadyReceived) return "recorded: paid again for a phase already received (for the admin to refund)";
  await tx
    .update(projects)
    .set(
      phase === "advance"
        ? { advancePaymentReceivedDate: paidAt, advancePaidVia: "stripe", advancePaymentIssue: null, updatedAt: new Date() }
        : { balancePaymentReceivedDate: paidAt, balancePaidVia: "stripe", balancePaymentIssue: null, updatedAt: new Date() },
    )
    .where(eq(projects.id, project.id));
  const money = formatMoney(row.amountMinor, row.currency);
  const label = PAYMENT_PHASE_LABELS[phase];
  await recordActivity(tx, {
    userId: project.userId,
    projectId: project.id,
    type: "payment.received",
    title: `${label} received`,
    description: `${project.projectCode}: ${money} paid by card.`,
    notify: true,
  });
  await notifyPaid(ctx, tx, project, phase, money);
  await applyStatusRules(tx, project.id, null);
  return `applied: ${phase} paid (${money})`;
}

async function notifyPaid(
  ctx: Ctx,
  tx: Database,
  project: typeof projects.$inferSelect,
  phase: PaymentPhase,
  money: string,
): Promise<void> {
  const label = PAYMENT_PHASE_LABELS[phase];
  const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, project.userId)).limit(1);
  const email = { project: { projectCode: project.projectCode, projectName: project.projectName }, phase: label, money };
  if (owner) {
    await ctx.email.enqueue({ kind: "payment-received", to: owner.email, data: email }, tx);
  }
  for (const admin of ctx.config.adminEmails) {
    await ctx.email.enqueue({ kind: "payment-company-notice", to: admin, data: email }, tx);
  }
}

export const PHASES = PAYMENT_PHASES;
