// Outgoing webhooks (issue 46 §1) against a local receiver on 127.0.0.1 (allowed by WEBHOOK_ALLOWED_HOSTS) that
// verifies each signature with the official `standardwebhooks` package, fails on purpose, never answers, answers 5 MB
// or redirects to the metadata address. Retries run on a clock the test moves, never by sleeping.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newProject, signedInUser } from "../../../../tests/factories";
import { openForFile } from "../../../../tests/setup/per-file";
import { createTestApp } from "../../../../tests/setup/test-app";
import { WEBHOOK_MESSAGES } from "../../../shared/schemas/webhooks";
import { adminAuditLog, outgoingEmails, webhookDeliveries, webhookEndpoints } from "../../db/schema";
import { enqueueWebhookEvent } from ".";
import { webhookSignature } from "./secret";

type Received = { path: string; headers: http.IncomingHttpHeaders; body: string };
const received: Received[] = [];
const BIG = Buffer.alloc(5 * 1024 * 1024, "x");

const receiver = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk) => chunks.push(chunk));
  request.on("end", () => {
    const path = request.url ?? "/";
    received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
    if (path === "/fail") return response.writeHead(500).end("nope: down for maintenance");
    if (path === "/hang") return; // never answers
    if (path === "/big") return response.writeHead(200).end(BIG);
    if (path === "/redirect") return response.writeHead(302, { location: "http://169.254.169.254/latest/meta-data" }).end();
    response.writeHead(200, { "content-type": "text/plain" }).end("thanks");
  });
});
let base = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

const t = openForFile(() =>
  createTestApp({ WEBHOOK_ALLOWED_HOSTS: "127.0.0.1" }, { webhookDelivery: { pollMs: null, timeoutMs: 1500 } }),
);
let admin: string;

beforeAll(async () => {
  admin = (await signedInUser(t.app, { email: "admin@blueprint.local", name: "Site Admin", role: "company" })).cookie;
});

const api = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object, cookie = admin) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

async function addEndpoint(body: { url: string; events: string[]; kind?: string; description?: string }) {
  const res = await api("POST", "/api/company/webhooks", body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { endpoint: { id: string }; secret: string | null };
}

const deliveriesOf = async (endpointId: string) => {
  const res = await api("GET", `/api/company/webhooks/${endpointId}/deliveries`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const run = (now = new Date()) => t.app.webhookWorker.runDue({ now });
const toPath = (path: string) => received.filter((request) => request.path === path);
const clear = async () => {
  received.length = 0;
  await t.app.ctx.db.delete(webhookEndpoints);
};
const endpointCount = async () => (await t.app.ctx.db.select().from(webhookEndpoints)).length;

describe("adding an endpoint", () => {
  it("answers 401 to a visitor and 403 to a customer, and stores nothing", async () => {
    const customer = await signedInUser(t.app, { email: "hook-customer@example.com" });
    const body = { url: "https://hooks.example.com/in", events: ["payment.received"] };
    expect((await t.app.inject({ method: "GET", url: "/api/company/webhooks" })).statusCode).toBe(401);
    expect((await api("POST", "/api/company/webhooks", body, customer.cookie)).statusCode).toBe(403);
    expect((await api("GET", "/api/company/webhooks", undefined, customer.cookie)).statusCode).toBe(403);
    expect(await endpointCount()).toBe(0);
  });

  it.each([
    ["an http URL", { url: "http://hooks.example.com/in" }, WEBHOOK_MESSAGES.https],
    ["a private address", { url: "https://10.1.2.3/in" }, WEBHOOK_MESSAGES.privateAddress("10.1.2.3")],
    ["the metadata address", { url: "https://169.254.169.254/in" }, WEBHOOK_MESSAGES.privateAddress("169.254.169.254")],
    ["a CGNAT address", { url: "https://100.64.0.1/in" }, WEBHOOK_MESSAGES.privateAddress("100.64.0.1")],
    ["IPv6 loopback", { url: "https://[::1]/in" }, WEBHOOK_MESSAGES.privateAddress("::1")],
    ["a host name resolving to loopback", { url: "https://localhost/in" }, WEBHOOK_MESSAGES.privateAddress("localhost")],
    ["credentials in the URL", { url: "https://user:pw@hooks.example.com/in" }, WEBHOOK_MESSAGES.credentials],
    ["a Slack endpoint elsewhere", { url: "https://hooks.example.com/in", kind: "slack" }, WEBHOOK_MESSAGES.slackHost],
    ["not a URL", { url: "hooks.example.com" }, WEBHOOK_MESSAGES.url],
  ])("refuses %s with a 400 on the URL and stores nothing", async (_what, change, message) => {
    const res = await api("POST", "/api/company/webhooks", { events: ["payment.received"], ...change });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields?.url).toBe(message);
    expect(await endpointCount()).toBe(0);
  });

  it.each([
    ["an unknown event type", ["payment.received", "payment.stolen"], WEBHOOK_MESSAGES.unknownEvent("payment.stolen")],
    ["no event at all", [], WEBHOOK_MESSAGES.events],
  ])("refuses %s with a 400 on the events and stores nothing", async (_what, events, message) => {
    const res = await api("POST", "/api/company/webhooks", { url: `${base}/ok`, events });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields?.events).toBe(message);
    expect(await endpointCount()).toBe(0);
  });

  it("answers the signing secret once, keeps it only encrypted, never lists it, and audits the addition", async () => {
    const { endpoint, secret } = await addEndpoint({ url: `${base}/ok`, events: ["project.created"], description: "CRM" });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const [row] = await t.app.ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row?.secretCiphertext).toBeTruthy();
    expect(row?.secretCiphertext).not.toContain((secret ?? "").slice(6));
    const list = await api("GET", "/api/company/webhooks");
    expect(list.json()).toMatchObject({ total: 1, page: 1, items: [{ id: endpoint.id, description: "CRM", paused: false }] });
    expect(list.body).not.toContain((secret ?? "").slice(6));
    const audit = await t.app.ctx.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, "webhook.created"));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain((secret ?? "").slice(6));
    await clear();
  });
});

