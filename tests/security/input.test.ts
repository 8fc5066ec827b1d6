// Hostile input over HTTP: cookies, cross-site request shapes, bodies (size, syntax, nesting, prototype keys, types),
// header injection into emails, and SQL in every text field. Each refusal has the JSON error shape and changes nothing.
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256Hex } from "../../src/server/auth/secrets";
import { contactInquiries, outgoingEmails, requirements, sessions } from "../../src/server/db/schema";
import { GOOD_ANSWERS } from "../factories";
import { databaseState } from "../setup/db-state";
import { expectErrorShape, type HttpRequestOptions } from "../setup/http";
import { VALID_PROFILE } from "../setup/onboarding";
import { cookieFrom, latestCodeFor, signIn } from "../setup/test-app";
import { startWorld, type World } from "./fixture";

let w: World;
beforeAll(async () => {
  w = await startWorld();
});
afterAll(async () => {
  await w?.close();
});

const whoAmI = (cookie: string) => w.attack({ path: "/api/auth/user", cookie });
const CONTACT = { name: "Dana Visitor", email: "dana@visitor.example", remarks: "Hello" };

describe("the fingerprint used by every case", () => {
  it("does see a real change (so 'nothing changed' can fail)", async () => {
    const before = await databaseState(w.server.app.ctx.db);
    const res = await w.send({ method: "POST", path: "/api/contact", body: CONTACT });
    expect(res.status).toBe(200);
    expect(await databaseState(w.server.app.ctx.db)).not.toEqual(before);
  });
});

describe("session cookies", () => {
  it("a forged token of the right shape is signed out (401)", async () => {
    expectErrorShape(await whoAmI(`bp_session=${randomBytes(32).toString("base64url")}`), 401, "UNAUTHENTICATED");
  });

  it("a tampered token (one character changed) is signed out", async () => {
    const token = w.alice.cookie.split("=")[1] ?? "";
    const flipped = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expectErrorShape(await whoAmI(`bp_session=${flipped}`), 401, "UNAUTHENTICATED");
  });

  it("the stored hash used as the cookie is signed out (only the token's hash is stored)", async () => {
    const token = w.alice.cookie.split("=")[1] ?? "";
    expectErrorShape(await whoAmI(`bp_session=${sha256Hex(token)}`), 401, "UNAUTHENTICATED");
  });

  it("an expired session is signed out", async () => {
    const cookie = await signIn(w.server.app, "expiring@customer-c.example", "Exp Iring");
    const id = sha256Hex(cookie.split("=")[1] ?? "");
    await w.server.app.ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, id));
    await w.server.app.changeFeed.caughtUp();
    expectErrorShape(await whoAmI(cookie), 401, "UNAUTHENTICATED");
  });

  it("an oversized cookie (8 KB) is signed out, never a 500", async () => {
    expectErrorShape(await whoAmI(`bp_session=${"A".repeat(8 * 1024)}`), 401, "UNAUTHENTICATED");
  });

  it("headers over Node's 16 KB limit are refused by the HTTP layer (431), and the server keeps answering", async () => {
    const res = await w.send({ path: "/api/auth/user", cookie: `bp_session=${"A".repeat(20 * 1024)}` });
    expect(res.status).toBe(431);
    expect((await w.send({ path: "/healthz" })).status).toBe(200);
  });

  it("malformed cookie encodings and duplicates are signed out, never a 500", async () => {
    for (const cookie of [
      "bp_session=%E0%A4%A",
      "bp_session=\u00ff\u00fe",
      'bp_session="unterminated',
      "bp_session=a; bp_session=b; bp_session=",
    ]) {
      const res = await whoAmI(cookie);
      expect(res.status, cookie).toBe(401);
    }
  });

  it("a cookie planted before sign-in is replaced, never adopted (no session fixation)", async () => {
    const planted = `bp_session=${randomBytes(32).toString("base64url")}`;
    const email = "fixation@customer-c.example";
    const requested = await w.server.app.inject({
      method: "POST",
      url: "/api/auth/request-code",
      payload: { email, name: "Fix Ation" },
    });
    // Whatever cookies request-code hands the browser (e.g. one binding the code to it) go along, as a browser would.
    const given = ([] as string[]).concat(requested.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]);
    const code = await latestCodeFor(w.server.app, email);
    const res = await w.send({
      method: "POST",
      path: "/api/auth/verify-code",
      body: { email, code },
      cookie: [planted, ...given].join("; "),
    });
    expect(res.status).toBe(200);
    const issued = String(res.headers["set-cookie"]).split(";")[0];
    expect(issued).not.toBe(planted);
    expectErrorShape(await whoAmI(planted), 401);
  });

  it("after logout the old cookie is dead on the server, not only in the browser", async () => {
    const cookie = await signIn(w.server.app, "logout@customer-c.example", "Log Out");
    expect((await w.send({ method: "POST", path: "/api/auth/logout", body: {}, cookie })).status).toBe(200);
    expectErrorShape(await whoAmI(cookie), 401, "UNAUTHENTICATED");
  });
});

