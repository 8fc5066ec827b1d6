// A small Stripe: the part of its HTTP API the portal uses, spoken like Stripe does (form-encoded requests with
// bracketed keys, JSON answers, Stripe's error shape, Idempotency-Key replays), a hosted "checkout page" that completes
// a session, and webhook events signed with the real Stripe-Signature scheme (HMAC-SHA256 over "t.payload").
import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export const STRIPE_TEST_KEY = "sk_test_blueprint_local";
export const STRIPE_TEST_WEBHOOK_SECRET = "whsec_blueprint_local_test_secret";

type Json = Record<string, unknown>;
export type StripeSession = Json & {
  id: string;
  url: string;
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
  client_reference_id: string | null;
  payment_intent: string | null;
  status: string;
  payment_status: string;
  success_url: string;
};

export type RecordedRequest = { method: string; path: string; headers: IncomingMessage["headers"]; form: Json; raw: string };

/** `a[b][0][c]=x` → { a: { b: [ { c: "x" } ] } }, as Stripe reads its form bodies. */
export function parseStripeForm(raw: string): Json {
  const out: Json = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const path = key.replace(/\]/g, "").split("[");
    let node: Json = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else {
        if (node[part] === undefined) node[part] = {};
        node = node[part] as Json;
      }
    });
  }
  const arrays = (value: unknown): unknown => {
    if (!value || typeof value !== "object") return value;
    const entries = Object.entries(value as Json).map(([k, v]) => [k, arrays(v)] as const);
    if (entries.length > 0 && entries.every(([k], i) => k === String(i))) return entries.map(([, v]) => v);
    return Object.fromEntries(entries);
  };
  return arrays(out) as Json;
}

/** The Stripe-Signature header Stripe sends: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload" with the secret>. */
export function stripeSignature(payload: string, secret = STRIPE_TEST_WEBHOOK_SECRET, timestamp = Math.floor(Date.now() / 1000)) {
  const v1 = createHmac("sha256", secret).update(`${timestamp}.${payload}`, "utf8").digest("hex");
  return `t=${timestamp},v1=${v1}`;
}

export type StripeEvent = { id: string; object: "event"; type: string; created: number; data: { object: Json } } & Json;

export function stripeEvent(type: string, object: Json, overrides: Partial<StripeEvent> = {}): StripeEvent {
  return {
    id: `evt_${randomBytes(12).toString("hex")}`,
    object: "event",
    api_version: "2025-01-27.acacia",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
    ...overrides,
  };
}

export type FakeStripe = {
  url: string;
  requests: RecordedRequest[];
  sessions: Map<string, StripeSession>;
  /** The next create or expire answers this Stripe error (status, type, message) instead. */
  failNext(status: number, type: string, message: string): void;
  /** Creates hold their answer this long (a slow Stripe). */
  delayMs: number;
  /** Where the hosted page posts its signed checkout.session.completed (the portal's webhook URL). */
  webhookUrl: string | null;
  /** The session completed (paid) as Stripe would write it in the event. */
  completed(id: string, overrides?: Json): StripeSession;
  /** Hold the hosted page's webhooks (the payer is back before Stripe's event arrives) until releaseWebhooks. */
  holdWebhooks: boolean;
  /** Posts the held webhooks, in order; resolves once the portal has answered each. */
  releaseWebhooks(): Promise<void>;
  close(): Promise<void>;
};

/** The portal's settings that send its Stripe calls to this fake and check webhooks with the test secret. */
export function stripeEnv(stripe: FakeStripe): Record<string, string> {
  return { STRIPE_SECRET_KEY: STRIPE_TEST_KEY, STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET, STRIPE_API_URL: stripe.url };
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, {
    "content-type": "application/json",
    "request-id": `req_${randomBytes(6).toString("hex")}`,
    ...headers,
  });
  res.end(JSON.stringify(body));
}

function stripeError(res: ServerResponse, status: number, type: string, message: string, extra: Json = {}) {
  sendJson(res, status, { error: { type, message, ...extra } });
}

