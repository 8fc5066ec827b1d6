import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  browserFor,
  cookieFrom,
  createTestApp,
  latestCodeFor,
  signIn,
  type TestApp,
  type TestBrowser,
} from "../../../../tests/setup/test-app";
import { TEST_ENV } from "../../../../tests/setup/test-env";
import { buildApp } from "../../app";
import { loadConfig } from "../../config";
import { oneTimeCodes, outgoingEmails, sessions, users } from "../../db/schema";

let t: TestApp;
/** The browser most tests use; the lockout tests open their own. */
let browser: TestBrowser;
beforeAll(async () => {
  t = await createTestApp();
  browser = browserFor(t.app);
});
afterAll(async () => {
  await t.close();
});

const json = { "content-type": "application/json" };
const requestCode = (email: string, name = "Ann Lee", headers: Record<string, string> = {}, from = browser) =>
  from.inject({ method: "POST", url: "/api/auth/request-code", payload: { email, name }, headers: { ...json, ...headers } });
const verify = (email: string, code: string, from = browser) =>
  from.inject({ method: "POST", url: "/api/auth/verify-code", payload: { email, code } });
/** Verify-code sent with a cookie header a browser held earlier (a replay). */
const replay = (email: string, code: string, cookie: string) =>
  t.app.inject({ method: "POST", url: "/api/auth/verify-code", payload: { email, code }, headers: { cookie } });
/** A six-digit code different from every one given. */
const otherThan = (...codes: string[]) => ["111111", "222222", "333333", "444444"].find((c) => !codes.includes(c)) ?? "555555";

describe("requesting a sign-in code", () => {
  it("queues an email with the code, the app's name and the code's lifetime", async () => {
    const res = await requestCode("ann@example.com");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: "Check your email for the 6-digit code.", isDemoAccount: false });
    const code = await latestCodeFor(t.app, "ann@example.com");
    expect(code).toMatch(/^\d{6}$/);
    const [mail] = await t.app.ctx.db.select().from(outgoingEmails).where(eq(outgoingEmails.toAddress, "ann@example.com"));
    expect(mail?.subject).toBe("Your Blueprint sign-in code");
    const [stored] = await t.app.ctx.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.email, "ann@example.com"));
    expect(stored?.codeHash).not.toContain(code);
  });

  it("announces the demo account and sends no email", async () => {
    const res = await requestCode("demo@blueprint.local", "Demo");
    expect(res.json()).toMatchObject({ success: true, isDemoAccount: true });
    await expect(latestCodeFor(t.app, "demo@blueprint.local")).rejects.toThrow();
  });

  it("refuses a malformed email and a short name with the shared messages", async () => {
    const res = await requestCode("not-an-email", "A");
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ email: "Please enter a valid email address", name: "Please enter your name" });
  });

  it("refuses unknown JSON fields", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/request-code",
      payload: { email: "x@example.com", name: "Xavier", role: "company" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("VALIDATION_FAILED");
  });

  it("refuses a wrong content type with 415", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/request-code",
      payload: "email=x@example.com&name=Xavier",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: "UNSUPPORTED_MEDIA_TYPE" });
  });

  it("refuses text/plain bodies, which a cross-site form could send", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/request-code",
      payload: '{"email":"x@example.com","name":"Xavier"}',
      headers: { "content-type": "text/plain" },
    });
    expect(res.statusCode).toBe(415);
  });

  it("refuses an oversized body with 413", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/request-code",
      payload: JSON.stringify({ email: "x@example.com", name: "x".repeat(1_100_000) }),
      headers: json,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("refuses malformed JSON with a 400", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/auth/request-code", payload: "{oops", headers: json });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: "Malformed JSON body", code: "BAD_REQUEST" });
  });

  it("refuses a cross-origin POST with 403", async () => {
    const res = await requestCode("ann@example.com", "Ann Lee", { origin: "https://evil.example" });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("CROSS_ORIGIN");
  });

  it("accepts a same-origin POST", async () => {
    const res = await requestCode("origin@example.com", "Ann Lee", { origin: "http://localhost:3000" });
    expect(res.statusCode).toBe(200);
  });

  it("throttles a fourth code to the same email from one browser within 10 minutes with 429 and Retry-After, and sends no email", async () => {
    for (let i = 0; i < 3; i++) expect((await requestCode("busy@example.com")).statusCode).toBe(200);
    const codeBefore = await latestCodeFor(t.app, "busy@example.com");
    const res = await requestCode("busy@example.com");
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    expect(await latestCodeFor(t.app, "busy@example.com")).toBe(codeBefore);
  });

  it("throttles one IP address after 30 codes in 10 minutes", async () => {
    const fromIp = (i: number) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/request-code",
        payload: { email: `ip${i}@example.com`, name: "Ip Tester" },
        remoteAddress: "10.9.9.9",
      });
    for (let i = 0; i < 30; i++) expect((await fromIp(i)).statusCode).toBe(200);
    const res = await fromIp(31);
    expect(res.statusCode).toBe(429);
    expect(res.headers["retry-after"]).toBeDefined();
  });
});

