// A phase's open Checkout Sessions: which one is handed out again (one per phase, whoever pays), and ending them when
// the phase's price changes or it is paid another way: in the portal inside the caller's transaction, at Stripe after
// it. Stripe may fail to expire one; the webhook still refuses any payment that is not the phase's price of the moment.
import { and, asc, eq, gt, inArray } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { PaymentPhase } from "../../../shared/domain/payments";
import type { StripeConfig } from "../../config";
import type { Database } from "../../db/client";
import { stripeCheckoutSessions } from "../../db/schema";
import { stripeClient } from "./stripe-client";

/** How long a new session stays payable at Stripe (Stripe's minimum is 30 minutes, its maximum 24 hours). */
export const SESSION_LIFETIME_MS = 60 * 60 * 1000;
/** An open session is handed out again only while it has at least this long left (the customer needs time to pay). */
export const REUSE_MARGIN_MS = 15 * 60 * 1000;

export type PhasePrice = { projectId: string; phase: PaymentPhase; amountMinor: number; currency: "USD" | "INR" };

/** The phase's open sessions at this price with time left to pay, the earliest first (the one everybody is given). */
export function reusableSessions(db: Database, { price, now }: { price: PhasePrice; now: Date }) {
  return db
    .select({ id: stripeCheckoutSessions.id, url: stripeCheckoutSessions.url })
    .from(stripeCheckoutSessions)
    .where(
      and(
        eq(stripeCheckoutSessions.projectId, price.projectId),
        eq(stripeCheckoutSessions.phase, price.phase),
        eq(stripeCheckoutSessions.status, "open"),
        eq(stripeCheckoutSessions.amountMinor, price.amountMinor),
        eq(stripeCheckoutSessions.currency, price.currency),
        gt(stripeCheckoutSessions.expiresAt, new Date(now.getTime() + REUSE_MARGIN_MS)),
      ),
    )
    .orderBy(asc(stripeCheckoutSessions.createdAt), asc(stripeCheckoutSessions.id));
}

/** Ends the open sessions of these phases in the portal; answers their ids, to expire at Stripe once committed. */
export async function endOpenSessions(
  db: Database,
  { projectId, phases }: { projectId: string; phases: readonly PaymentPhase[] },
): Promise<string[]> {
  if (phases.length === 0) return [];
  const ended = await db
    .update(stripeCheckoutSessions)
    .set({ status: "expired" })
    .where(
      and(
        eq(stripeCheckoutSessions.projectId, projectId),
        inArray(stripeCheckoutSessions.phase, [...phases]),
        eq(stripeCheckoutSessions.status, "open"),
      ),
    )
    .returning({ id: stripeCheckoutSessions.id });
  return ended.map((row) => row.id);
}

/** Expires the sessions at Stripe so their pages take no money; a failure is logged, never thrown. */
export async function expireAtStripe(
  config: StripeConfig | null,
  { ids, log }: { ids: readonly string[]; log: Pick<FastifyBaseLogger, "warn"> },
): Promise<void> {
  if (!config) return;
  for (const id of ids) {
    try {
      await stripeClient(config).checkout.sessions.expire(id);
    } catch (error) {
      log.warn(
        { stripeSession: id, err: error },
        "could not expire a Checkout Session at Stripe; the webhook refuses a payment at a price the phase no longer asks",
      );
    }
  }
}
