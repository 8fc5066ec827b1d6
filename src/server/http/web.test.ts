// The web client as the server sends it, from a small fixture build (so these tests need no `vite build`).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signIn, type TestApp } from "../../../tests/setup/test-app";
import { PUBLIC_PAGES } from "../../shared/public-pages";

const BOOKING = "https://calendly.com/acme/intro?utm=site&ref=web";
let t: TestApp;
let dir: string;
/** One signed-in customer for every test that needs a session. */
let member: string;

function page(key: string) {
  return `<!doctype html><html><head><link rel="canonical" href="__BP_APP_URL__/${key}" />
<meta name="bp:booking-url" content="__BP_BOOKING_URL__" /></head>
<body><div id="root"><main><h1>page:${key}</h1><a href="__BP_BOOKING_URL__">Book Discovery Call</a></main></div></body></html>`;
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "bp-web-"));
  mkdirSync(path.join(dir, "pages"));
  mkdirSync(path.join(dir, "assets"));
  writeFileSync(
    path.join(dir, "index.html"),
    '<!doctype html><html><head><meta name="bp:session-cookie" content="__BP_SESSION_COOKIE__" /></head><body><div id="root"></div>app-shell</body></html>',
  );
  writeFileSync(path.join(dir, "auth.html"), '<!doctype html><html><body><div id="root"></div>sign-in-screen</body></html>');
  writeFileSync(path.join(dir, "public.html"), "template");
  for (const p of PUBLIC_PAGES) writeFileSync(path.join(dir, "pages", `${p.key}.html`), page(p.key));
  const script = `console.log(${JSON.stringify("x".repeat(2000))});`;
  writeFileSync(path.join(dir, "assets", "public-abc.js"), script);
  writeFileSync(path.join(dir, "assets", "public-abc.js.br"), brotliCompressSync(script));
  t = await createTestApp(
    { CALENDLY_BOOKING_URL: BOOKING, APP_URL: "https://portal.example.com" },
    { serveClient: true, clientDir: dir },
  );
  member = await signIn(t.app, "member@example.com", "Mo Member");
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

  it("compresses pages for browsers that accept it and answers 304 to a matching ETag", async () => {
    const res = await get("/pricing", { "accept-encoding": "gzip, deflate, br" });
    expect(res.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain("page:pricing");
    const again = await get("/pricing", { "if-none-match": String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it("serves the app for the portal's routes and a 404 page for unknown paths", async () => {
    expect((await get("/requirements")).body).toContain("app-shell");
    const unknown = await get("/no-such-page");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain("app-shell");
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

describe("robots.txt, sitemap.xml and the session probe", () => {
  it("lists every public page in the sitemap with absolute URLs", async () => {
    const res = await get("/sitemap.xml");
    expect(res.headers["content-type"]).toContain("application/xml");
    for (const p of PUBLIC_PAGES) expect(res.body).toContain(`<loc>https://portal.example.com${p.path}</loc>`);
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