describe("verifying a code", () => {
  it("signs a new user in with the name typed at the email step, as a customer", async () => {
    await requestCode("new.user@example.com", "Nora Quinn");
    const code = await latestCodeFor(t.app, "new.user@example.com");
    const res = await verify("New.User@Example.com", code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      isDemoAccount: false,
      user: { email: "new.user@example.com", name: "Nora Quinn", firstName: "Nora", lastName: "Quinn", role: "customer" },
    });
    const cookie = ([] as string[]).concat(res.headers["set-cookie"] ?? []).find((c) => c.startsWith("bp_session="));
    expect(cookie).toMatch(/bp_session=[^;]+; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax/);
    const me = await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie: cookieFrom(res) } });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe("new.user@example.com");
    expect(me.headers["cache-control"]).toBe("no-store");
  });

  it("treats email case-insensitively: one account per address", async () => {
    await signIn(t.app, "Case@Example.com", "Case One");
    await signIn(t.app, "case@example.COM", "Case Two");
    const rows = await t.app.ctx.db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, "case@example.com"));
    expect(rows).toHaveLength(1);
  });

  it("gives accounts in ADMIN_EMAILS the company role", async () => {
    const cookie = await signIn(t.app, "admin@blueprint.local", "Site Admin");
    const me = await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });
    expect(me.json()).toMatchObject({ role: "company", isCompany: true, isCustomer: false });
  });

  it("accepts 000000 for the demo account, as a customer", async () => {
    const res = await verify("demo@blueprint.local", "000000");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isDemoAccount: true, user: { role: "customer" } });
  });

  it("refuses a non-digit or short code", async () => {
    for (const code of ["12ab56", "123", "1234567"]) {
      const res = await verify("ann@example.com", code);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.code).toBe("Please enter the 6-digit code");
    }
  });

  it("refuses a wrong code with a clear message", async () => {
    await requestCode("wrong@example.com");
    const code = await latestCodeFor(t.app, "wrong@example.com");
    const res = await verify("wrong@example.com", code === "000001" ? "000002" : "000001");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "CODE_WRONG", message: "Invalid code. Please check it and try again." });
  });

  it("refuses an expired code", async () => {
    await requestCode("late@example.com");
    const code = await latestCodeFor(t.app, "late@example.com");
    await t.app.ctx.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeCodes.email, "late@example.com"));
    const res = await verify("late@example.com", code);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("CODE_EXPIRED");
  });

  it("refuses a code used once already", async () => {
    await requestCode("reuse@example.com");
    const code = await latestCodeFor(t.app, "reuse@example.com");
    const cookieOfTheRequest = browser.cookieHeader();
    expect((await verify("reuse@example.com", code)).statusCode).toBe(200);
    // Replayed with the pre-sign-in cookie the browser held when it asked for the code.
    const again = await t.app.inject({
      method: "POST",
      url: "/api/auth/verify-code",
      payload: { email: "reuse@example.com", code },
      headers: { cookie: cookieOfTheRequest },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe("CODE_USED");
  });

  it("keeps the earlier code valid when a new one is requested, until one of them is used", async () => {
    const same = browserFor(t.app, { remoteAddress: "10.78.0.1" });
    await requestCode("twice@example.com", "Ann Lee", {}, same);
    const first = await latestCodeFor(t.app, "twice@example.com");
    expect((await requestCode("twice@example.com", "Ann Lee", {}, same)).statusCode).toBe(200);
    const second = await latestCodeFor(t.app, "twice@example.com");
    const cookieOfTheRequests = same.cookieHeader();
    const res = await verify("twice@example.com", first, same);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe("twice@example.com");
    // One sign-in per round: the other code of the round is set aside (tried with the cookie that asked for it).
    const again = await replay("twice@example.com", second, cookieOfTheRequests);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe("CODE_USED");
  });

  it("accepts the newer code too, and then neither code again", async () => {
    const same = browserFor(t.app, { remoteAddress: "10.78.0.2" });
    await requestCode("twice.newer@example.com", "Ann Lee", {}, same);
    const first = await latestCodeFor(t.app, "twice.newer@example.com");
    await requestCode("twice.newer@example.com", "Ann Lee", {}, same);
    const second = await latestCodeFor(t.app, "twice.newer@example.com");
    const cookieOfTheRequests = same.cookieHeader();
    expect((await verify("twice.newer@example.com", second, same)).statusCode).toBe(200);
    const stale = await replay("twice.newer@example.com", first, cookieOfTheRequests);
    expect(stale.statusCode).toBe(400);
    expect(stale.json().code).toBe("CODE_USED");
  });

  it("counts wrong tries against every live code: asking again buys no extra guesses", async () => {
    const same = browserFor(t.app, { remoteAddress: "10.78.0.3" });
    await requestCode("guess.twice@example.com", "Ann Lee", {}, same);
    const first = await latestCodeFor(t.app, "guess.twice@example.com");
    for (let i = 0; i < 3; i++) await verify("guess.twice@example.com", otherThan(first), same);
    await requestCode("guess.twice@example.com", "Ann Lee", {}, same);
    const second = await latestCodeFor(t.app, "guess.twice@example.com");
    const wrong = otherThan(first, second);
    for (let i = 0; i < 2; i++) expect((await verify("guess.twice@example.com", wrong, same)).json().code).toBe("CODE_WRONG");
    // The first code has had its five wrong tries; the second is still open for three more.
    if (first !== second) expect((await verify("guess.twice@example.com", first, same)).json().code).toBe("CODE_WRONG");
    expect((await verify("guess.twice@example.com", second, same)).statusCode).toBe(200);
  });

  it("kills the code after five wrong tries: even the right code then fails", async () => {
    await requestCode("guess@example.com");
    const code = await latestCodeFor(t.app, "guess@example.com");
    const wrong = code === "111111" ? "222222" : "111111";
    for (let i = 0; i < 4; i++) expect((await verify("guess@example.com", wrong)).json().code).toBe("CODE_WRONG");
    const fifth = await verify("guess@example.com", wrong);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().code).toBe("CODE_LOCKED");
    const sixth = await verify("guess@example.com", code);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe("Too many wrong attempts. Please request a new code.");
  });

  it("starts a new session at every sign-in and ends the old one", async () => {
    const same = browserFor(t.app);
    await requestCode("rotate@example.com", "Rot Ate", {}, same);
    const first = cookieFrom(await verify("rotate@example.com", await latestCodeFor(t.app, "rotate@example.com"), same));
    await requestCode("rotate@example.com", "Rot Ate", {}, same);
    const res = await verify("rotate@example.com", await latestCodeFor(t.app, "rotate@example.com"), same);
    const second = cookieFrom(res);
    expect(second).not.toBe(first);
    expect((await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie: first } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie: second } })).statusCode).toBe(200);
  });
});