describe("cross-site request shapes", () => {
  it("an HTML form post (form-urlencoded) is refused with 415", async () => {
    const res = await w.attack({
      method: "POST",
      path: "/api/contact",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "name=Eve+Evil&email=eve%40evil.example&remarks=hi",
    });
    expectErrorShape(res, 415, "UNSUPPORTED_MEDIA_TYPE");
  });

  it("a text/plain post (the CORS-simple JSON trick) is refused with 415", async () => {
    const res = await w.attack({
      method: "POST",
      path: "/api/projects",
      headers: { "content-type": "text/plain" },
      body: JSON.stringify({ packageType: "premium" }),
      cookie: w.alice.cookie,
    });
    expectErrorShape(res, 415, "UNSUPPORTED_MEDIA_TYPE");
  });

  it("a multipart post to a JSON route is refused with 415", async () => {
    const boundary = "----x";
    const res = await w.attack({
      method: "POST",
      path: "/api/profile",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      body: `--${boundary}\r\nContent-Disposition: form-data; name="fullName"\r\n\r\nEve\r\n--${boundary}--\r\n`,
      cookie: w.alice.cookie,
    });
    expectErrorShape(res, 415, "UNSUPPORTED_MEDIA_TYPE");
  });

  it("a body without a content type is refused with 415", async () => {
    const res = await w.attack({ method: "POST", path: "/api/projects", body: "{}", cookie: w.alice.cookie });
    expectErrorShape(res, 415, "UNSUPPORTED_MEDIA_TYPE");
  });

  it.each(["https://evil.example", "null", "http://127.0.0.1:1", "http://localhost:3000"])(
    "a state change with Origin %s is refused with 403",
    async (origin) => {
      const res = await w.attack({
        method: "POST",
        path: "/api/projects",
        headers: { origin },
        body: {},
        cookie: w.alice.cookie,
      });
      expectErrorShape(res, 403, "CROSS_ORIGIN");
    },
  );

  it("GET never changes state: the state-changing URLs answer 404 to GET", async () => {
    for (const path of [
      "/api/notifications/read-all",
      `/api/notifications/${w.carol.notificationId}/read`,
      "/api/auth/request-code",
    ]) {
      const res = await w.attack({ path, cookie: w.carol.cookie });
      expectErrorShape(res, 404, "NOT_FOUND");
    }
  });
});

