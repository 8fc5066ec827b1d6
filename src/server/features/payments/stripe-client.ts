// The Stripe client, from STRIPE_API_URL (api.stripe.com, or a local Stripe-protocol server in tests): the official
// library, no retries of its own (each checkout carries its own idempotency key), 10 seconds at most per call.
import Stripe from "stripe";
import type { StripeConfig } from "../../config";

export const STRIPE_TIMEOUT_MS = 10_000;
/** How far a webhook's signed timestamp may be from now (Stripe's default: 5 minutes). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const clients = new WeakMap<StripeConfig, Stripe>();

export function stripeClient(config: StripeConfig): Stripe {
  const known = clients.get(config);
  if (known) return known;
  const url = new URL(config.apiUrl);
  const protocol = url.protocol === "http:" ? "http" : "https";
  const client = new Stripe(config.secretKey, {
    host: url.hostname,
    port: url.port || (protocol === "http" ? 80 : 443),
    protocol,
    timeout: STRIPE_TIMEOUT_MS,
    maxNetworkRetries: 0,
    telemetry: false,
  });
  clients.set(config, client);
  return client;
}