describe("a stranger can neither lock the owner out nor guess a code", () => {
  // Each case from its own address, so the per-IP limit of the other cases does not interfere.
  let ip = "";
  let next = 0;
  beforeEach(() => {
    next += 1;
    ip = `10.77.0.${next}`;
  });

  it("sets a short-lived HttpOnly pre-sign-in cookie with the code request", async () => {
    const res = await requestCode("cookie@example.com", "Coo Kie", {}, browserFor(t.app, { remoteAddress: ip }));
    const line = ([] as string[]).concat(res.headers["set-cookie"] ?? []).find((c) => c.startsWith("bp_signin="));
    expect(line).toMatch(/^bp_signin=[A-Za-z0-9_-]{43}; Max-Age=600; Path=\/; HttpOnly; SameSite=Strict$/);
  });

  it("keeps the owner's live code working through a stranger's 3 requests and 5 wrong guesses", async () => {
    const owner = browserFor(t.app, { remoteAddress: ip });
    const stranger = browserFor(t.app, { remoteAddress: ip });
    const email = "owner.live@example.com";
    expect((await requestCode(email, "Olive Owner", {}, owner)).statusCode).toBe(200);
    const ownersCode = await latestCodeFor(t.app, email);
    for (let i = 0; i < 3; i++) expect((await requestCode(email, "Mallory", {}, stranger)).statusCode).toBe(200);
    const strangersCode = await latestCodeFor(t.app, email);
    const wrong = otherThan(ownersCode, strangersCode);
    for (let i = 0; i < 5; i++) await verify(email, wrong, stranger);
    for (let i = 0; i < 5; i++) await verify(email, wrong, browserFor(t.app, { remoteAddress: ip }));
    const res = await verify(email, ownersCode, owner);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(email);
  });

  it("lets the owner in a fresh browser get a code and sign in after a stranger's requests and wrong guesses", async () => {
    const email = "owner.fresh@example.com";
    const stranger = browserFor(t.app, { remoteAddress: ip });
    for (let i = 0; i < 3; i++) expect((await requestCode(email, "Mallory", {}, stranger)).statusCode).toBe(200);
    const strangersCode = await latestCodeFor(t.app, email);
    for (let i = 0; i < 5; i++) await verify(email, otherThan(strangersCode), stranger);
    const owner = browserFor(t.app, { remoteAddress: ip });
    expect((await requestCode(email, "Fresh Owner", {}, owner)).statusCode).toBe(200);
    expect((await verify(email, await latestCodeFor(t.app, email), owner)).statusCode).toBe(200);
  });

  it("refuses the right code from a browser that did not ask for it, and leaves the owner's code usable", async () => {
    const email = "bound@example.com";
    const owner = browserFor(t.app, { remoteAddress: ip });
    await requestCode(email, "Bo Und", {}, owner);
    const code = await latestCodeFor(t.app, email);
    const elsewhere = await verify(email, code, browserFor(t.app, { remoteAddress: ip }));
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().code).toBe("CODE_MISSING");
    expect((await verify(email, code, owner)).statusCode).toBe(200);
  });

  it("caps codes per address for browsers new to it, while a browser that signed in there before still gets one", async () => {
    const email = "ceiling@example.com";
    const known = browserFor(t.app, { remoteAddress: ip });
    await requestCode(email, "Cei Ling", {}, known);
    expect((await verify(email, await latestCodeFor(t.app, email), known)).statusCode).toBe(200);
    // The known browser's own code counted against the address too: five more new browsers reach the hourly ceiling.
    for (let i = 0; i < 5; i++)
      expect((await requestCode(email, "Mallory", {}, browserFor(t.app, { remoteAddress: ip }))).statusCode).toBe(200);
    const refused = await requestCode(email, "Mallory", {}, browserFor(t.app, { remoteAddress: ip }));
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await requestCode(email, "Cei Ling", {}, known)).statusCode).toBe(200);
    expect((await verify(email, await latestCodeFor(t.app, email), known)).statusCode).toBe(200);
  });

  it("does not recognise a forged known-browser cookie", async () => {
    const email = "forged.device@example.com";
    for (let i = 0; i < 6; i++) await requestCode(email, "Mallory", {}, browserFor(t.app, { remoteAddress: ip }));
    const forged = await t.app.inject({
      method: "POST",
      url: "/api/auth/request-code",
      payload: { email, name: "Mallory" },
      remoteAddress: ip,
      headers: { cookie: `bp_known=${"a".repeat(43)}.${"0".repeat(64)}` },
    });
    expect(forged.statusCode).toBe(429);
  });
});