describe("bodies", () => {
  it("a JSON body over 1 MB is refused with 413", async () => {
    const res = await w.attack({ method: "POST", path: "/api/contact", body: { ...CONTACT, remarks: "x".repeat(1_100_000) } });
    expectErrorShape(res, 413, "PAYLOAD_TOO_LARGE");
  });

  it.each(['{"name": "Eve",', "{'name':'Eve'}", "[1,2", "\u0000{}", "undefined"])(
    "malformed JSON %j is refused with 400",
    async (body) => {
      const res = await w.attack({ method: "POST", path: "/api/contact", headers: { "content-type": "application/json" }, body });
      expectErrorShape(res, 400);
    },
  );

  it("a deeply nested body (100,000 levels) is refused with 400 and the server keeps answering", async () => {
    const body = `{"name":${"[".repeat(100_000)}${"]".repeat(100_000)},"email":"a@b.example"}`;
    const res = await w.attack({ method: "POST", path: "/api/contact", headers: { "content-type": "application/json" }, body });
    expectErrorShape(res, 400);
    expect((await w.send({ path: "/healthz" })).status).toBe(200);
  });

  it.each([
    ["__proto__", '{"name":"Eve Evil","email":"eve@evil.example","__proto__":{"role":"company","isAdmin":true}}'],
    ["constructor.prototype", '{"name":"Eve Evil","email":"eve@evil.example","constructor":{"prototype":{"role":"company"}}}'],
    ["nested __proto__", '{"name":"Eve Evil","email":"eve@evil.example","remarks":"x","x":{"__proto__":{"polluted":1}}}'],
  ])("prototype pollution through %s is refused, and no object gains the key", async (_name, body) => {
    const res = await w.attack({ method: "POST", path: "/api/contact", headers: { "content-type": "application/json" }, body });
    expectErrorShape(res, 400);
    const probe: Record<string, unknown> = {};
    expect(probe.role).toBeUndefined();
    expect(probe.polluted).toBeUndefined();
    expect(probe.isAdmin).toBeUndefined();
  });

  it("fields a caller may not set (role) are refused, and the caller stays a customer", async () => {
    const res = await w.attack({
      method: "POST",
      path: "/api/auth/request-code",
      body: { email: w.bob.email, name: "Bob", role: "company" },
    });
    expectErrorShape(res, 400, "VALIDATION_FAILED");
    expect(res.json().fields).toHaveProperty("role");
    expect((await w.send({ path: "/api/auth/user", cookie: w.bob.cookie })).json().role).toBe("customer");
  });

  it.each<[string, HttpRequestOptions, string]>([
    [
      "request-code email as an array",
      { method: "POST", path: "/api/auth/request-code", body: { email: ["a@b.example"], name: "Eve" } },
      "email",
    ],
    [
      "request-code name as an object",
      { method: "POST", path: "/api/auth/request-code", body: { email: "a@b.example", name: { $ne: 1 } } },
      "name",
    ],
    [
      "verify-code code as a number",
      { method: "POST", path: "/api/auth/verify-code", body: { email: "a@b.example", code: 123456 } },
      "code",
    ],
    [
      "contact remarks as an array",
      { method: "POST", path: "/api/contact", body: { ...CONTACT, remarks: ["a", "b"] } },
      "remarks",
    ],
    ["contact email as true", { method: "POST", path: "/api/contact", body: { ...CONTACT, email: true } }, "email"],
  ])("type confusion: %s is refused with 400 naming the field", async (_name, request, field) => {
    const res = await w.attack(request);
    expectErrorShape(res, 400, "VALIDATION_FAILED");
    expect(res.json().fields).toHaveProperty(field);
  });

  it.each<[string, (w: World) => HttpRequestOptions, string]>([
    [
      "profile fullName as a number",
      (w) => ({ method: "POST", path: "/api/profile", body: { ...VALID_PROFILE, fullName: 42 }, cookie: w.bob.cookie }),
      "fullName",
    ],
    [
      "team email as an object",
      (w) => ({
        method: "POST",
        path: `/api/projects/${w.bob.projectId}/users`,
        body: { email: { a: 1 }, accessLevel: "user" },
        cookie: w.bob.cookie,
      }),
      "email",
    ],
    [
      "requirements answer as an array",
      (w) => ({
        method: "POST",
        path: `/api/projects/${w.bob.projectId}/requirements`,
        body: { problemStatement: ["x"] },
        cookie: w.bob.cookie,
      }),
      "problemStatement",
    ],
    [
      "team accessLevel outside the list",
      (w) => ({
        method: "POST",
        path: `/api/projects/${w.bob.projectId}/users`,
        body: { email: "x@y.example", accessLevel: "owner" },
        cookie: w.bob.cookie,
      }),
      "accessLevel",
    ],
  ])("type confusion (signed in): %s is refused with 400 naming the field", async (_name, request, field) => {
    const res = await w.attack(request(w));
    expectErrorShape(res, 400, "VALIDATION_FAILED");
    expect(res.json().fields).toHaveProperty(field);
  });
});