describe("deliveries", () => {
  it("signs each event as Standard Webhooks says: the receiver's standardwebhooks.verify accepts it, and it is logged", async () => {
    const { endpoint, secret } = await addEndpoint({ url: `${base}/ok`, events: ["project.created"] });
    const owner = await signedInUser(t.app, { email: "hook-owner@example.com" });
    const project = await newProject(t.app, owner);
    expect(await run()).toMatchObject({ attempted: 1, delivered: 1 });
    const [request] = toPath("/ok");
    if (!request || !secret) throw new Error("nothing was delivered");
    const verified = new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as {
      type: string;
      timestamp: string;
      data: Record<string, unknown>;
    };
    expect(verified.type).toBe("project.created");
    expect(verified.data).toMatchObject({ projectId: project.id, projectCode: project.projectCode });
    expect(verified.data.url).toBe(`${t.app.ctx.config.appUrl}/admin?tab=projects&q=${project.projectCode}`);
    expect(Object.keys(verified).sort()).toEqual(["data", "timestamp", "type"]);

    const log = await deliveriesOf(endpoint.id);
    expect(log).toMatchObject({ total: 1, page: 1, pageSize: 20 });
    expect(log.items[0]).toMatchObject({
      id: request.headers["webhook-id"],
      eventType: "project.created",
      status: "delivered",
      attempts: 1,
      lastStatusCode: 200,
      lastResponseExcerpt: "thanks",
      attemptLog: [{ statusCode: 200, error: null, responseExcerpt: "thanks" }],
    });
    await clear();
  });

  it("is refused on the receiver's side when forged, tampered with, signed with another secret or replayed late", async () => {
    const { secret } = await addEndpoint({ url: `${base}/ok`, events: ["payment.received"] });
    await enqueueWebhookEvent(t.app.ctx.db, { type: "payment.received", data: { projectId: null, phase: "advance" } });
    await run();
    const [request] = toPath("/ok");
    if (!request || !secret) throw new Error("nothing was delivered");
    const headers = request.headers as Record<string, string>;
    const receiverSide = new Webhook(secret);
    expect(() => receiverSide.verify(request.body, headers)).not.toThrow();
    expect(() => receiverSide.verify(request.body.replace("advance", "balance"), headers)).toThrow();
    expect(() => new Webhook(`whsec_${Buffer.alloc(24, 7).toString("base64")}`).verify(request.body, headers)).toThrow();
    const forged = { ...headers, "webhook-signature": `v1,${Buffer.alloc(32).toString("base64")}` };
    expect(() => receiverSide.verify(request.body, forged)).toThrow();
    // A captured message sent again ten minutes later: its signature is genuine, its timestamp outside the tolerance.
    const id = headers["webhook-id"] ?? "";
    const old = Math.floor(Date.now() / 1000) - 600;
    const replayed = {
      "webhook-id": id,
      "webhook-timestamp": String(old),
      "webhook-signature": webhookSignature({ secret, id, timestamp: old, body: request.body }),
    };
    expect(() => receiverSide.verify(request.body, replayed)).toThrow(/too old/i);
    await clear();
  });

  it("signs with the new secret once it is rotated (answered once), and the old one no longer verifies", async () => {
    const { endpoint, secret: old } = await addEndpoint({ url: `${base}/ok`, events: ["payment.received"] });
    const rotated = await api("POST", `/api/company/webhooks/${endpoint.id}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    const secret = rotated.json().secret as string;
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(old);
    await enqueueWebhookEvent(t.app.ctx.db, { type: "payment.received", data: { projectId: null } });
    await run();
    const [request] = toPath("/ok");
    if (!request || !old) throw new Error("nothing was delivered");
    const headers = request.headers as Record<string, string>;
    expect(() => new Webhook(secret).verify(request.body, headers)).not.toThrow();
    expect(() => new Webhook(old).verify(request.body, headers)).toThrow();
    await clear();
  });

  it("retries a failing receiver with back-off, in order, for about a day; then fails it, pauses the endpoint and emails the company", async () => {
    const { endpoint } = await addEndpoint({ url: `${base}/fail`, events: ["payment.received", "payment.failed"] });
    await enqueueWebhookEvent(t.app.ctx.db, { type: "payment.received", data: { projectId: null, n: 1 } });
    await enqueueWebhookEvent(t.app.ctx.db, { type: "payment.failed", data: { projectId: null, n: 2 } });
    const start = new Date(Date.now() + 1000);
    const at = (ms: number) => new Date(start.getTime() + ms);

    expect(await run(start)).toMatchObject({ attempted: 1, failed: 1 });
    let log = await deliveriesOf(endpoint.id);
    const [second, first] = log.items;
    expect(first).toMatchObject({ eventType: "payment.received", status: "pending", attempts: 1, lastStatusCode: 500 });
    expect(first.lastResponseExcerpt).toBe("nope: down for maintenance");
    expect(first.nextAttemptAt).toBe(at(30_000).toISOString());
    // The newer event waits behind the older one.
    expect(second).toMatchObject({ eventType: "payment.failed", status: "pending", attempts: 0 });

    expect(await run(at(29_000))).toMatchObject({ attempted: 0 });
    expect(await run(at(30_000))).toMatchObject({ attempted: 1 });
    log = await deliveriesOf(endpoint.id);
    expect(log.items[1].nextAttemptAt).toBe(at(30_000 + 120_000).toISOString());

    // Keep trying whenever it is due, until a day has passed since the first attempt.
    let now = at(30_000);
    for (let i = 0; i < 20; i++) {
      const next = (await deliveriesOf(endpoint.id)).items[1];
      if (next.status !== "pending") break;
      now = new Date(next.nextAttemptAt);
      await run(now);
    }
    log = await deliveriesOf(endpoint.id);
    const failed = log.items[1];
    expect(failed.status).toBe("failed");
    // A day after it was queued (a moment before the first attempt), not a retry more.
    const retriedFor = now.getTime() - new Date(failed.createdAt).getTime();
    expect(Math.abs(retriedFor - 24 * 3600_000)).toBeLessThan(1000);
    expect(failed.attempts).toBe(11);
    expect(failed.attemptLog).toHaveLength(11);
    expect(failed.attemptLog.every((a: { statusCode: number }) => a.statusCode === 500)).toBe(true);

    const endpoints = (await api("GET", "/api/company/webhooks")).json().items;
    expect(endpoints[0]).toMatchObject({ paused: true, failingSince: start.toISOString() });
    expect(endpoints[0].pausedReason).toMatch(/failed for a day/);
    const emails = await t.app.ctx.db.select().from(outgoingEmails).where(eq(outgoingEmails.kind, "webhook-paused"));
    expect(emails.map((email) => email.toAddress)).toEqual(["admin@blueprint.local"]);
    // Paused: nothing more is sent, not even the waiting event, and no new event is queued.
    expect(await run(at(25 * 3600_000))).toMatchObject({ attempted: 0 });
    await enqueueWebhookEvent(t.app.ctx.db, { type: "payment.received", data: { projectId: null } });
    expect((await deliveriesOf(endpoint.id)).total).toBe(2);
    expect((await api("POST", `/api/company/webhooks/deliveries/${failed.id}/resend`)).statusCode).toBe(409);
    await t.app.ctx.db.delete(outgoingEmails).where(eq(outgoingEmails.kind, "webhook-paused"));
    await clear();
  });

  it("records a receiver that never answers as a timeout, and one answering 5 MB as bounded, reading at most 64 KB", async () => {
    const hang = await addEndpoint({ url: `${base}/hang`, events: ["nda.signed"] });
    const big = await addEndpoint({ url: `${base}/big`, events: ["nda.signed"] });
    await enqueueWebhookEvent(t.app.ctx.db, { type: "nda.signed", data: { customerUserId: "u1" }, console: { tab: "nda" } });
    expect(await run()).toMatchObject({ attempted: 2, failed: 2 });
    const [timedOut] = (await deliveriesOf(hang.endpoint.id)).items;
    expect(timedOut).toMatchObject({ status: "pending", lastStatusCode: null, lastError: "timed out after 1.5 s" });
    const [bounded] = (await deliveriesOf(big.endpoint.id)).items;
    expect(bounded).toMatchObject({
      status: "pending",
      lastStatusCode: 200,
      lastError: "answer longer than 64 KB: stopped reading",
    });
    expect(bounded.lastResponseExcerpt).toBe("x".repeat(1024));
    await clear();
  });

  it("does not follow a redirect (to the metadata address here): a failure naming the Location", async () => {
    const { endpoint } = await addEndpoint({ url: `${base}/redirect`, events: ["brief.confirmed"] });
    await enqueueWebhookEvent(t.app.ctx.db, { type: "brief.confirmed", data: { projectId: null } });
    await run();
    const [delivery] = (await deliveriesOf(endpoint.id)).items;
    expect(delivery).toMatchObject({
      status: "pending",
      lastStatusCode: 302,
      lastError: "redirect to http://169.254.169.254/latest/meta-data not followed",
    });
    expect(received.map((request) => request.path)).toEqual(["/redirect"]);
    await clear();
  });

  it("resends a delivered event with the same webhook-id, and the log shows both attempts", async () => {
    const { endpoint } = await addEndpoint({ url: `${base}/ok`, events: ["update.posted"] });
    await enqueueWebhookEvent(t.app.ctx.db, { type: "update.posted", data: { projectId: null } });
    await run();
    const [delivery] = (await deliveriesOf(endpoint.id)).items;
    const resent = await api("POST", `/api/company/webhooks/deliveries/${delivery.id}/resend`);
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ status: "pending" });
    await run();
    const [again] = (await deliveriesOf(endpoint.id)).items;
    expect(again).toMatchObject({ status: "delivered", attempts: 2 });
    expect(again.attemptLog).toHaveLength(2);
    expect(toPath("/ok").map((request) => request.headers["webhook-id"])).toEqual([delivery.id, delivery.id]);
    expect((await api("POST", "/api/company/webhooks/deliveries/00000000-0000-4000-8000-000000000000/resend")).statusCode).toBe(
      404,
    );
    await clear();
  });

  it("posts a short Block Kit message with a console link to a Slack endpoint, unsigned", async () => {
    const created = await addEndpoint({ url: `${base}/slack`, kind: "slack", events: ["project.created"] });
    expect(created.secret).toBeNull();
    const owner = await signedInUser(t.app, { email: "hook-slack@example.com" });
    const project = await newProject(t.app, owner);
    await run();
    const [request] = toPath("/slack");
    expect(request?.headers["webhook-signature"]).toBeUndefined();
    const link = `${t.app.ctx.config.appUrl}/admin?tab=projects&q=${project.projectCode}`;
    expect(JSON.parse(request?.body ?? "{}")).toEqual({
      text: `Project created · ${project.projectCode} · ${link}`,
      blocks: [
        {
          type: "section",
          text: { type: "mrkdwn", text: `*Project created* · ${project.projectCode} · <${link}|Open in console>` },
        },
      ],
    });
    await clear();
  });

  it("sends message.created for a customer's message only (not the company's reply), without the message's text", async () => {
    const { endpoint, secret } = await addEndpoint({ url: `${base}/ok`, events: ["message.created"] });
    const owner = await signedInUser(t.app, { email: "hook-messages@example.com" });
    const project = await newProject(t.app, owner);
    const headers = (cookie: string) => ({ cookie, "content-type": "application/json" });
    const thread = await t.app.inject({
      method: "POST",
      url: `/api/projects/${project.id}/communications`,
      headers: headers(owner.cookie),
      payload: { type: "message", subject: "Invoice question", content: "Our secret launch date is 1 March" },
    });
    expect(thread.statusCode, thread.body).toBe(201);
    const answered = await t.app.inject({
      method: "POST",
      url: `/api/projects/${project.id}/communications/${thread.json().id}/replies`,
      headers: headers(admin),
      payload: { content: "Thanks, we will look" },
    });
    expect(answered.statusCode, answered.body).toBe(201);
    await run();
    const log = await deliveriesOf(endpoint.id);
    expect(log.items.map((item: { eventType: string }) => item.eventType)).toEqual(["message.created"]);
    const [request] = toPath("/ok");
    const event = new Webhook(secret ?? "").verify(request?.body ?? "", (request?.headers ?? {}) as Record<string, string>) as {
      data: Record<string, unknown>;
    };
    expect(event.data).toMatchObject({ projectId: project.id, threadId: thread.json().id, kind: "message" });
    expect(String(event.data.url)).toContain("tab=inbox");
    expect(request?.body).not.toContain("launch date");
    await clear();
  });

  it("pauses and resumes by hand, changes the events (unknown ones refused), and deletes with the log", async () => {
    const { endpoint } = await addEndpoint({ url: `${base}/ok`, events: ["update.posted"] });
    const paused = await api("PATCH", `/api/company/webhooks/${endpoint.id}`, { paused: true });
    expect(paused.json()).toMatchObject({ paused: true, pausedReason: "Paused by hand" });
    expect(await enqueueWebhookEvent(t.app.ctx.db, { type: "update.posted", data: { projectId: null } })).toBe(0);
    const bad = await api("PATCH", `/api/company/webhooks/${endpoint.id}`, { events: ["update.deleted"] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields?.events).toBe(WEBHOOK_MESSAGES.unknownEvent("update.deleted"));
    const resumed = await api("PATCH", `/api/company/webhooks/${endpoint.id}`, { paused: false, events: ["nda.approved"] });
    expect(resumed.json()).toMatchObject({ paused: false, pausedReason: null, events: ["nda.approved"] });
    await enqueueWebhookEvent(t.app.ctx.db, { type: "nda.approved", data: {}, console: { tab: "nda" } });
    const deleted = await api("DELETE", `/api/company/webhooks/${endpoint.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(await t.app.ctx.db.select().from(webhookDeliveries)).toHaveLength(0);
    expect((await api("DELETE", `/api/company/webhooks/${endpoint.id}`)).statusCode).toBe(404);
    expect((await api("GET", `/api/company/webhooks/${endpoint.id}/deliveries`)).statusCode).toBe(404);
    await clear();
  });
});
