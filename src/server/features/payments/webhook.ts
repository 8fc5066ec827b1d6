// POST /api/webhooks/stripe: the only proof of payment. The signature is checked over the raw body by the library
// (5-minute tolerance); the event is stored by its id before anything is done, and handled in one transaction that
// locks its row and marks it processed, so a retry after a crash finishes the work and a duplicate (or the same event
// at two processes at once) changes nothing.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type Stripe from "stripe";
import {
  formatMoney,
  PAYMENT_PHASE_LABELS,
  PAYMENT_PHASES,
  type PaymentIssue,
  type PaymentPhase,
  toMinorUnits,
} from "../../../shared/domain/payments";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { payments, projects, stripeCheckoutSessions, stripeEvents } from "../../db/schema";
import { badRequest } from "../../errors";
import { recordActivity } from "../activity";
import { emailPaymentReceived, syncPhaseInvoices } from "../invoices";
import { applyStatusRules } from "../projects";
import { enqueueWebhookEvent } from "../webhooks";
import { phaseFields } from "./checkout";
import { stripeClient, WEBHOOK_TOLERANCE_SECONDS } from "./stripe-client";

type Ctx = Pick<AppContext, "config" | "db" | "email">;
type SessionRow = typeof stripeCheckoutSessions.$inferSelect;

export const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/** Verifies and stores the event; answers what was concluded (for the log and the reply). */
export async function receiveStripeWebhook(
  ctx: Ctx,
  { log, body, signature }: { log: FastifyBaseLogger; body: Buffer; signature: string | undefined },
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
      if (failed) {
        const data = { projectId: known.projectId, phase: known.phase, amountMinor: known.amountMinor, currency: known.currency };
        await enqueueWebhookEvent(tx, { type: "payment.failed", data });
      }
      return failed ? "recorded: payment failed, the customer can pay again" : "recorded: session expired";
    }
    case "charge.refunded":
      return refunded(tx, event, event.data.object);
    default:
      return `ignored: ${event.type} is not handled`;
  }
}

/**
 * A refund, recorded. A refund of the phase's payment flags the phase refunded (its received date and the project's
 * status stay the admin's decision); a refund of a second payment leaves the phase paid, and once every second
 * payment of the phase is refunded in full, the flag that asked for it is cleared.
 */
async function refunded(tx: Database, event: Stripe.Event, charge: Stripe.Charge): Promise<string> {
  const intent = paymentIntentId(charge.payment_intent);
  if (!intent) return "ignored: refund without a payment intent";
  const [original] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.stripePaymentIntentId, intent), inArray(payments.kind, ["paid", "duplicate"])))
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
  if (original.kind === "paid") {
    await tx.update(projects).set(issueOf(original.phase, "refunded")).where(eq(projects.id, original.projectId));
    return "recorded: refund (the received date is the admin's decision)";
  }
  const [project] = await tx.select().from(projects).where(eq(projects.id, original.projectId)).for("update");
  const issue = original.phase === "advance" ? project?.advancePaymentIssue : project?.balancePaymentIssue;
  if (issue === "duplicate_payment" && !(await unrefundedDuplicates(tx, original.projectId, original.phase))) {
    await tx.update(projects).set(issueOf(original.phase, null)).where(eq(projects.id, original.projectId));
  }
  return "recorded: refund of a second payment (the phase stays paid)";
}