describe("header injection into emails", () => {
  it.each<[string, HttpRequestOptions]>([
    [
      "a sign-in name",
      { method: "POST", path: "/api/auth/request-code", body: { email: "victim@x.example", name: "Eve\r\nBcc: all@x.example" } },
    ],
    [
      "a sign-in email",
      { method: "POST", path: "/api/auth/request-code", body: { email: "victim@x.example\r\nBcc: all@x.example", name: "Eve" } },
    ],
    ["a contact name", { method: "POST", path: "/api/contact", body: { ...CONTACT, name: "Eve\nSubject: pwned" } }],
    [
      "a contact email",
      { method: "POST", path: "/api/contact", body: { ...CONTACT, email: "eve@x.example\nBcc: all@x.example" } },
    ],
  ])("CR/LF in %s is refused with 400 and no email is queued", async (_name, request) => {
    const res = await w.attack(request);
    expectErrorShape(res, 400, "VALIDATION_FAILED");
  });

  it("CR/LF in a profile name is refused, and in the NDA form's names never reaches a subject", async () => {
    const refused = await w.attack({
      method: "POST",
      path: "/api/profile",
      body: { ...VALID_PROFILE, fullName: "Eve\r\nBcc: x@y.example" },
      cookie: w.bob.cookie,
    });
    expectErrorShape(refused, 400, "VALIDATION_FAILED");
    const res = await w.send({
      method: "POST",
      path: "/api/nda/send-otp",
      body: { customerEmail: w.bob.email, customerName: "Bob Baker", companyName: "Baker\r\nBcc: all@x.example" },
      cookie: w.bob.cookie,
    });
    expect(res.status).toBeLessThan(500);
    const mails = await w.server.app.ctx.db.select({ subject: outgoingEmails.subject }).from(outgoingEmails);
    for (const mail of mails) expect(mail.subject).not.toMatch(/[\r\n]|Bcc:/i);
  });
});

const INJECTIONS = [
  "' OR '1'='1",
  "Robert'); DROP TABLE users;--",
  "1; SELECT pg_sleep(5)--",
  "\\'; --",
  "$1 union select * from sessions",
];

