// Card payments through the official stripe client against a local Stripe-protocol server: the checkout's rules and
// faults, and the webhook as the only proof of payment (signatures, duplicates, reorders, mismatches, refunds,
// another project's metadata, a restart, two processes at once).
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, count, eq } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptProposal, createCompletedProfile, onboardOwner, signedInUser } from "../../../../tests/factories";
import { fileUpload } from "../../../../tests/setup/multipart";
import { preferencesWith } from "../../../../tests/setup/notification-preferences";
import { pdfText } from "../../../../tests/setup/pdf-text";
import {
  type FakeStripe,
  STRIPE_TEST_KEY,
  STRIPE_TEST_WEBHOOK_SECRET,
  startFakeStripe,
  stripeEvent,
  stripeSignature,
} from "../../../../tests/setup/stripe";
import { createTestApp, recordQueuedEmails, signIn, type TestApp } from "../../../../tests/setup/test-app";
import { TEST_ENV } from "../../../../tests/setup/test-env";
import { buildApp } from "../../app";
import { loadConfig } from "../../config";
import { type DatabaseHandle, openDatabase } from "../../db/client";
import {
  activityEvents,
  outgoingEmails,
  payments,
  projectMembers,
  projects,
  requirements,
  stripeCheckoutSessions,
  stripeEvents,
} from "../../db/schema";
import { sendPaymentReminders } from "./reminders";
import { stripeClient } from "./stripe-client";

let stripe: FakeStripe;
let t: TestApp;
let admin: string;
let env: Record<string, string>;