/** Whether the phase still has a second payment not refunded in full (Stripe's refunded amount is the running total). */
async function unrefundedDuplicates(tx: Database, projectId: string, phase: PaymentPhase): Promise<boolean> {
  const rows = await tx
    .select({ kind: payments.kind, intent: payments.stripePaymentIntentId, amountMinor: payments.amountMinor })
    .from(payments)
    .where(and(eq(payments.projectId, projectId), eq(payments.phase, phase), inArray(payments.kind, ["duplicate", "refunded"])));
  const refundedBy = new Map<string | null, number>();
  for (const row of rows.filter((r) => r.kind === "refunded")) {
    refundedBy.set(row.intent, Math.max(refundedBy.get(row.intent) ?? 0, row.amountMinor ?? 0));
  }
  return rows.some((r) => r.kind === "duplicate" && (refundedBy.get(r.intent) ?? 0) < (r.amountMinor ?? 0));
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
    kind: "paid" | "duplicate" | "amount_mismatch" | "failed" | "expired";
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

/**
 * A settled card payment, judged with the project row locked (an admin's edit of the phase waits, and this waits for
 * it): a phase already received was paid twice; a payment other than the phase's price of the moment (the session's
 * own amount, or the phase's current amount and currency after an admin changed them) is flagged, not paid.
 */
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
  const [project] = await tx.select().from(projects).where(eq(projects.id, row.projectId)).for("update");
  if (!project) return "ignored: the project no longer exists";
  // The session is spent whatever follows: it is never handed out again.
  await tx.update(stripeCheckoutSessions).set({ status: "complete" }).where(eq(stripeCheckoutSessions.id, row.id));
  const current = phaseFields(project, phase);
  if (current.received) return paidTwice(ctx, tx, { event, row, project, amountMinor, currency, paymentIntent });
  const askedNow = toMinorUnits(current.amount);
  // Paid what the session asked, and the session asked what the phase asks now.
  const paidAsAsked = amountMinor === row.amountMinor && currency === row.currency;
  const askedAsNow = askedNow === row.amountMinor && current.currency === row.currency;
  if (!paidAsAsked || !askedAsNow) {
    await record(tx, event, row, { kind: "amount_mismatch", amountMinor, currency, paymentIntent });
    await tx.update(projects).set(issueOf(phase, "amount_mismatch")).where(eq(projects.id, row.projectId));
    const paidMoney = moneyOf(amountMinor, currency);
    const sessionMoney = formatMoney(row.amountMinor, row.currency);
    return `flagged: paid ${paidMoney} by a session that asked ${sessionMoney}; the phase now asks ${moneyOf(askedNow, current.currency)}`;
  }
  await record(tx, event, row, { kind: "paid", amountMinor, currency, paymentIntent });
  const paidAt = new Date(event.created * 1000);
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
  await enqueueWebhookEvent(tx, {
    type: "payment.received",
    data: { projectId: project.id, phase, amountMinor: row.amountMinor, currency: row.currency, method: "card" },
  });
  // The phase's invoice is marked paid (or, issued before the company's details existed, issued paid) before the
  // receipt is attached to the email.
  await syncPhaseInvoices(tx, { projectId: project.id, email: ctx.email });
  await notifyPaid(ctx, tx, project, phase, money);
  await applyStatusRules(tx, { projectId: project.id, actorId: null });
  return `applied: ${phase} paid (${money})`;
}

function moneyOf(minor: number | null, currency: string | null): string {
  return minor === null || !currency ? "an unknown amount" : formatMoney(minor, currency);
}

function issueOf(phase: PaymentPhase, issue: PaymentIssue | null) {
  return phase === "advance" ? { advancePaymentIssue: issue } : { balancePaymentIssue: issue };
}

/** A second payment of a received phase: recorded, the phase flagged (it stays paid) and the company told to refund it. */
async function paidTwice(
  ctx: Ctx,
  tx: Database,
  facts: {
    event: Stripe.Event;
    row: SessionRow;
    project: typeof projects.$inferSelect;
    amountMinor: number | null;
    currency: string | null;
    paymentIntent: string | null;
  },
): Promise<string> {
  const { event, row, project, amountMinor, currency, paymentIntent } = facts;
  await record(tx, event, row, { kind: "duplicate", amountMinor, currency, paymentIntent });
  await tx.update(projects).set(issueOf(row.phase, "duplicate_payment")).where(eq(projects.id, project.id));
  const money = moneyOf(amountMinor, currency);
  const via = row.phase === "advance" ? project.advancePaidVia : project.balancePaidVia;
  const email = {
    project: { projectCode: project.projectCode, projectName: project.projectName },
    phase: PAYMENT_PHASE_LABELS[row.phase],
    money,
    paidBefore: via === "stripe" ? "by card" : "by bank transfer",
    paymentIntent,
  };
  for (const admin of ctx.config.adminEmails) {
    await ctx.email.enqueue({ kind: "payment-duplicate-notice", to: admin, data: email }, tx);
  }
  return `flagged: duplicate payment of ${money} for the ${row.phase}, already received (for the company to refund)`;
}

async function notifyPaid(
  ctx: Ctx,
  tx: Database,
  project: typeof projects.$inferSelect,
  phase: PaymentPhase,
  money: string,
): Promise<void> {
  const label = PAYMENT_PHASE_LABELS[phase];
  const email = { project: { projectCode: project.projectCode, projectName: project.projectName }, phase: label, money };
  await emailPaymentReceived(ctx.email, { tx, projectId: project.id, phase, money });
  for (const admin of ctx.config.adminEmails) {
    await ctx.email.enqueue({ kind: "payment-company-notice", to: admin, data: email }, tx);
  }
}

export const PHASES = PAYMENT_PHASES;
