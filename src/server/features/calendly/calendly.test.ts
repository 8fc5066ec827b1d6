// Against a local HTTP server that speaks Calendly's v2 endpoints and JSON: users/me, scheduled_events (two pages),
// each event's invitees, a rejected token and a rate limit.
import { createServer, type IncomingMessage, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customer } from "../../../../tests/factories";
import { createTestApp, signIn, type TestApp } from "../../../../tests/setup/test-app";
import { CALENDLY_MESSAGES } from "../../../shared/schemas/calendly";
import { createCalendlyClient } from "./calendly-client";

const TOKEN = "pat-good-token";
const ORG = "https://api.calendly.com/organizations/ORG1";
let server: Server;
let base: string;
const seen: Array<{ path: string; query: URLSearchParams; auth: string | undefined }> = [];
let rateLimitNext = 0;

function event(uuid: string, start: string, minutes: number) {
  const end = new Date(Date.parse(start) + minutes * 60_000).toISOString();
  return {
    uri: `${base}/scheduled_events/${uuid}`,
    name: `Discovery call ${uuid}`,
    status: "active",
    start_time: start,
    end_time: end,
    event_type: `${base}/event_types/ET1`,
    location: { type: "google_conference", status: "pushed", join_url: `https://meet.google.com/${uuid.toLowerCase()}` },
    invitees_counter: { total: 1, active: 1, limit: 1 },
    created_at: "2026-01-01T00:00:00.000000Z",
    updated_at: "2026-01-01T00:00:00.000000Z",
    event_memberships: [{ user: `${base}/users/U1` }],
    event_guests: [],
  };
}

function handle(req: IncomingMessage): { status: number; body?: unknown; headers?: Record<string, string> } {
  const url = new URL(req.url ?? "/", base);
  seen.push({ path: url.pathname, query: url.searchParams, auth: req.headers.authorization });
  if (req.headers.authorization !== `Bearer ${TOKEN}`) {
    return { status: 401, body: { title: "Unauthenticated", message: "The access token is invalid" } };
  }
  if (rateLimitNext > 0) {
    rateLimitNext--;
    return { status: 429, headers: { "retry-after": "1" }, body: { title: "Too Many Requests", message: "Rate limited" } };
  }
  if (url.pathname === "/users/me") {
    return {
      status: 200,
      body: {
        resource: {
          uri: `${base}/users/U1`,
          name: "Casey Calendar",
          email: "casey@blueprint.local",
          scheduling_url: "https://calendly.com/casey",
          timezone: "Europe/London",
          current_organization: ORG,
        },
      },
    };
  }
  if (url.pathname === "/scheduled_events") {
    const soon = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();
    if (url.searchParams.get("page_token") === "PAGE2") {
      return {
        status: 200,
        body: { collection: [event("EV3", soon(48), 15)], pagination: { count: 1, next_page: null, next_page_token: null } },
      };
    }
    return {
      status: 200,
      body: {
        collection: [event("EV1", soon(2), 30), event("EV2", soon(26), 30)],
        pagination: {
          count: 2,
          next_page: `${base}/scheduled_events?organization=${encodeURIComponent(ORG)}&page_token=PAGE2&count=100`,
          next_page_token: "PAGE2",
          previous_page: null,
        },
      },
    };
  }
  const invitees = /^\/scheduled_events\/(EV\d)\/invitees$/.exec(url.pathname);
  if (invitees) {
    return {
      status: 200,
      body: {
        collection: [
          {
            uri: `${base}/scheduled_events/${invitees[1]}/invitees/I1`,
            name: `Guest of ${invitees[1]}`,
            email: `${invitees[1]?.toLowerCase()}@example.com`,
            status: "active",
          },
        ],
        pagination: { count: 1, next_page: null },
      },
    };
  }
  return { status: 404, body: { title: "Resource Not Found" } };
}

let t: TestApp;
let unconfigured: TestApp;
let badToken: TestApp;
let admin: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const answer = handle(req);
    res.writeHead(answer.status, { "content-type": "application/json", ...answer.headers });
    res.end(JSON.stringify(answer.body ?? {}));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  t = await createTestApp({ CALENDLY_TOKEN: TOKEN, CALENDLY_API_URL: base });
  unconfigured = await createTestApp({ CALENDLY_API_URL: base });
  badToken = await createTestApp({ CALENDLY_TOKEN: "pat-revoked", CALENDLY_API_URL: base });
  admin = await signIn(t.app, "admin@blueprint.local", "Ada Admin");
});

afterAll(async () => {
  await Promise.all([t.close(), unconfigured.close(), badToken.close()]);
  await new Promise((resolve) => server.close(resolve));
});

