// Serves the built client: hashed assets (pre-compressed, cached for a year), the pre-rendered public pages, and the
// app's HTML for every other page route. `/` is the landing for visitors and the app for anyone with a valid session.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, gzip } from "node:zlib";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { PUBLIC_PAGES, type PublicPageKey, publicPageByPath } from "../../shared/public-pages";
import { isKnownPath, ROUTES } from "../../shared/routes";
import { RUNTIME_TOKENS } from "../../shared/runtime-tokens";
import { currentUser } from "../auth/guards";
import { sessionCookieName } from "../auth/sessions";
import { escapeHtml } from "../email/layout";

/** Where a visitor sees the sign-in screen (the route table's `signIn` rows). */
const SIGN_IN_PATHS = new Set(ROUTES.filter((route) => route.page === "signIn").map((route) => route.path));

export function clientDistDir(): string | null {
  const candidates = [
    path.resolve("dist/client"),
    path.resolve(import.meta.dirname, "../client"),
    path.resolve(import.meta.dirname, "../../../dist/client"),
  ];
  return candidates.find((dir) => existsSync(path.join(dir, "index.html"))) ?? null;
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * One HTML document with its validator. Each compressed copy is made when first asked for, on libuv's thread pool, and
 * kept: brotli at its best level takes about 0.1 s a public page, which made at start cost ~0.5 s of every start.
 */
type PreparedHtml = { identity: Buffer; gzip(): Promise<Buffer>; br(): Promise<Buffer>; etag: string };

function once(make: () => Promise<Buffer>): () => Promise<Buffer> {
  let made: Promise<Buffer> | null = null;
  return () => {
    made ??= make();
    return made;
  };
}

function prepareHtml(html: string, values: { bookingUrl: string; appUrl: string; sessionCookie?: "0" | "1" }): PreparedHtml {
  const filled = html
    .replaceAll(RUNTIME_TOKENS.bookingUrl, escapeHtml(values.bookingUrl))
    .replaceAll(RUNTIME_TOKENS.appUrl, escapeHtml(values.appUrl))
    .replaceAll(RUNTIME_TOKENS.sessionCookie, values.sessionCookie ?? "1");
  const identity = Buffer.from(filled, "utf8");
  return {
    identity,
    gzip: once(() => gzipAsync(identity, { level: 9 })),
    br: once(() => brotliAsync(identity)),
    etag: `W/"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`,
  };
}

async function sendHtml(
  request: FastifyRequest,
  reply: FastifyReply,
  doc: PreparedHtml,
  options: { status?: number; vary: string },
) {
  reply
    .status(options.status ?? 200)
    .type("text/html; charset=utf-8")
    .header("cache-control", "no-cache")
    .header("vary", options.vary)
    .header("etag", doc.etag);
  if ((options.status ?? 200) === 200 && request.headers["if-none-match"] === doc.etag) return reply.status(304).send();
  const accepted = String(request.headers["accept-encoding"] ?? "");
  if (/\bbr\b/.test(accepted)) return reply.header("content-encoding", "br").send(await doc.br());
  if (/\bgzip\b/.test(accepted)) return reply.header("content-encoding", "gzip").send(await doc.gzip());
  return reply.send(doc.identity);
}

export async function registerWebClient(app: FastifyInstance, options: { dir?: string | undefined } = {}): Promise<void> {
  const dir = options.dir ?? clientDistDir();
  if (!dir) {
    app.log.warn("dist/client is missing: run `npm run build:client` to serve the web app");
    return;
  }
  const values = { bookingUrl: app.ctx.config.calendly.bookingUrl, appUrl: app.ctx.config.appUrl };
  // The app's HTML tells the page whether the request had a session cookie: without one there is no session to ask
  // GET /api/auth/user about (whose 401 a browser logs as an error).
  const appSource = readFileSync(path.join(dir, "index.html"), "utf8");
  const appHtmlWithCookie = prepareHtml(appSource, { ...values, sessionCookie: "1" });
  const appHtmlWithoutCookie = prepareHtml(appSource, { ...values, sessionCookie: "0" });
  const cookieName = sessionCookieName(app.ctx.config);
  const appHtmlFor = (request: FastifyRequest) => (request.cookies[cookieName] ? appHtmlWithCookie : appHtmlWithoutCookie);
  const authFile = path.join(dir, "auth.html");
  const authHtml = existsSync(authFile) ? prepareHtml(readFileSync(authFile, "utf8"), values) : appHtmlWithoutCookie;
  const pages = new Map<PublicPageKey, PreparedHtml>();
  for (const page of PUBLIC_PAGES) {
    const file = path.join(dir, "pages", `${page.key}.html`);
    if (existsSync(file)) pages.set(page.key, prepareHtml(readFileSync(file, "utf8"), values));
  }
  if (pages.size < PUBLIC_PAGES.length) app.log.warn("pre-rendered public pages are missing: run `npm run build:client`");

  await app.register(fastifyStatic, {
    root: dir,
    index: false,
    wildcard: false,
    preCompressed: true,
    globIgnore: ["**/index.html", "**/auth.html", "**/public.html", "**/pages/**", "**/.vite/**"],
    setHeaders(res, filePath) {
      // Prototypes on other origins load the feedback bridge with a <script> tag (docs/feedback-bridge.md).
      if (path.basename(filePath).startsWith("feedback-bridge.js")) res.header("cross-origin-resource-policy", "cross-origin");
      res.header(
        "cache-control",
        filePath.includes(`${path.sep}assets${path.sep}`) ? "public, max-age=31536000, immutable" : "public, max-age=3600",
      );
    },
  });

  const signedIn = (request: FastifyRequest) =>
    currentUser(request).catch((error: unknown) => {
      request.log.warn({ err: error }, "session lookup failed: serving the visitor's page");
      return null;
    });

  app.get("/*", { schema: { hide: true } }, async (request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    if (pathname.startsWith("/api/")) return reply.callNotFound();
    const page = publicPageByPath(pathname);
    const prerendered = page && pages.get(page.key);
    if (page && prerendered) {
      if (page.key !== "home") return sendHtml(request, reply, prerendered, { vary: "Accept-Encoding" });
      // The landing is for visitors only: someone signed in gets the app straight away, without a flash of the landing.
      const html = (await signedIn(request)) ? appHtmlWithCookie : prerendered;
      return sendHtml(request, reply, html, { vary: "Accept-Encoding, Cookie" });
    }
    if (SIGN_IN_PATHS.has(pathname)) {
      // A visitor's sign-in screen is its own small entry; a signed-in user gets the app (/auth → /, /admin → admin).
      const html = (await signedIn(request)) ? appHtmlWithCookie : authHtml;
      return sendHtml(request, reply, html, { vary: "Accept-Encoding, Cookie" });
    }
    return sendHtml(request, reply, appHtmlFor(request), {
      status: isKnownPath(pathname) ? 200 : 404,
      vary: "Accept-Encoding, Cookie",
    });
  });
}
