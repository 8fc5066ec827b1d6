// The web client as the server sends it, from a small fixture build (so these tests need no `vite build`).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signIn, type TestApp } from "../../../tests/setup/test-app";
import { LEGAL_PAGES } from "../../shared/legal-pages";
import { PUBLIC_PAGES, SUPPORT_LINK } from "../../shared/public-pages";
import { FRAME_READS, PAGE_READS } from "../../shared/routes";
import { CURRENT_USER_BLOCK_ID, RUNTIME_TOKENS } from "../../shared/runtime-tokens";
import { jsonForScriptBlock } from "./web";

const BOOKING = "https://calendly.com/acme/intro?utm=site&ref=web";
let t: TestApp;
let dir: string;
/** One signed-in customer for every test that needs a session. */
let member: string;
/** A company admin, whose `/` is the admin console. */
let admin: string;

const SUPPORT_BUTTON = `<a href="${SUPPORT_LINK.signedOut}" data-support-link="${SUPPORT_LINK.signedIn}" class="button">Contact Support</a>`;

function page(key: string) {
  return `<!doctype html><html><head><link rel="canonical" href="__BP_APP_URL__/${key}" />
<meta name="bp:booking-url" content="__BP_BOOKING_URL__" /></head>
<body><div id="root"><main><h1>page:${key}</h1><a href="__BP_BOOKING_URL__">Book Discovery Call</a>${key === "contact" ? SUPPORT_BUTTON : ""}</main></div></body></html>`;
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "bp-web-"));
  mkdirSync(path.join(dir, "pages"));
  mkdirSync(path.join(dir, "assets"));
  writeFileSync(
    path.join(dir, "index.html"),
    `<!doctype html><html><head><meta name="bp:session-cookie" content="__BP_SESSION_COOKIE__" /></head><body><div id="root"></div>${RUNTIME_TOKENS.signedInPart}app-shell</body></html>`,
  );
  mkdirSync(path.join(dir, ".vite"));
  writeFileSync(
    path.join(dir, ".vite", "page-chunks.json"),
    JSON.stringify({
      shell: ["/assets/AppShell-1.js", "/assets/radix-1.js"],
      pages: { dashboard: ["/assets/DashboardPage-1.js"], admin: ["/assets/AdminPage-1.js", "/assets/radix-1.js"] },
    }),
  );
  writeFileSync(path.join(dir, "auth.html"), '<!doctype html><html><body><div id="root"></div>sign-in-screen</body></html>');
  writeFileSync(path.join(dir, "public.html"), "template");
  for (const p of PUBLIC_PAGES) writeFileSync(path.join(dir, "pages", `${p.key}.html`), page(p.key));
  const script = `console.log(${JSON.stringify("x".repeat(2000))});`;
  writeFileSync(path.join(dir, "assets", "public-abc.js"), script);
  writeFileSync(path.join(dir, "assets", "public-abc.js.br"), brotliCompressSync(script));
  t = await createTestApp(
    { CALENDLY_BOOKING_URL: BOOKING, APP_URL: "https://portal.example.com", ADMIN_EMAILS: "boss@blueprint.local" },
    { serveClient: true, clientDir: dir },
  );
  member = await signIn(t.app, "member@example.com", "Mo Member");
  admin = await signIn(t.app, "boss@blueprint.local", "Bo Boss");
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });

describe("serving the public pages", () => {
  it("sends visitors the pre-rendered landing at /, with the run-time URLs filled in and escaped", async () => {
    const res = await get("/");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.body).toContain("<h1>page:home</h1>");
    expect(res.body).toContain('href="https://calendly.com/acme/intro?utm=site&amp;ref=web"');
    expect(res.body).toContain('href="https://portal.example.com/home"');
    expect(res.body).not.toContain("__BP_");
    expect(res.headers.vary).toContain("Cookie");
  });

  it("sends someone with a valid session the app at /, not the landing", async () => {
    const res = await get("/", { cookie: member });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("app-shell");
    expect(res.body).not.toContain("page:home");
  });

  it("treats a forged session cookie as a visitor", async () => {
    const res = await get("/", { cookie: "bp_session=forged-token" });
    expect(res.body).toContain("page:home");
  });

  it.each(PUBLIC_PAGES.filter((p) => p.path !== "/").map((p) => [p.path, p.key]))(
    "pre-renders %s for everyone, signed in or not",
    async (url, key) => {
      for (const headers of [{}, { cookie: member }] as Array<Record<string, string>>) {
        const res = await get(url, headers);
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain(`<h1>page:${key}</h1>`);
      }
    },
  );

  it("points the Contact page's support button at the portal's messages only for a valid session", async () => {
    const supportHref = (body: string) => body.match(/<a href="([^"]*)" data-support-link/)?.[1];
    const visitor = await get("/contact");
    expect(supportHref(visitor.body)).toBe(SUPPORT_LINK.signedOut);
    expect(visitor.headers.vary).toContain("Cookie");
    expect(supportHref((await get("/contact", { cookie: "bp_session=forged-token" })).body)).toBe(SUPPORT_LINK.signedOut);
    const customer = await get("/contact", { cookie: member });
    expect(supportHref(customer.body)).toBe(SUPPORT_LINK.signedIn);
    expect(customer.body).toContain("<h1>page:contact</h1>");
  });

  it("compresses pages for browsers that accept it and answers 304 to a matching ETag", async () => {
    const res = await get("/pricing", { "accept-encoding": "gzip, deflate, br" });
    expect(res.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain("page:pricing");
    const again = await get("/pricing", { "if-none-match": String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it("serves the app for the portal's routes and a 404 page for unknown paths", async () => {
    expect((await get("/requirements", { cookie: member })).body).toContain("app-shell");
    const unknown = await get("/no-such-page");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain("app-shell");
  });

  it("sends a visitor at a portal page to sign-in with that page, query and all, as the way back", async () => {
    const cases = [
      [
        "/communications?thread=t-1&project=PRJ-2026-0001",
        "/auth?next=%2Fcommunications%3Fthread%3Dt-1%26project%3DPRJ-2026-0001",
      ],
      ["/testing-feedback", "/auth?next=%2Ftesting-feedback"],
      ["/meeting-requests?project=PRJ-2026-0001", "/auth?next=%2Fmeeting-requests%3Fproject%3DPRJ-2026-0001"],
      ["/dashboard", "/auth?next=%2Fdashboard"],
      ["/company-dashboard", "/auth?next=%2Fcompany-dashboard"],
    ];
    for (const [url, location] of cases) {
      for (const headers of [{}, { cookie: "bp_session=forged" }] as Array<Record<string, string>>) {
        const res = await get(url as string, headers);
        expect(res.statusCode, url).toBe(302);
        expect(res.headers.location).toBe(location);
        expect(res.headers["cache-control"]).toBe("no-store");
        expect(res.headers.vary).toContain("Cookie");
      }
    }
    // The same pages for someone signed in: the app, no detour.
    expect((await get("/communications?thread=t-1", { cookie: member })).statusCode).toBe(200);
    // Not portal pages: the landing, the public pages, /verify, and an unknown path (the not-found page, 404).
    expect((await get("/")).statusCode).toBe(200);
    expect((await get("/pricing")).statusCode).toBe(200);
    expect((await get("/verify")).statusCode).toBe(200);
    expect((await get("/no-such-page?next=/dashboard")).statusCode).toBe(404);
  });

  it("never turns a strange request into a way off the site: an unsafe path signs in without a way back", async () => {
    const res = await get("/dashboard?x=%0D%0ALocation:%20https://evil.com");
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/auth");
    const long = await get(`/dashboard?x=${"a".repeat(1000)}`);
    expect(long.headers.location).toBe("/auth");
  });

  it("sends a visitor's /auth and /admin the sign-in entry, and a signed-in user the app", async () => {
    for (const url of ["/auth", "/admin"]) {
      const visitor = await get(url);
      expect(visitor.statusCode).toBe(200);
      expect(visitor.body).toContain("sign-in-screen");
      expect(visitor.headers.vary).toContain("Cookie");
      const forged = await get(url, { cookie: "bp_session=forged" });
      expect(forged.body).toContain("sign-in-screen");
      const signedIn = await get(url, { cookie: member });
      expect(signedIn.body).toContain("app-shell");
      expect(signedIn.body).toContain('name="bp:session-cookie" content="1"');
    }
  });

  it("tells the app whether the request carried a session cookie, so a visitor's page asks for no session", async () => {
    const visitor = await get("/verify");
    expect(visitor.body).toContain('name="bp:session-cookie" content="0"');
    expect(visitor.headers.vary).toContain("Cookie");
    const withCookie = await get("/verify", { cookie: member });
    expect(withCookie.body).toContain('name="bp:session-cookie" content="1"');
    expect(withCookie.headers.etag).not.toBe(visitor.headers.etag);
  });

  it("serves hashed assets pre-compressed and cached for a year", async () => {
    const res = await get("/assets/public-abc.js", { "accept-encoding": "br" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["cache-control"]).toContain("immutable");
  });

  it("does not expose the page templates as files", async () => {
    expect((await get("/pages/home.html")).body).not.toContain("page:home");
    expect((await get("/public.html")).body).not.toBe("template");
  });
});

/** The JSON in the page's current-user block, or null when it has none. */
function embeddedUser(html: string): unknown {
  const block = new RegExp(`<script type="application/json" id="${CURRENT_USER_BLOCK_ID}">([^<]*)</script>`).exec(html);
  return block ? JSON.parse(block[1] ?? "") : null;
}

const modulePreloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
const fetchPreloads = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="fetch" crossorigin="use-credentials" href="([^"]+)">/g)].map((m) => m[1]);

describe("a signed-in user's app HTML", () => {
  it("carries the user exactly as GET /api/auth/user answers, and is never stored by a cache", async () => {
    for (const url of ["/", "/requirements", "/auth", "/no-such-page"]) {
      const res = await get(url, { cookie: member });
      expect(embeddedUser(res.body)).toEqual((await get("/api/auth/user", { cookie: member })).json());
      expect(res.headers["cache-control"]).toBe("private, no-store");
      expect(res.headers.vary).toContain("Cookie");
      expect(res.headers.etag).toBeUndefined();
      expect(res.body).not.toContain(RUNTIME_TOKENS.signedInPart);
    }
  });

  it("carries no user for a visitor or a session the server does not know, and then asks for no session", async () => {
    for (const headers of [{}, { cookie: "bp_session=forged-token" }] as Array<Record<string, string>>) {
      for (const url of ["/verify", "/no-such-page"]) {
        const res = await get(url, headers);
        expect(embeddedUser(res.body)).toBeNull();
        expect(res.body).not.toContain('rel="preload"');
        expect(res.body).not.toContain(RUNTIME_TOKENS.signedInPart);
        expect(res.body).toContain('name="bp:session-cookie" content="0"');
      }
    }
  });

  it("cannot be broken out of by a name: </script>, <!-- and the line separators stay inside the JSON", async () => {
    const name = "</script><script>alert(1)</script><!-- \u2028\u2029 & >";
    const cookie = await signIn(t.app, "mallory@example.com", name);
    const res = await get("/", { cookie });
    expect(res.body).not.toContain("<script>alert(1)");
    expect(res.body.match(/<\/script>/g)).toHaveLength(1);
    expect(res.body).not.toContain("<!-- ");
    expect((embeddedUser(res.body) as { name: string }).name).toBe(name);
  });

  it("writes JSON whose text has no <, > or & and no line separators, and parses back to the same value", () => {
    const value = { name: "</script>\u2028\u2029<!--&>" };
    const text = jsonForScriptBlock(value);
    expect(text).toBe('{"name":"\\u003c/script\\u003e\\u2028\\u2029\\u003c!--\\u0026\\u003e"}');
    expect(JSON.parse(text)).toEqual(value);
  });

  it("preloads the chunks and the first API reads of the frame and of the page at that path", async () => {
    const dashboard = await get("/", { cookie: member, "accept-encoding": "br" });
    const html = brotliDecompressSync(dashboard.rawPayload).toString();
    expect(modulePreloads(html)).toEqual(["/assets/AppShell-1.js", "/assets/radix-1.js", "/assets/DashboardPage-1.js"]);
    expect(fetchPreloads(html).sort()).toEqual(
      [...new Set([...(FRAME_READS.customer ?? []), ...(PAGE_READS.dashboard ?? [])])].sort(),
    );
    // /auth sends someone signed in on to /, so it preloads what / needs.
    expect(modulePreloads((await get("/auth", { cookie: member })).body)).toEqual(modulePreloads(html));

    const console = (await get("/", { cookie: admin })).body;
    expect((embeddedUser(console) as { role: string }).role).toBe("company");
    expect(modulePreloads(console)).toEqual(["/assets/AppShell-1.js", "/assets/radix-1.js", "/assets/AdminPage-1.js"]);
    expect(fetchPreloads(console)).toEqual(FRAME_READS.company ?? []);

    const unknown = await get("/no-such-page", { cookie: member });
    expect(unknown.statusCode).toBe(404);
    expect(modulePreloads(unknown.body)).toEqual([]);
  });
});

describe("robots.txt, sitemap.xml and the session probe", () => {
  it("lists every public page, and the terms, privacy and refund pages, in the sitemap with absolute URLs", async () => {
    const res = await get("/sitemap.xml");
    expect(res.headers["content-type"]).toContain("application/xml");
    for (const p of [...PUBLIC_PAGES, ...LEGAL_PAGES])
      expect(res.body).toContain(`<loc>https://portal.example.com${p.path}</loc>`);
  });

  it("points crawlers at the sitemap and away from the API", async () => {
    const res = await get("/robots.txt");
    expect(res.body).toContain("Disallow: /api/");
    expect(res.body).toContain("Sitemap: https://portal.example.com/sitemap.xml");
  });

  it("answers whether the caller is signed in without a 401 for visitors", async () => {
    expect((await get("/api/session")).json()).toEqual({ signedIn: false });
    const res = await get("/api/session", { cookie: member });
    expect(res.json()).toEqual({ signedIn: true });
    expect(res.headers["cache-control"]).toBe("no-store");
  });
});