beforeAll(async () => {
  stripe = await startFakeStripe();
  env = { STRIPE_SECRET_KEY: STRIPE_TEST_KEY, STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET, STRIPE_API_URL: stripe.url };
  t = await createTestApp(env);
  admin = await signIn(t.app, "admin@blueprint.local", "Site Admin");
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

type Method = "GET" | "POST" | "PATCH" | "PUT";
const req = (method: Method, url: string, cookie?: string, payload?: unknown, app: FastifyInstance = t.app) =>
  app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

let counter = 0;
type Owner = { email: string; cookie: string; userId: string; projectId: string; projectCode: string };

/** A customer with a complete profile, a project and a confirmed brief (so a paid advance means development). */
async function ownerWithProject(advance: string | null = "2,500.00", currency = "USD"): Promise<Owner> {
  const who = await signedInUser(t.app, { email: `pay-${++counter}@example.com`, name: "Dana Wells" });
  await createCompletedProfile(t.app.ctx.db, { userId: who.userId, fullName: "Dana Wells", company: "Wells Co" });
  await onboardOwner(t.app.ctx.db, who.userId);
  const created = await req("POST", "/api/projects", who.cookie, {});
  const project = created.json();
  await t.app.ctx.db
    .insert(requirements)
    .values({ projectId: project.id, projectName: "Glacier", problemStatement: "Bookings take hours.", briefConfirmed: true });
  // The advance is paid for an accepted proposal (proposals.test.ts tests that rule).
  await acceptProposal(t.app.ctx.db, { projectId: project.id });
  if (advance) {
    const set = await req("PATCH", `/api/company/projects/${project.id}`, admin, {
      advancePaymentAmount: advance,
      advancePaymentCurrency: currency,
    });
    expect(set.statusCode).toBe(200);
  }
  return { email: who.email, cookie: who.cookie, userId: who.userId, projectId: project.id, projectCode: project.projectCode };
}

const checkout = (owner: { cookie: string }, projectId: string, phase = "advance", app = t.app) =>
  req("POST", `/api/projects/${projectId}/payments/${phase}/checkout`, owner.cookie, undefined, app);

async function sessionIdOf(url: string): Promise<string> {
  const id = url.split("/").pop();
  if (!id) throw new Error(`no session in ${url}`);
  return id;
}

function deliver(
  event: object,
  options: { secret?: string; timestamp?: number; app?: FastifyInstance; signature?: string | null } = {},
) {
  const payload = JSON.stringify(event);
  const signature =
    options.signature === undefined ? stripeSignature(payload, options.secret, options.timestamp) : options.signature;
  return (options.app ?? t.app).inject({
    method: "POST",
    url: "/api/webhooks/stripe",
    headers: { "content-type": "application/json", ...(signature === null ? {} : { "stripe-signature": signature }) },
    payload,
  });
}

const mine = async (owner: Owner) =>
  (await req("GET", "/api/projects", owner.cookie)).json().items.find((p: { id: string }) => p.id === owner.projectId);

async function paidRecords(projectId: string) {
  return t.app.ctx.db.select().from(payments).where(eq(payments.projectId, projectId));
}

/** The webhook took the payment but flagged it: the advance stays unpaid, its state amount_mismatch, the phase unchanged. */
async function expectFlaggedMismatch(res: LightMyRequestResponse, owner: Owner) {
  expect(res.statusCode).toBe(200);
  expect(res.json().outcome).toMatch(/^flagged/);
  const project = await mine(owner);
  expect(project.advancePaymentReceivedDate).toBeNull();
  expect(project.advancePaymentState).toBe("amount_mismatch");
  expect(project.status).toBe("requirements");
}

/** The open Checkout Sessions the local Stripe holds for a project (what a customer could still pay). */
const openAtStripe = (projectId: string) =>
  [...stripe.sessions.values()].filter((s) => s.metadata.projectId === projectId && s.status === "open");

describe("checkout", () => {
  it("creates a Checkout Session with the phase's amount in minor units, the project and an idempotency key", async () => {
    const owner = await ownerWithProject();
    const res = await checkout(owner, owner.projectId);
    expect(res.statusCode).toBe(200);
    const { url } = res.json();
    expect(url).toMatch(new RegExp(`^${stripe.url}/c/pay/cs_test_`));
    const sent = stripe.requests.findLast((r) => r.path === "/v1/checkout/sessions");
    expect(sent?.headers.authorization).toBe(`Bearer ${STRIPE_TEST_KEY}`);
    expect(sent?.headers["content-type"]).toContain("application/x-www-form-urlencoded");
    expect(sent?.headers["idempotency-key"]).toMatch(/^bp-checkout-/);
    expect(sent?.form).toMatchObject({
      mode: "payment",
      line_items: [{ quantity: "1", price_data: { currency: "usd", unit_amount: "250000" } }],
      client_reference_id: owner.projectId,
      metadata: { projectId: owner.projectId, phase: "advance" },
      // Back to that project's dashboard; Stripe writes the session's id in for the placeholder.
      success_url: `http://localhost:3000/dashboard?project=${owner.projectCode}&payment=returned&phase=advance&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `http://localhost:3000/dashboard?project=${owner.projectCode}&payment=cancelled&phase=advance`,
    });
    // Nothing is paid by starting a checkout.
    expect((await mine(owner)).advancePaymentReceivedDate).toBeNull();
    expect((await mine(owner)).advancePaymentState).toBe("awaiting_payment");
  });

  it("reuses the open session on a second press, and a double click (two at once) gets one session", async () => {
    const owner = await ownerWithProject("80000", "INR");
    const [a, b] = await Promise.all([checkout(owner, owner.projectId), checkout(owner, owner.projectId)]);
    expect(a.statusCode).toBe(200);
    expect(b.json().url).toBe(a.json().url);
    const again = await checkout(owner, owner.projectId);
    expect(again.json().url).toBe(a.json().url);
    const open = openAtStripe(owner.projectId);
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ amount_total: 8000000, currency: "inr" });
  });

  it("makes a new session when the amount changed", async () => {
    const owner = await ownerWithProject("100");
    const first = (await checkout(owner, owner.projectId)).json().url;
    await req("PATCH", `/api/company/projects/${owner.projectId}`, admin, { advancePaymentAmount: "150.50" });
    const second = (await checkout(owner, owner.projectId)).json().url;
    expect(second).not.toBe(first);
    expect(stripe.sessions.get(await sessionIdOf(second))?.amount_total).toBe(15050);
  });

  it("lets only the owner or an admin-level member start it", async () => {
    const owner = await ownerWithProject();
    const levels = ["admin", "user", "view_only"] as const;
    const members: Record<string, string> = {};
    for (const level of levels) {
      const email = `member-${level}-${++counter}@example.com`;
      await t.app.ctx.db.insert(projectMembers).values({ projectId: owner.projectId, email, accessLevel: level });
      members[level] = (await signedInUser(t.app, { email, name: `Member ${level}` })).cookie;
    }
    expect((await checkout({ cookie: members.admin ?? "" }, owner.projectId)).statusCode).toBe(200);
    // The amounts a member may pay are in their project list; members below admin level are told none.
    const seenBy = async (cookie: string) =>
      (await req("GET", "/api/projects", cookie)).json().items.find((p: { id: string }) => p.id === owner.projectId);
    expect(await seenBy(members.admin ?? "")).toMatchObject({
      advancePaymentAmount: "2500.00",
      advancePaymentState: "awaiting_payment",
      cardPaymentsEnabled: true,
    });
    for (const level of ["user", "view_only"]) {
      expect(await seenBy(members[level] ?? "")).toMatchObject({ advancePaymentAmount: null, advancePaymentState: null });
    }
    for (const level of ["user", "view_only"]) {
      const res = await checkout({ cookie: members[level] ?? "" }, owner.projectId);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: "FORBIDDEN", message: expect.stringContaining("owner") });
    }
    expect((await checkout({ cookie: admin }, owner.projectId)).statusCode).toBe(403);
    const stranger = await signedInUser(t.app, { email: `stranger-${++counter}@example.com`, name: "Stranger" });
    expect((await checkout(stranger, owner.projectId)).statusCode).toBe(404);
    expect((await req("POST", `/api/projects/${owner.projectId}/payments/advance/checkout`)).statusCode).toBe(401);
  });

  it("answers 409 with an actionable message without an amount, and 409 once paid; 400 for another phase name", async () => {
    const owner = await ownerWithProject(null);
    const none = await checkout(owner, owner.projectId);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ code: "PAYMENT_AMOUNT_MISSING", message: expect.stringContaining("not set yet") });
    const balance = await checkout(owner, owner.projectId, "balance");
    expect(balance.json().code).toBe("PAYMENT_AMOUNT_MISSING");
    await req("PATCH", `/api/company/projects/${owner.projectId}`, admin, {
      advancePaymentAmount: "10",
      advancePaymentReceivedDate: "2026-11-01",
    });
    const paid = await checkout(owner, owner.projectId);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().code).toBe("PAYMENT_ALREADY_PAID");
    expect((await mine(owner)).advancePaymentState).toBe("paid_transfer");
    const bad = await checkout(owner, owner.projectId, "final");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: "VALIDATION_FAILED", requestId: expect.any(String) });
  });

  it("says so clearly when Stripe answers an error, and records nothing", async () => {
    const owner = await ownerWithProject();
    stripe.failNext(500, "api_error", "Something went wrong on Stripe's end.");
    const res = await checkout(owner, owner.projectId);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({
      code: "PAYMENT_PROVIDER_UNAVAILABLE",
      message: expect.stringContaining("nothing was charged"),
    });
    const [rows] = await t.app.ctx.db
      .select({ n: count() })
      .from(stripeCheckoutSessions)
      .where(eq(stripeCheckoutSessions.projectId, owner.projectId));
    expect(rows?.n).toBe(0);
    expect((await mine(owner)).advancePaymentReceivedDate).toBeNull();
    // Stripe back: the customer's next press works.
    expect((await checkout(owner, owner.projectId)).statusCode).toBe(200);
  });

  it("gives up after 10 seconds when Stripe does not answer", { timeout: 30_000 }, async () => {
    const owner = await ownerWithProject();
    stripe.delayMs = 12_000;
    try {
      const res = await checkout(owner, owner.projectId);
      expect(res.statusCode).toBe(502);
      expect(res.json().code).toBe("PAYMENT_PROVIDER_UNAVAILABLE");
    } finally {
      stripe.delayMs = 0;
    }
    expect((await mine(owner)).advancePaymentReceivedDate).toBeNull();
  });

  it("answers 409 when Stripe is not configured", async () => {
    const plain = await createTestApp();
    try {
      const who = await signedInUser(plain.app, { email: "nostripe@example.com", name: "No Stripe" });
      await onboardOwner(plain.app.ctx.db, who.userId);
      const project = (await req("POST", "/api/projects", who.cookie, {}, plain.app)).json();
      // The dashboard is told card payments are off, so it offers no Pay Now.
      expect(project.cardPaymentsEnabled).toBe(false);
      const listed = (await req("GET", "/api/projects", who.cookie, undefined, plain.app)).json().items;
      expect(listed.map((p: { cardPaymentsEnabled: boolean }) => p.cardPaymentsEnabled)).toEqual([false]);
      const res = await checkout(who, project.id, "advance", plain.app);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe("PAYMENTS_NOT_CONFIGURED");
      const hook = await deliver(stripeEvent("checkout.session.completed", {}), { app: plain.app });
      expect(hook.statusCode).toBe(400);
    } finally {
      await plain.close();
    }
  });
});