describe("the session", () => {
  it("tells the first sign-in from the next ones, so nobody is welcomed back on their first visit", async () => {
    const first = await signIn(t.app, "first.time@example.com", "Ana Nueva");
    const me = (cookie: string) => t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });
    expect((await me(first)).json()).toMatchObject({ firstSignIn: true });
    const second = await signIn(t.app, "first.time@example.com", "Ana Nueva");
    expect((await me(second)).json()).toMatchObject({ firstSignIn: false });
  });

  it("answers 401 with the JSON error shape when signed out", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/auth/user" });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: "Not authenticated", code: "UNAUTHENTICATED" });
  });

  it("treats a forged, oversized or garbage cookie as signed out, never a 500", async () => {
    for (const value of ["forged-token", "x".repeat(5000), "%%%", ""]) {
      const res = await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie: `bp_session=${value}` } });
      expect(res.statusCode).toBe(401);
    }
  });

  it("stores only the SHA-256 of the session token", async () => {
    const cookie = await signIn(t.app, "hash@example.com", "Has Hed");
    const token = cookie.split("=")[1] ?? "";
    const rows = await t.app.ctx.db.select({ id: sessions.id }).from(sessions);
    expect(rows.some((row) => row.id === token)).toBe(false);
  });

  it("expires an idle customer session after 7 days", async () => {
    const cookie = await signIn(t.app, "idle@example.com", "Id Le");
    const [user] = await t.app.ctx.db.select().from(users).where(eq(users.email, "idle@example.com"));
    await t.app.ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 8 * 24 * 3600 * 1000) })
      .where(eq(sessions.userId, user?.id ?? ""));
    await t.app.changeFeed.caughtUp();
    expect((await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } })).statusCode).toBe(401);
  });

  it("ends a session at its absolute expiry even when active", async () => {
    const cookie = await signIn(t.app, "absolute@example.com", "Abs Olute");
    const [user] = await t.app.ctx.db.select().from(users).where(eq(users.email, "absolute@example.com"));
    await t.app.ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user?.id ?? ""));
    await t.app.changeFeed.caughtUp();
    expect((await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } })).statusCode).toBe(401);
  });

  it("gives company admins a 12-hour session", async () => {
    await signIn(t.app, "admin@blueprint.local", "Site Admin");
    const [admin] = await t.app.ctx.db.select().from(users).where(eq(users.email, "admin@blueprint.local"));
    const [session] = await t.app.ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, admin?.id ?? ""));
    const hours = ((session?.expiresAt.getTime() ?? 0) - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(11.9);
    expect(hours).toBeLessThanOrEqual(12);
  });

  it("logs out on the server with POST /api/auth/logout", async () => {
    const cookie = await signIn(t.app, "bye@example.com", "Bye Bye");
    const res = await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie } });
    expect(res.json()).toEqual({ success: true, message: "Logged out" });
    expect(String(res.headers["set-cookie"])).toMatch(/bp_session=;/);
    expect((await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } })).statusCode).toBe(401);
  });

  it("GET /api/logout ends the session and redirects to / when the browser says the link is the portal's own", async () => {
    for (const site of ["same-origin", "none"]) {
      const cookie = await signIn(t.app, `link-${site}@example.com`, "Link Out");
      const res = await t.app.inject({ method: "GET", url: "/api/logout", headers: { cookie, "sec-fetch-site": site } });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe("/");
      expect((await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } })).statusCode).toBe(401);
    }
  });

  it("GET /api/logout from another site signs nobody out", async () => {
    const cookie = await signIn(t.app, "cross-site@example.com", "Cross Site");
    const res = await t.app.inject({ method: "GET", url: "/api/logout", headers: { cookie, "sec-fetch-site": "cross-site" } });
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } })).statusCode).toBe(200);
  });

  it("GET /api/logout without Sec-Fetch-Site needs the SameSite=Strict companion cookie set at sign-in", async () => {
    const b = browserFor(t.app);
    await requestCode("companion@example.com", "Com Panion", {}, b);
    const verified = await verify("companion@example.com", await latestCodeFor(t.app, "companion@example.com"), b);
    const companion = ([] as string[]).concat(verified.headers["set-cookie"] ?? []).find((c) => c.startsWith("bp_logout="));
    expect(companion).toMatch(/; Path=\/; HttpOnly; SameSite=Strict$/);
    const session = cookieFrom(verified);
    // What an old browser sends on a cross-site link: the Lax session cookie, not the Strict companion.
    const fromElsewhere = await t.app.inject({ method: "GET", url: "/api/logout", headers: { cookie: session } });
    expect(fromElsewhere.statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie: session } })).statusCode).toBe(200);
    const fromThePortal = await b.inject({ method: "GET", url: "/api/logout" });
    expect(fromThePortal.statusCode).toBe(302);
    expect((await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie: session } })).statusCode).toBe(401);
  });

  it("re-reads ADMIN_EMAILS: an address taken off the list is no longer company at its next request", async () => {
    const cookie = await signIn(t.app, "admin@blueprint.local", "Site Admin");
    expect((await t.app.inject({ method: "GET", url: "/api/company/pending-ndas", headers: { cookie } })).statusCode).toBe(200);
    // The same database, restarted with the address removed from ADMIN_EMAILS.
    const restarted = await buildApp({
      config: loadConfig({ ...TEST_ENV, ADMIN_EMAILS: "someone.else@blueprint.local" }),
      database: t.database,
      serveClient: false,
      logger: false,
    });
    try {
      const me = await restarted.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });
      expect(me.statusCode === 401 || me.json().role === "customer").toBe(true);
      const company = await restarted.inject({ method: "GET", url: "/api/company/pending-ndas", headers: { cookie } });
      expect([401, 403]).toContain(company.statusCode);
    } finally {
      await restarted.close();
    }
  });

  it("GET /api/login redirects to /auth", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/login" });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/auth");
  });
});