describe("Calendly", () => {
  it("tests the connection: the token's user", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/calendly/test-connection", headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      configured: true,
      user: {
        uri: `${base}/users/U1`,
        name: "Casey Calendar",
        email: "casey@blueprint.local",
        schedulingUrl: "https://calendly.com/casey",
        organization: ORG,
      },
    });
  });

  it("lists upcoming meetings across two pages with their invitees, in the External scheduled meeting shape, then from cache", async () => {
    seen.length = 0;
    const res = await t.app.inject({ method: "GET", url: "/api/calendly/upcoming-meetings", headers: { cookie: admin } });
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.meetings.map((m: { name: string }) => m.name)).toEqual([
      "Discovery call EV1",
      "Discovery call EV2",
      "Discovery call EV3",
    ]);
    expect(body.meetings[0]).toEqual({
      uri: `${base}/scheduled_events/EV1`,
      name: "Discovery call EV1",
      status: "active",
      start_time: expect.any(String),
      end_time: expect.any(String),
      event_type: { uri: `${base}/event_types/ET1`, duration: 30 },
      invitees: [{ name: "Guest of EV1", email: "ev1@example.com" }],
      location: { type: "google_conference", join_url: "https://meet.google.com/ev1" },
    });
    expect(body.meetings[2].event_type.duration).toBe(15);
    const list = seen.find((r) => r.path === "/scheduled_events");
    expect(Object.fromEntries(list?.query ?? [])).toMatchObject({ organization: ORG, status: "active", sort: "start_time:asc" });
    expect(Date.parse(list?.query.get("min_start_time") ?? "")).toBeLessThanOrEqual(Date.now());
    expect(seen.filter((r) => r.path === "/scheduled_events")).toHaveLength(2);
    expect(seen.every((r) => r.auth === `Bearer ${TOKEN}`)).toBe(true);

    const before = seen.length;
    await t.app.inject({ method: "GET", url: "/api/calendly/upcoming-meetings", headers: { cookie: admin } });
    expect(seen.length).toBe(before);
  });

  it("a rejected token answers 'Calendly Connection Failed' with the reason, never a 5xx", async () => {
    const cookie = await signIn(badToken.app, "admin@blueprint.local", "Ada Admin");
    for (const url of ["/api/calendly/test-connection", "/api/calendly/upcoming-meetings"]) {
      const res = await badToken.app.inject({ method: "GET", url, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: false, configured: true, error: CALENDLY_MESSAGES.unauthorized });
    }
  });

  it("without a token both calls say Calendly is not configured", async () => {
    const cookie = await signIn(unconfigured.app, "admin@blueprint.local", "Ada Admin");
    for (const url of ["/api/calendly/test-connection", "/api/calendly/upcoming-meetings"]) {
      const res = await unconfigured.app.inject({ method: "GET", url, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: false, configured: false, error: CALENDLY_MESSAGES.notConfigured });
    }
  });

  it("is for company admins only", async () => {
    const someone = await customer(t.app, "calendly-customer@example.com");
    for (const url of ["/api/calendly/test-connection", "/api/calendly/upcoming-meetings"]) {
      expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(401);
      expect((await t.app.inject({ method: "GET", url, headers: { cookie: someone.cookie } })).statusCode).toBe(403);
    }
  });
});

describe("the Calendly client", () => {
  it("waits out a short Retry-After once, and fails fast on a long one until it passes", async () => {
    const client = createCalendlyClient({ token: TOKEN, apiUrl: base, maxRetryWaitMs: 2_000 });
    rateLimitNext = 1;
    await expect(client.me()).resolves.toMatchObject({ name: "Casey Calendar" });

    let clock = Date.now();
    const strict = createCalendlyClient({ token: TOKEN, apiUrl: base, maxRetryWaitMs: 0, now: () => clock });
    rateLimitNext = 1;
    await expect(strict.me()).rejects.toMatchObject({ kind: "rate_limited", retryAfterSeconds: 1 });
    const calls = seen.length;
    await expect(strict.me()).rejects.toMatchObject({ kind: "rate_limited" });
    expect(seen.length).toBe(calls);
    clock += 1_500;
    await expect(strict.me()).resolves.toMatchObject({ name: "Casey Calendar" });
  });

  it("times out a silent server", async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as { port: number }).port;
    const client = createCalendlyClient({ token: TOKEN, apiUrl: `http://127.0.0.1:${port}`, timeoutMs: 300 });
    await expect(client.me()).rejects.toMatchObject({ kind: "timeout", message: CALENDLY_MESSAGES.timeout });
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  });
});