/** An owner whose advance checkout was started; answers the paid session as Stripe would send it. */
async function startedCheckout(advance = "2,500.00") {
  const owner = await ownerWithProject(advance);
  const { url } = (await checkout(owner, owner.projectId)).json();
  return { owner, sessionId: await sessionIdOf(url) };
}

describe("webhook", () => {
  it("marks the phase paid on a signed checkout.session.completed: record, notices, activity and status at once", async () => {
    const { owner, sessionId } = await startedCheckout();
    const session = stripe.completed(sessionId);
    const event = stripeEvent("checkout.session.completed", session);
    const res = await deliver(event);
    expect(res.statusCode).toBe(200);
    expect(res.json().outcome).toContain("applied");
    const project = await mine(owner);
    expect(project.advancePaymentReceivedDate).toBe(new Date(event.created * 1000).toISOString());
    expect(project.advancePaymentState).toBe("paid_stripe");
    expect(project.status).toBe("development");
    const records = await paidRecords(owner.projectId);
    expect(records).toEqual([
      expect.objectContaining({
        kind: "paid",
        provider: "stripe",
        amountMinor: 250000,
        currency: "USD",
        stripeEventId: event.id,
        stripeSessionId: sessionId,
        stripePaymentIntentId: session.payment_intent,
      }),
    ]);
    const events = await t.app.ctx.db.select().from(activityEvents).where(eq(activityEvents.projectId, owner.projectId));
    expect(events.map((e) => e.title)).toEqual(
      expect.arrayContaining(["Advance payment received", "Status changed to Development in progress"]),
    );
    const mails = await t.app.ctx.db.select().from(outgoingEmails);
    expect(
      mails.some((m) => m.kind === "payment-received" && m.toAddress === owner.email && m.textBody.includes("2,500.00 USD")),
    ).toBe(true);
    expect(mails.some((m) => m.kind === "payment-company-notice" && m.toAddress === "admin@blueprint.local")).toBe(true);
    // A receipt is transactional (issue 48 §3): no unsubscribe link.
    expect(mails.find((m) => m.kind === "payment-received" && m.toAddress === owner.email)?.listUnsubscribe).toBeNull();

    // Stripe retries: the same event again changes nothing and still answers 2xx.
    const again = await deliver(event);
    expect(again.statusCode).toBe(200);
    expect(again.json().outcome).toMatch(/^duplicate/);
    expect(await paidRecords(owner.projectId)).toHaveLength(1);
    const after = await t.app.ctx.db.select().from(activityEvents).where(eq(activityEvents.projectId, owner.projectId));
    expect(after).toHaveLength(events.length);
  });

  it.each([
    ["a wrong secret", { secret: "whsec_forged" }],
    ["no signature", { signature: null }],
    ["a garbled signature", { signature: "t=1,v1=deadbeef" }],
    ["a timestamp 6 minutes old (replayed)", { timestamp: Math.floor(Date.now() / 1000) - 360 }],
  ])("refuses %s with 400 and changes nothing", async (_name, options) => {
    const { owner, sessionId } = await startedCheckout();
    const event = stripeEvent("checkout.session.completed", stripe.completed(sessionId));
    const res = await deliver(event, options);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "WEBHOOK_SIGNATURE_INVALID", requestId: expect.any(String) });
    expect((await mine(owner)).advancePaymentReceivedDate).toBeNull();
    expect(await t.app.ctx.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toHaveLength(0);
  });

  it("refuses a body changed after signing", async () => {
    const { owner, sessionId } = await startedCheckout();
    const payload = JSON.stringify(stripeEvent("checkout.session.completed", stripe.completed(sessionId)));
    const res = await t.app.inject({
      method: "POST",
      url: "/api/webhooks/stripe",
      headers: { "content-type": "application/json", "stripe-signature": stripeSignature(payload) },
      payload: payload.replace('"amount_total":250000', '"amount_total":1'),
    });
    expect(res.statusCode).toBe(400);
    expect((await mine(owner)).advancePaymentReceivedDate).toBeNull();
  });

  it("refuses a body over 1 MB with 413", async () => {
    const big = JSON.stringify({ id: "evt_big", padding: "x".repeat(1024 * 1024) });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/webhooks/stripe",
      headers: { "content-type": "application/json", "stripe-signature": stripeSignature(big) },
      payload: big,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
  });

  it("flags an amount or currency other than the phase asked for, without marking it paid", async () => {
    for (const overrides of [{ amount_total: 100 }, { currency: "inr" }]) {
      const { owner, sessionId } = await startedCheckout();
      const res = await deliver(stripeEvent("checkout.session.completed", stripe.completed(sessionId, overrides)));
      await expectFlaggedMismatch(res, owner);
      expect((await paidRecords(owner.projectId)).map((p) => p.kind)).toEqual(["amount_mismatch"]);
    }
  });

  it("waits for an asynchronous payment, then marks it paid when it succeeds", async () => {
    const { owner, sessionId } = await startedCheckout();
    const pending = stripe.completed(sessionId, { payment_status: "unpaid" });
    expect((await deliver(stripeEvent("checkout.session.completed", pending))).json().outcome).toMatch(/^waiting/);
    expect((await mine(owner)).advancePaymentReceivedDate).toBeNull();
    const ok = await deliver(stripeEvent("checkout.session.async_payment_succeeded", stripe.completed(sessionId)));
    expect(ok.json().outcome).toMatch(/^applied/);
    expect((await mine(owner)).status).toBe("development");
  });

  it("records a failed asynchronous payment or an expired session, and the customer can pay again", async () => {
    for (const type of ["checkout.session.async_payment_failed", "checkout.session.expired"]) {
      const { owner, sessionId } = await startedCheckout();
      const res = await deliver(stripeEvent(type, stripe.completed(sessionId, { payment_status: "unpaid", status: "expired" })));
      expect(res.json().outcome).toMatch(/^recorded/);
      expect((await mine(owner)).advancePaymentReceivedDate).toBeNull();
      expect((await paidRecords(owner.projectId)).map((p) => p.kind)).toEqual([type.endsWith("failed") ? "failed" : "expired"]);
      const next = await checkout(owner, owner.projectId);
      expect(next.statusCode).toBe(200);
      expect(await sessionIdOf(next.json().url)).not.toBe(sessionId);
    }
  });

  it("keeps the phase paid when an expired event arrives after the completed one (reordered)", async () => {
    const { owner, sessionId } = await startedCheckout();
    const done = stripe.completed(sessionId);
    await deliver(stripeEvent("checkout.session.completed", done));
    const late = await deliver(stripeEvent("checkout.session.expired", { ...done, status: "expired" }));
    expect(late.statusCode).toBe(200);
    const project = await mine(owner);
    expect(project.advancePaymentState).toBe("paid_stripe");
    const [session] = await t.app.ctx.db.select().from(stripeCheckoutSessions).where(eq(stripeCheckoutSessions.id, sessionId));
    expect(session?.status).toBe("complete");
  });

  it("records a refund for the admin and leaves the received date to them", async () => {
    const { owner, sessionId } = await startedCheckout();
    const done = stripe.completed(sessionId);
    await deliver(stripeEvent("checkout.session.completed", done));
    const refund = await deliver(
      stripeEvent("charge.refunded", {
        id: "ch_test_1",
        object: "charge",
        amount: 250000,
        amount_refunded: 250000,
        currency: "usd",
        refunded: true,
        payment_intent: done.payment_intent,
      }),
    );
    expect(refund.json().outcome).toMatch(/^recorded: refund/);
    const project = await mine(owner);
    expect(project.advancePaymentReceivedDate).not.toBeNull();
    expect(project.advancePaymentState).toBe("refunded");
    expect((await paidRecords(owner.projectId)).map((p) => p.kind).sort()).toEqual(["paid", "refunded"]);
  });

  it("answers 2xx and logs events for sessions it did not create or that name another project", async () => {
    const a = await startedCheckout();
    const b = await ownerWithProject();
    const unknown = await deliver(
      stripeEvent("checkout.session.completed", {
        ...stripe.completed(a.sessionId),
        id: "cs_test_not_ours",
      }),
    );
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().outcome).toMatch(/^ignored/);
    // A's session whose metadata was edited to name B: refused, because the portal created it for A.
    const forged = await deliver(
      stripeEvent("checkout.session.completed", {
        ...stripe.completed(a.sessionId),
        client_reference_id: b.projectId,
        metadata: { projectId: b.projectId, phase: "advance" },
      }),
    );
    expect(forged.statusCode).toBe(200);
    expect(forged.json().outcome).toMatch(/^refused/);
    expect((await mine(a.owner)).advancePaymentReceivedDate).toBeNull();
    expect((await mine(b)).advancePaymentReceivedDate).toBeNull();
    const other = await deliver(stripeEvent("customer.created", { id: "cus_1", object: "customer" }));
    expect(other.json().outcome).toMatch(/^ignored/);
  });

  it("finishes the payment after a restart between the session and the webhook (nothing kept in memory)", async () => {
    const { owner, sessionId } = await startedCheckout();
    const restarted = await buildApp({
      config: loadConfig({ ...TEST_ENV, ...env }),
      database: t.database,
      serveClient: false,
      scheduledJobs: false,
    });
    await restarted.ready();
    try {
      const res = await deliver(stripeEvent("checkout.session.completed", stripe.completed(sessionId)), { app: restarted });
      expect(res.json().outcome).toMatch(/^applied/);
    } finally {
      await restarted.close();
    }
    expect((await mine(owner)).status).toBe("development");
  });

  it("does the work once when two processes receive the same event at once", async () => {
    const { owner, sessionId } = await startedCheckout();
    const url = (t.database as DatabaseHandle & { url?: string }).url;
    // On PostgreSQL the second instance has its own connection pool, like a second server process.
    const second = url ? await openDatabase({ url }) : null;
    const other = await buildApp({
      config: loadConfig({ ...TEST_ENV, ...env }),
      database: second ?? t.database,
      serveClient: false,
      scheduledJobs: false,
    });
    await other.ready();
    recordQueuedEmails(other);
    try {
      const event = stripeEvent("checkout.session.completed", stripe.completed(sessionId));
      const [x, y] = await Promise.all([deliver(event), deliver(event, { app: other })]);
      expect([x.statusCode, y.statusCode]).toEqual([200, 200]);
      expect([x.json().outcome, y.json().outcome].filter((o: string) => o.startsWith("applied"))).toHaveLength(1);
    } finally {
      await other.close();
      await second?.close();
    }
    expect(await paidRecords(owner.projectId)).toHaveLength(1);
    const received = await t.app.ctx.db
      .select()
      .from(activityEvents)
      .where(and(eq(activityEvents.projectId, owner.projectId), eq(activityEvents.title, "Advance payment received")));
    expect(received).toHaveLength(1);
    const [row] = await t.app.ctx.db.select().from(projects).where(eq(projects.id, owner.projectId));
    expect(row?.status).toBe("development");
  });
});