describe("SQL injection strings", () => {
  it.each(INJECTIONS)("in path ids (%s) answer 404, never an error", async (injection) => {
    const id = encodeURIComponent(injection);
    for (const path of [`/api/projects/${id}/requirements`, `/api/nda/download/${id}`, `/api/projects/${id}/users/${id}`]) {
      const res = await w.attack({ method: path.includes("/users/") ? "DELETE" : "GET", path, cookie: w.bob.cookie });
      expectErrorShape(res, 404, "NOT_FOUND");
    }
    expectErrorShape(await w.attack({ method: "POST", path: `/api/notifications/${id}/read`, cookie: w.bob.cookie }), 404);
  });

  it("in numeric query filters answer 400, never an error", async () => {
    for (const path of ["/api/dashboard/activity?pageSize=1;DROP%20TABLE%20users", "/api/notifications?page=1%20OR%201=1"]) {
      expectErrorShape(await w.attack({ path, cookie: w.bob.cookie }), 400, "VALIDATION_FAILED");
    }
    expectErrorShape(await w.attack({ path: "/api/company/pending-ndas?page=1%20OR%201=1", cookie: w.admin.cookie }), 400);
  });

  it("repeated query parameters (parameter pollution) answer 400, never an error", async () => {
    expectErrorShape(
      await w.attack({ path: "/api/notifications?pageSize=5&pageSize=10", cookie: w.bob.cookie }),
      400,
      "VALIDATION_FAILED",
    );
    // A bracketed name is another parameter, unknown to the route: refused by name, like any unknown parameter.
    const bracketed = await w.attack({ path: "/api/dashboard/activity?pageSize[]=1", cookie: w.bob.cookie });
    expectErrorShape(bracketed, 400, "VALIDATION_FAILED");
    expect(bracketed.json().fields).toEqual({ "pageSize[]": "Unknown query parameter: pageSize[]" });
  });

  it("in free text is stored verbatim and the tables are intact", async () => {
    const text = INJECTIONS.join(" | ");
    const contact = await w.send({
      method: "POST",
      path: "/api/contact",
      body: { ...CONTACT, email: "sqli@visitor.example", remarks: text },
    });
    expect(contact.status).toBe(200);
    const [stored] = await w.server.app.ctx.db
      .select()
      .from(contactInquiries)
      .where(eq(contactInquiries.email, "sqli@visitor.example"));
    expect(stored?.remarks).toBe(text);

    const saved = await w.send({
      method: "POST",
      path: `/api/projects/${w.bob.projectId}/requirements`,
      body: { ...GOOD_ANSWERS, problemStatement: text },
      cookie: w.bob.cookie,
    });
    expect(saved.status).toBe(200);
    const [row] = await w.server.app.ctx.db.select().from(requirements).where(eq(requirements.projectId, w.bob.projectId));
    expect(row?.problemStatement).toBe(text);

    const tables = await w.server.app.ctx.db.execute(
      sql`select count(*)::int as n from information_schema.tables where table_name = 'users'`,
    );
    expect((tables as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(1);
    expect((await w.send({ path: "/api/auth/user", cookie: w.bob.cookie })).status).toBe(200);
  });

  it("in a sign-in email: a legal address with a quote works normally, anything else is a 400 naming the field", async () => {
    const quoted = "o'neil--@customer-d.example";
    expect(
      (await w.send({ method: "POST", path: "/api/auth/request-code", body: { email: quoted, name: "Pat O'Neil" } })).status,
    ).toBe(200);
    const queued = () => w.server.app.ctx.db.select().from(outgoingEmails).where(eq(outgoingEmails.toAddress, quoted));
    // The outbox worker sends it in the background: settled first, so its row does not change under the refused requests.
    await expect.poll(async () => (await queued())[0]?.status, { timeout: 10_000 }).toMatch(/^(sent|failed)$/);
    for (const email of ["' OR 1=1 --", "x@y.example' OR '1'='1", "a@b.example; DROP TABLE users"]) {
      const refused = await w.attack({ method: "POST", path: "/api/auth/request-code", body: { email, name: "Eve Evil" } });
      expectErrorShape(refused, 400, "VALIDATION_FAILED");
      expect(refused.json().fields).toHaveProperty("email");
    }
  });
});

describe("the session cookie helper", () => {
  it("reads the cookie the server sets", async () => {
    const res = await w.server.app.inject({
      method: "POST",
      url: "/api/auth/request-code",
      payload: { email: "demo@blueprint.local", name: "Demo" },
    });
    expect(res.statusCode).toBe(200);
    const verified = await w.server.app.inject({
      method: "POST",
      url: "/api/auth/verify-code",
      payload: { email: "demo@blueprint.local", code: "000000" },
    });
    expect(cookieFrom(verified)).toMatch(/^bp_session=/);
  });
});