export async function startFakeStripe(options: { publicUrl?: string } = {}): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, StripeSession>();
  const replays = new Map<string, { raw: string; status: number; body: unknown }>();
  let failure: { status: number; type: string; message: string } | null = null;
  const held: string[] = [];
  const postWebhook = async (payload: string) => {
    if (!state.webhookUrl) return;
    await fetch(state.webhookUrl, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": stripeSignature(payload) },
      body: payload,
    });
  };
  const state: FakeStripe = {
    url: "",
    requests,
    sessions,
    delayMs: 0,
    webhookUrl: null,
    failNext(status, type, message) {
      failure = { status, type, message };
    },
    completed(id, overrides = {}) {
      const session = sessions.get(id);
      if (!session) throw new Error(`no session ${id}`);
      const done = {
        ...session,
        status: "complete",
        payment_status: "paid",
        payment_intent: session.payment_intent ?? `pi_${randomBytes(10).toString("hex")}`,
        ...overrides,
      } as StripeSession;
      sessions.set(id, done);
      return done;
    },
    holdWebhooks: false,
    async releaseWebhooks() {
      for (const payload of held.splice(0)) await postWebhook(payload);
    },
    close: async () => {},
  };

  async function createSession(req: IncomingMessage, res: ServerResponse, raw: string) {
    const form = parseStripeForm(raw);
    const key = req.headers["idempotency-key"];
    if (typeof key === "string" && replays.has(key)) {
      const earlier = replays.get(key);
      if (earlier?.raw !== raw) {
        return stripeError(
          res,
          400,
          "idempotency_error",
          "Keys for idempotent requests can only be used with the same parameters they were first used with.",
        );
      }
      return sendJson(res, earlier.status, earlier.body, { "idempotent-replayed": "true" });
    }
    if (failure) {
      const { status, type, message } = failure;
      failure = null;
      return stripeError(res, status, type, message);
    }
    const items = form.line_items as
      | Array<{ quantity?: string; price_data?: { currency?: string; unit_amount?: string } }>
      | undefined;
    const price = items?.[0]?.price_data;
    if (form.mode !== "payment")
      return stripeError(res, 400, "invalid_request_error", "Missing required param: mode.", { param: "mode" });
    if (!price?.currency || !price.unit_amount || !/^\d+$/.test(price.unit_amount)) {
      return stripeError(res, 400, "invalid_request_error", "Invalid line_items[0][price_data].", { param: "line_items" });
    }
    if (!form.success_url) return stripeError(res, 400, "invalid_request_error", "Missing required param: success_url.");
    const now = Math.floor(Date.now() / 1000);
    const expiresAt = form.expires_at === undefined ? now + 24 * 3600 : Number(form.expires_at);
    // Stripe's own bounds: at least 30 minutes and at most 24 hours after the session is created.
    if (!Number.isInteger(expiresAt) || expiresAt < now + 30 * 60 || expiresAt > now + 24 * 3600) {
      return stripeError(
        res,
        400,
        "invalid_request_error",
        "The `expires_at` timestamp must be between 30 minutes and 24 hours after Checkout Session creation.",
        { param: "expires_at" },
      );
    }
    const id = `cs_test_${randomBytes(16).toString("hex")}`;
    const session: StripeSession = {
      id,
      object: "checkout.session",
      mode: "payment",
      status: "open",
      payment_status: "unpaid",
      amount_total: Number(price.unit_amount) * Number(items?.[0]?.quantity ?? 1),
      amount_subtotal: Number(price.unit_amount) * Number(items?.[0]?.quantity ?? 1),
      currency: price.currency,
      client_reference_id: (form.client_reference_id as string | undefined) ?? null,
      customer_email: (form.customer_email as string | undefined) ?? null,
      metadata: (form.metadata as Record<string, string> | undefined) ?? {},
      payment_intent: null,
      success_url: String(form.success_url),
      cancel_url: String(form.cancel_url ?? ""),
      expires_at: expiresAt,
      created: now,
      livemode: false,
      url: `${options.publicUrl ?? state.url}/c/pay/${id}`,
    };
    sessions.set(id, session);
    if (typeof key === "string") replays.set(key, { raw, status: 200, body: session });
    sendJson(res, 200, session);
  }

  /** POST /v1/checkout/sessions/{id}/expire: only an open session can be expired; it can no longer be paid. */
  function expireSession(res: ServerResponse, id: string) {
    if (failure) {
      const { status, type, message } = failure;
      failure = null;
      return stripeError(res, status, type, message);
    }
    const session = sessions.get(id);
    if (!session) return stripeError(res, 404, "invalid_request_error", `No such checkout.session: '${id}'`);
    if (session.status !== "open") {
      return stripeError(res, 400, "invalid_request_error", 'Only Checkout Sessions with a status in ["open"] can be expired.');
    }
    const expired = { ...session, status: "expired" };
    sessions.set(id, expired);
    sendJson(res, 200, expired);
  }

  /** The hosted page: a Pay button; paying completes the session, posts the signed event, then goes to success_url. */
  async function hostedPage(req: IncomingMessage, res: ServerResponse, id: string) {
    const session = sessions.get(id);
    if (!session) return stripeError(res, 404, "invalid_request_error", "No such checkout session.");
    if (session.status !== "open") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end("<!doctype html><title>Expired</title><h1>This checkout session is no longer available</h1>");
      return;
    }
    if (req.method === "GET") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(`<!doctype html><title>Pay</title><h1>Test checkout</h1><p>${session.amount_total / 100} ${session.currency.toUpperCase()}</p>
<form method="post"><button type="submit">Pay</button></form>`);
      return;
    }
    const done = state.completed(id);
    const payload = JSON.stringify(stripeEvent("checkout.session.completed", done));
    if (state.holdWebhooks) held.push(payload);
    else await postWebhook(payload);
    // Stripe writes the session's id in for the placeholder in success_url.
    res.writeHead(303, { location: done.success_url.replace("{CHECKOUT_SESSION_ID}", id) });
    res.end();
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const path = (req.url ?? "/").split("?")[0] ?? "/";
      try {
        const page = /^\/c\/pay\/([\w]+)$/.exec(path);
        if (page?.[1]) return await hostedPage(req, res, page[1]);
        requests.push({ method: req.method ?? "", path, headers: req.headers, form: parseStripeForm(raw), raw });
        if (req.headers.authorization !== `Bearer ${STRIPE_TEST_KEY}`) {
          return stripeError(res, 401, "invalid_request_error", "Invalid API Key provided.");
        }
        if (state.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
        if (req.method === "POST" && path === "/v1/checkout/sessions") return await createSession(req, res, raw);
        const expire = /^\/v1\/checkout\/sessions\/([\w]+)\/expire$/.exec(path);
        if (req.method === "POST" && expire?.[1]) return expireSession(res, expire[1]);
        const one = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(path);
        if (req.method === "GET" && one?.[1]) {
          const session = sessions.get(one[1]);
          return session
            ? sendJson(res, 200, session)
            : stripeError(res, 404, "invalid_request_error", "No such checkout session.");
        }
        stripeError(res, 404, "invalid_request_error", `Unrecognized request URL (${req.method}: ${path}).`);
      } catch (error) {
        if (!res.headersSent) stripeError(res, 500, "api_error", String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