const sessionRow = async (id: string) =>
  (await t.app.ctx.db.select().from(stripeCheckoutSessions).where(eq(stripeCheckoutSessions.id, id)))[0];

const emailsTo = async (address: string, kind: string) =>
  (await t.app.ctx.db.select().from(outgoingEmails)).filter((m) => m.kind === kind && m.toAddress === address);

/** The project as the console's list shows it. */
const inConsole = async (projectId: string) =>
  (await req("GET", "/api/company/projects?pageSize=100", admin)).json().items.find((p: { id: string }) => p.id === projectId);

describe("a phase whose price changed, or that was paid by transfer", () => {
  it("asks Stripe for a session that ends within the hour and is not tied to the payer's email", async () => {
    const owner = await ownerWithProject();
    const before = Math.floor(Date.now() / 1000);
    expect((await checkout(owner, owner.projectId)).statusCode).toBe(200);
    const sent = stripe.requests.findLast((r) => r.path === "/v1/checkout/sessions");
    const expiresAt = Number(sent?.form.expires_at);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 30 * 60);
    expect(expiresAt).toBeLessThanOrEqual(before + 61 * 60);
    expect(sent?.form.customer_email).toBeUndefined();
  });

  it.each([
    ["the amount changes", { advancePaymentAmount: "2,500.00" }],
    ["the currency changes", { advancePaymentCurrency: "INR" }],
    ["it is marked received by transfer", { advancePaymentReceivedDate: "2026-11-05" }],
  ])("expires the phase's open session at Stripe and in the portal when %s", async (_name, patch) => {
    const { owner, sessionId } = await startedCheckout("100");
    const balance = await req("PATCH", `/api/company/projects/${owner.projectId}`, admin, { balancePaymentAmount: "300" });
    expect(balance.statusCode).toBe(200);
    const other = await sessionIdOf((await checkout(owner, owner.projectId, "balance")).json().url);
    const res = await req("PATCH", `/api/company/projects/${owner.projectId}`, admin, patch);
    expect(res.statusCode).toBe(200);
    expect(stripe.requests.some((r) => r.method === "POST" && r.path === `/v1/checkout/sessions/${sessionId}/expire`)).toBe(true);
    expect(stripe.sessions.get(sessionId)?.status).toBe("expired");
    expect((await sessionRow(sessionId))?.status).toBe("expired");
    // The customer's old page can no longer take the money; the other phase's session is untouched.
    const page = await fetch(stripe.sessions.get(sessionId)?.url ?? "", { method: "POST", redirect: "manual" });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("no longer available");
    expect(stripe.sessions.get(other)?.status).toBe("open");
    expect((await sessionRow(other))?.status).toBe("open");
  });

  it("pays nothing for a session made before the amount or currency changed, and flags it for the admin", async () => {
    for (const patch of [{ advancePaymentAmount: "2500" }, { advancePaymentCurrency: "INR" }]) {
      const { owner, sessionId } = await startedCheckout("100");
      await req("PATCH", `/api/company/projects/${owner.projectId}`, admin, patch);
      // The customer's payment crossed the expiry on the way (Stripe had already taken it): 100 USD for the old price.
      const res = await deliver(stripeEvent("checkout.session.completed", stripe.completed(sessionId)));
      await expectFlaggedMismatch(res, owner);
      expect(await paidRecords(owner.projectId)).toEqual([
        expect.objectContaining({ kind: "amount_mismatch", amountMinor: 10000, currency: "USD", stripeSessionId: sessionId }),
      ]);
      expect(await emailsTo(owner.email, "payment-received")).toHaveLength(0);
      const notices = await emailsTo("admin@blueprint.local", "payment-company-notice");
      expect(notices.filter((m) => m.subject.includes(owner.projectCode))).toHaveLength(0);
      const receipt = await req("GET", `/api/projects/${owner.projectId}/payments/advance/receipt`, owner.cookie);
      expect(receipt.statusCode).toBe(404);
    }
  });

  it("keeps the admin's edit when Stripe cannot expire the session, and still refuses the old price", async () => {
    const { owner, sessionId } = await startedCheckout("100");
    stripe.failNext(500, "api_error", "Something went wrong on Stripe's end.");
    const res = await req("PATCH", `/api/company/projects/${owner.projectId}`, admin, { advancePaymentAmount: "2500" });
    expect(res.statusCode).toBe(200);
    expect(res.json().advancePaymentAmount).toBe("2500.00");
    expect((await sessionRow(sessionId))?.status).toBe("expired");
    const paid = await deliver(stripeEvent("checkout.session.completed", stripe.completed(sessionId)));
    expect(paid.json().outcome).toMatch(/^flagged/);
    expect((await mine(owner)).advancePaymentReceivedDate).toBeNull();
    // The next Pay Now asks the new price.
    const next = await checkout(owner, owner.projectId);
    expect(next.statusCode).toBe(200);
    expect(stripe.sessions.get(await sessionIdOf(next.json().url))?.amount_total).toBe(250000);
  });
});

describe("one checkout per phase, whoever pays", () => {
  async function adminMember(owner: Owner) {
    const email = `member-admin-${++counter}@example.com`;
    await t.app.ctx.db.insert(projectMembers).values({ projectId: owner.projectId, email, accessLevel: "admin" });
    return signedInUser(t.app, { email, name: "Morgan Admin" });
  }

  it("gives the owner and an admin-level member pressing Pay Now at once the same session", async () => {
    const owner = await ownerWithProject();
    const member = await adminMember(owner);
    const [a, b] = await Promise.all([checkout(owner, owner.projectId), checkout(member, owner.projectId)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(b.json().url).toBe(a.json().url);
    expect(openAtStripe(owner.projectId)).toHaveLength(1);
    // Later presses, by either of them, get the same page too.
    expect((await checkout(member, owner.projectId)).json().url).toBe(a.json().url);
    expect((await checkout(owner, owner.projectId)).json().url).toBe(a.json().url);
    expect(openAtStripe(owner.projectId)).toHaveLength(1);
  });

  it("keeps the first of two sessions made at once by two processes, and ends the other at Stripe", async () => {
    const owner = await ownerWithProject();
    const member = await adminMember(owner);
    stripe.delayMs = 400;
    let pressed: ReturnType<typeof checkout>;
    try {
      pressed = checkout(owner, owner.projectId);
      await new Promise((resolve) => setTimeout(resolve, 150));
      // Meanwhile another process, a minute earlier by its clock, recorded the member's press.
      stripe.delayMs = 0;
      const config = t.app.ctx.config.stripe;
      if (!config) throw new Error("card payments are off in this test app");
      const other = await stripeClient(config).checkout.sessions.create({
        mode: "payment",
        line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: 250000, product_data: { name: "x" } } }],
        metadata: { projectId: owner.projectId, phase: "advance" },
        success_url: "http://localhost:3000/dashboard",
        expires_at: Math.floor(Date.now() / 1000) + 3600,
      });
      await t.app.ctx.db.insert(stripeCheckoutSessions).values({
        id: other.id,
        projectId: owner.projectId,
        phase: "advance",
        amountMinor: 250000,
        currency: "USD",
        url: other.url ?? "",
        expiresAt: new Date(other.expires_at * 1000),
        createdBy: member.userId,
        createdAt: new Date(Date.now() - 60_000),
      });
      const res = await pressed;
      expect(res.statusCode).toBe(200);
      expect(res.json().url).toBe(other.url);
    } finally {
      stripe.delayMs = 0;
    }
    expect(openAtStripe(owner.projectId).map((s) => s.id)).toEqual([await sessionIdOf(String((await pressed).json().url))]);
    const rows = await t.app.ctx.db
      .select()
      .from(stripeCheckoutSessions)
      .where(eq(stripeCheckoutSessions.projectId, owner.projectId));
    expect(rows.filter((r) => r.status === "open")).toHaveLength(1);
    expect(rows).toHaveLength(2);
  });

  /** The owner's session from a while ago (too little time left to hand out again) and a member's newer one, both paid. */
  async function paidTwice() {
    const { owner, sessionId: first } = await startedCheckout();
    await t.app.ctx.db
      .update(stripeCheckoutSessions)
      .set({ expiresAt: new Date(Date.now() + 5 * 60_000) })
      .where(eq(stripeCheckoutSessions.id, first));
    const member = await adminMember(owner);
    const second = await sessionIdOf((await checkout(member, owner.projectId)).json().url);
    expect(second).not.toBe(first);
    const firstPaid = stripe.completed(first);
    const paidEvent = stripeEvent("checkout.session.completed", firstPaid);
    expect((await deliver(paidEvent)).json().outcome).toMatch(/^applied/);
    const again = stripe.completed(second);
    return { owner, firstPaid, again, paidAt: new Date(paidEvent.created * 1000).toISOString() };
  }

  it("flags a second payment of a paid phase in the console and emails the company, once", async () => {
    const { owner, again, paidAt } = await paidTwice();
    const event = stripeEvent("checkout.session.completed", again);
    const res = await deliver(event);
    expect(res.statusCode).toBe(200);
    expect(res.json().outcome).toMatch(/^flagged: duplicate/);
    expect(await inConsole(owner.projectId)).toMatchObject({
      advancePaymentState: "duplicate_payment",
      advancePaymentReceivedDate: paidAt,
    });
    expect((await mine(owner)).advancePaymentReceivedDate).toBe(paidAt);
    expect(
      (await paidRecords(owner.projectId))
        .map((p) => [p.kind, p.stripePaymentIntentId])
        .sort(([a], [b]) => String(a).localeCompare(String(b))),
    ).toEqual([
      ["duplicate", again.payment_intent],
      ["paid", expect.any(String)],
    ]);
    const notices = (await emailsTo("admin@blueprint.local", "payment-duplicate-notice")).filter((m) =>
      m.subject.includes(owner.projectCode),
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]?.textBody).toContain("2,500.00 USD");
    expect(notices[0]?.textBody).toContain(String(again.payment_intent));
    // The customer was told of the payment once; Stripe's retry of the same event changes nothing.
    expect(await emailsTo(owner.email, "payment-received")).toHaveLength(1);
    const sent = (await emailsTo("admin@blueprint.local", "payment-duplicate-notice")).length;
    expect((await deliver(event)).json().outcome).toMatch(/^duplicate/);
    expect(await emailsTo("admin@blueprint.local", "payment-duplicate-notice")).toHaveLength(sent);
  });

  it("leaves the phase paid when the duplicate is refunded, and clears the flag", async () => {
    const { owner, again, paidAt } = await paidTwice();
    await deliver(stripeEvent("checkout.session.completed", again));
    const refund = await deliver(
      stripeEvent("charge.refunded", {
        id: "ch_test_duplicate",
        object: "charge",
        amount: 250000,
        amount_refunded: 250000,
        currency: "usd",
        refunded: true,
        payment_intent: again.payment_intent,
      }),
    );
    expect(refund.json().outcome).toMatch(/^recorded: refund/);
    expect(await inConsole(owner.projectId)).toMatchObject({
      advancePaymentState: "paid_stripe",
      advancePaymentReceivedDate: paidAt,
    });
    expect((await mine(owner)).status).toBe("development");
    expect((await paidRecords(owner.projectId)).map((p) => p.kind).sort()).toEqual(["duplicate", "paid", "refunded"]);
  });

  it("flags a card payment that arrives after the admin marked the phase received by transfer", async () => {
    const { owner, sessionId } = await startedCheckout();
    await req("PATCH", `/api/company/projects/${owner.projectId}`, admin, { advancePaymentReceivedDate: "2026-11-06" });
    const res = await deliver(stripeEvent("checkout.session.completed", stripe.completed(sessionId)));
    expect(res.json().outcome).toMatch(/^flagged: duplicate/);
    expect(await inConsole(owner.projectId)).toMatchObject({ advancePaymentState: "duplicate_payment" });
    const notices = (await emailsTo("admin@blueprint.local", "payment-duplicate-notice")).filter((m) =>
      m.subject.includes(owner.projectCode),
    );
    expect(notices).toHaveLength(1);
    // The one "payment received" is the transfer's (sent when it was marked received); the card's second payment none.
    expect(await emailsTo(owner.email, "payment-received")).toHaveLength(1);
  });
});

describe("receipts", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "bp-receipt-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** pdfsig's report: one line per fact; it exits non-zero when a signature does not verify. */
  function pdfsig(bytes: Buffer): string {
    const file = path.join(dir, `r-${++counter}.pdf`);
    writeFileSync(file, bytes);
    try {
      return execFileSync("pdfsig", [file], { encoding: "utf8", env: { ...process.env, TZ: "UTC" } });
    } catch (error) {
      return String((error as { stdout?: string }).stdout ?? "");
    }
  }

  it("issues a sealed receipt for a paid phase that pdfsig verifies and /verify recognises, and puts it in the export", async () => {
    const { owner, sessionId } = await startedCheckout();
    const done = stripe.completed(sessionId);
    const event = stripeEvent("checkout.session.completed", done);
    await deliver(event);
    const res = await req("GET", `/api/projects/${owner.projectId}/payments/advance/receipt`, owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("application/pdf");
    expect(res.headers["content-disposition"]).toContain(`${owner.projectCode}-advance-receipt.pdf`);
    const text = pdfText(res.rawPayload).replace(/\s+/g, " ");
    for (const fact of [
      "Payment receipt",
      "Dana Wells, Wells Co",
      owner.email,
      "Blueprint",
      owner.projectCode,
      "Advance payment",
      "2,500.00 USD",
      String(done.payment_intent),
      `${new Date(event.created * 1000).toISOString().slice(0, 19).replace("T", " ")} UTC`,
    ]) {
      expect(text).toContain(fact);
    }
    const report = pdfsig(res.rawPayload);
    expect(report).toContain("Signature Validation: Signature is Valid.");
    expect(report).toMatch(/Total document signed/);
    // One changed byte in the signed range: pdfsig no longer vouches for it.
    const tampered = Buffer.from(res.rawPayload);
    const range = /\/ByteRange \[\s*0 (\d+)/.exec(tampered.toString("latin1"));
    const at = Math.floor(Number(range?.[1]) / 2);
    tampered[at] = (tampered[at] ?? 0) ^ 0x01;
    expect(pdfsig(tampered)).not.toContain("Signature Validation: Signature is Valid.");

    const verified = await t.app.inject({
      method: "POST",
      url: "/api/verify-document",
      ...fileUpload("receipt.pdf", res.rawPayload),
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ valid: true, document: { kind: "payment_receipt" } });

    // The company and the owner's export get the same document.
    const company = await req("GET", `/api/projects/${owner.projectId}/payments/advance/receipt`, admin);
    expect(company.statusCode).toBe(200);
    const exported = await req("GET", "/api/me/export", owner.cookie);
    expect(exported.statusCode).toBe(200);
    const zip = path.join(dir, `export-${++counter}.zip`);
    writeFileSync(zip, exported.rawPayload);
    const names = execFileSync("unzip", ["-Z1", zip], { encoding: "utf8" }).split("\n");
    expect(names).toContain(`documents/${owner.projectCode}-advance-receipt.pdf`);
  });

  it("has no receipt before payment (404) and none for members below admin (403)", async () => {
    const owner = await ownerWithProject();
    const unpaid = await req("GET", `/api/projects/${owner.projectId}/payments/advance/receipt`, owner.cookie);
    expect(unpaid.statusCode).toBe(404);
    expect(unpaid.json().message).toContain("not been received");
    await req("PATCH", `/api/company/projects/${owner.projectId}`, admin, { advancePaymentReceivedDate: "2026-11-02" });
    const email = `viewer-${++counter}@example.com`;
    await t.app.ctx.db.insert(projectMembers).values({ projectId: owner.projectId, email, accessLevel: "view_only" });
    const viewer = await signedInUser(t.app, { email, name: "Viewer" });
    const refused = await req("GET", `/api/projects/${owner.projectId}/payments/advance/receipt`, viewer.cookie);
    expect(refused.statusCode).toBe(403);
    const transfer = await req("GET", `/api/projects/${owner.projectId}/payments/advance/receipt`, owner.cookie);
    expect(transfer.statusCode).toBe(200);
    expect(pdfText(transfer.rawPayload)).toContain("Bank transfer");
  });
});

describe("reminders", () => {
  const DAY = 24 * 3600_000;
  const remindersTo = async (email: string) =>
    (await t.app.ctx.db.select().from(outgoingEmails)).filter((m) => m.kind === "payment-reminder" && m.toAddress === email);

  it("reminds an unpaid ready phase 3 days after it was issued, then weekly, three times at most", async () => {
    const owner = await ownerWithProject("2500");
    const issued = new Date((await mine(owner)).advancePaymentLinkDate);
    const at = (days: number) => new Date(issued.getTime() + days * DAY + 60_000);
    const run = (days: number) => sendPaymentReminders(t.app.ctx, at(days));
    await run(2.9);
    expect(await remindersTo(owner.email)).toHaveLength(0);
    await run(3);
    const first = await remindersTo(owner.email);
    expect(first).toHaveLength(1);
    expect(first[0]?.subject).toContain("Advance payment is waiting");
    expect(first[0]?.textBody).toContain("2,500.00 USD");
    expect(first[0]?.listUnsubscribe).toContain("unsubscribe");
    await run(3.5);
    await run(9.9);
    expect(await remindersTo(owner.email)).toHaveLength(1);
    await run(10);
    await run(17);
    await run(24);
    await run(40);
    expect(await remindersTo(owner.email)).toHaveLength(3);
  });

  it("sends none once paid, and none to someone who turned payment emails off", async () => {
    const paid = await ownerWithProject("100");
    const issued = new Date((await mine(paid)).advancePaymentLinkDate);
    await req("PATCH", `/api/company/projects/${paid.projectId}`, admin, { advancePaymentReceivedDate: "2026-11-03" });
    const quiet = await ownerWithProject("100");
    const off = await req("PUT", "/api/me/notification-preferences", quiet.cookie, preferencesWith({ payments: "off" }));
    expect(off.statusCode).toBe(200);
    await sendPaymentReminders(t.app.ctx, new Date(issued.getTime() + 4 * DAY));
    expect(await remindersTo(paid.email)).toHaveLength(0);
    expect(await remindersTo(quiet.email)).toHaveLength(0);
  });

  it("does not remind a phase that was never issued", async () => {
    const owner = await ownerWithProject(null);
    await sendPaymentReminders(t.app.ctx, new Date(Date.now() + 30 * DAY));
    expect(await remindersTo(owner.email)).toHaveLength(0);
  });
});

describe("the admin's view of payment phases", () => {
  it("shows each phase's state in the list and filters it by awaiting payment", async () => {
    const awaiting = await ownerWithProject("2500");
    const notIssued = await ownerWithProject(null);
    const transfer = await ownerWithProject("900");
    await req("PATCH", `/api/company/projects/${transfer.projectId}`, admin, { advancePaymentReceivedDate: "2026-11-04" });
    const unparsed = await ownerWithProject(null);
    await t.app.ctx.db
      .update(projects)
      .set({ advancePaymentAmountUnparsed: "half up front" })
      .where(eq(projects.id, unparsed.projectId));

    const all = (await req("GET", "/api/company/projects?pageSize=100", admin)).json();
    const stateOf = (id: string) => all.items.find((p: { id: string }) => p.id === id);
    expect(stateOf(awaiting.projectId)).toMatchObject({
      advancePaymentState: "awaiting_payment",
      balancePaymentState: "not_issued",
    });
    expect(stateOf(notIssued.projectId)).toMatchObject({ advancePaymentState: "not_issued" });
    expect(stateOf(transfer.projectId)).toMatchObject({ advancePaymentState: "paid_transfer" });
    expect(stateOf(unparsed.projectId)).toMatchObject({
      advancePaymentAmountUnparsed: "half up front",
      advancePaymentAmount: null,
    });

    const filtered = await req("GET", "/api/company/projects?payment=awaiting_payment&pageSize=100", admin);
    expect(filtered.statusCode).toBe(200);
    const ids = filtered.json().items.map((p: { id: string }) => p.id);
    expect(ids).toContain(awaiting.projectId);
    expect(ids).not.toContain(notIssued.projectId);
    expect(ids).not.toContain(transfer.projectId);
    for (const item of filtered.json().items) {
      expect([item.advancePaymentState, item.balancePaymentState]).toContain("awaiting_payment");
    }
    expect((await req("GET", "/api/company/projects?payment=overdue", admin)).statusCode).toBe(400);
  });

  it("audits a typed received date as paid by transfer", async () => {
    const owner = await ownerWithProject("1234.56", "INR");
    await req("PATCH", `/api/company/projects/${owner.projectId}`, admin, {
      advancePaymentReceivedDate: new Date().toISOString(),
    });
    const audit = (await req("GET", `/api/company/projects/${owner.projectId}/audit`, admin)).json();
    const changes = audit.items.flatMap((entry: { actorEmail?: string; changes: Array<{ field: string }> }) =>
      entry.changes.map((change) => ({ ...change, actor: entry.actorEmail })),
    );
    expect(changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: "advancePaymentReceivedDate" }),
        expect.objectContaining({ field: "advancePaidVia", after: "transfer" }),
      ]),
    );
  });

  it("counts transfers and card payments in the revenue chart by their real amounts, per currency", async () => {
    const month = new Date().toISOString().slice(0, 7);
    const revenue = async () =>
      (await req("GET", "/api/company/charts", admin)).json().revenuePerMonth.find((m: { month: string }) => m.month === month);
    const before = await revenue();
    const transfer = await ownerWithProject("1234.56", "INR");
    await req("PATCH", `/api/company/projects/${transfer.projectId}`, admin, {
      advancePaymentReceivedDate: new Date().toISOString(),
    });
    const { sessionId } = await startedCheckout("2500");
    await deliver(stripeEvent("checkout.session.completed", stripe.completed(sessionId)));
    const after = await revenue();
    expect(Math.round((after.INR - before.INR) * 100)).toBe(123456);
    expect(Math.round((after.USD - before.USD) * 100)).toBe(250000);
  });
});
