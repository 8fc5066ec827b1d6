// Serves the built client: hashed assets (pre-compressed, cached for a year), the pre-rendered public pages, and the
// app's HTML for every other page route. `/` is the landing for visitors and the app for anyone with a valid session.
// A signed-in user's app HTML carries the user and preload hints for the frame and the page (signedInPart).
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlib } from "node:zlib";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { PUBLIC_PAGES, type PublicPageKey, publicPageByPath } from "../../shared/public-pages";
import { signInPath } from "../../shared/return-path";
import { audienceOf, FRAME_READS, isKnownPath, PAGE_READS, type PageKey, ROUTES, routesFor } from "../../shared/routes";
import { CURRENT_USER_BLOCK_ID, RUNTIME_TOKENS } from "../../shared/runtime-tokens";
import { needsSignIn } from "../../shared/sign-in-gate";
import { toCurrentUser } from "../auth/current-user";
import { currentUser } from "../auth/guards";
import { type SessionUser, sessionCookieName } from "../auth/sessions";
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
export type PreparedHtml = { identity: Buffer; gzip(): Promise<Buffer>; br(): Promise<Buffer>; etag: string };

function once(make: () => Promise<Buffer>): () => Promise<Buffer> {
  let made: Promise<Buffer> | null = null;
  return () => {
    made ??= make();
    return made;
  };
}

/** What vite.config.ts (`pageChunks`) lists beside the manifest: the files the frame and each page add to the entry's. */
type PageChunks = { shell: string[]; pages: Partial<Record<PageKey, string[]>> };

function readPageChunks(dir: string): PageChunks | null {
  const file = path.join(dir, ".vite", "page-chunks.json");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as PageChunks) : null;
}

/**
 * JSON for a `<script type="application/json">` block. `<`, `>`, `&` and the line separators become \u escapes, which
 * JSON.parse reads back unchanged, so no value can close the block (`</script>`) or open a comment (`<!--`).
 */
export function jsonForScriptBlock(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/**
 * What a signed-in user's app HTML carries after the root element: the user as GET /api/auth/user answers it (the
 * client seeds its session query with it: features/auth/api/get-current-user.ts), and for the frame and the page at
 * this path their chunks (modulepreload) and first API reads (preload; client/first-reads.ts takes the answers), which
 * the browser would otherwise find one after another.
 */
function signedInPart(user: SessionUser, pathname: string, chunks: PageChunks | null): string {
  const userJson = jsonForScriptBlock(toCurrentUser(user));
  const userBlock = `<script type="application/json" id="${CURRENT_USER_BLOCK_ID}">${userJson}</script>`;
  const audience = audienceOf(user);
  const routes = routesFor(audience);
  const at = (where: string) => routes.find((route) => route.path === where);
  const requested = at(pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname);
  // /auth for someone signed in sends them on to /.
  const route = requested?.page === "backHome" ? at("/") : requested;
  if (!route) return userBlock;
  const files = new Set([...(route.shell ? (chunks?.shell ?? []) : []), ...(chunks?.pages[route.page] ?? [])]);
  const reads = new Set([...(route.shell ? (FRAME_READS[audience] ?? []) : []), ...(PAGE_READS[route.page] ?? [])]);
  return [
    userBlock,
    ...[...files].map((file) => `<link rel="modulepreload" crossorigin href="${escapeHtml(file)}">`),
    // The same request as apiRequest's fetch (CORS mode, credentials included), so the page's query takes this answer.
    ...[...reads].map((url) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeHtml(url)}">`),
  ].join("\n    ");
}

/** The support link of a pre-rendered page (`data-support-link`), pointed at the portal for someone signed in. */
function withSignedInSupportLink(html: string): string {
  return html.replace(
    /href="[^"]*"(?=[^>]*\bdata-support-link="([^"]*)")/g,
    (_href, signedInHref: string) => `href="${signedInHref}"`,
  );
}

export type RuntimeValues = { bookingUrl: string; appUrl: string; sessionCookie?: "0" | "1" };

function fillTokens(html: string, values: RuntimeValues): string {
  return html
    .replaceAll(RUNTIME_TOKENS.bookingUrl, escapeHtml(values.bookingUrl))
    .replaceAll(RUNTIME_TOKENS.appUrl, escapeHtml(values.appUrl))
    .replaceAll(RUNTIME_TOKENS.sessionCookie, values.sessionCookie ?? "1");
}

/** A page ready to send: its runtime tokens filled, its validator, its compressed copies made on first ask. */
export function prepareHtml(html: string, values: RuntimeValues): PreparedHtml {
  const filled = fillTokens(html, values).replaceAll(RUNTIME_TOKENS.signedInPart, "");
  const identity = Buffer.from(filled, "utf8");
  return {
    identity,
    gzip: once(() => gzipAsync(identity, { level: 9 })),
    br: once(() => brotliAsync(identity)),
    etag: `W/"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`,
  };
}

/** Sends a prepared page: revalidated each time (no-cache), 304 for a matching ETag, brotli or gzip when accepted. */
export async function sendHtml(
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

/** HTML made for one signed-in user: never stored by a cache, compressed on the way (off the event loop, ~1 ms). */
async function sendUserHtml(request: FastifyRequest, reply: FastifyReply, html: string, status: number) {
  reply
    .status(status)
    .type("text/html; charset=utf-8")
    .header("cache-control", "private, no-store")
    .header("vary", "Accept-Encoding, Cookie");
  const identity = Buffer.from(html, "utf8");
  const accepted = String(request.headers["accept-encoding"] ?? "");
  if (/\bbr\b/.test(accepted)) {
    const br = await brotliAsync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header("content-encoding", "br").send(br);
  }
  if (/\bgzip\b/.test(accepted)) return reply.header("content-encoding", "gzip").send(await gzipAsync(identity));
  return reply.send(identity);
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
  const signedInSource = fillTokens(appSource, { ...values, sessionCookie: "1" });
  const pageChunks = readPageChunks(dir);
  const cookieName = sessionCookieName(app.ctx.config);
  const authFile = path.join(dir, "auth.html");
  const authHtml = existsSync(authFile) ? prepareHtml(readFileSync(authFile, "utf8"), values) : appHtmlWithoutCookie;
  const pages = new Map<PublicPageKey, PreparedHtml>();
  /** The public pages as someone signed in gets them, where they differ: the Contact page's support link. */
  const signedInPages = new Map<PublicPageKey, PreparedHtml>();
  for (const page of PUBLIC_PAGES) {
    const file = path.join(dir, "pages", `${page.key}.html`);
    if (!existsSync(file)) continue;
    const html = readFileSync(file, "utf8");
    pages.set(page.key, prepareHtml(html, values));
    const signedInHtml = withSignedInSupportLink(html);
    if (signedInHtml !== html) signedInPages.set(page.key, prepareHtml(signedInHtml, values));
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

  /** The session's user: null without a valid session, undefined when the lookup failed (then the page finds out). */
  const signedIn = (request: FastifyRequest): Promise<SessionUser | null | undefined> =>
    currentUser(request).catch((error: unknown) => {
      request.log.warn({ err: error }, "session lookup failed: serving the page without the user");
      return undefined;
    });
  const sendApp = (request: FastifyRequest, reply: FastifyReply, user: SessionUser, pathname: string, status = 200) =>
    sendUserHtml(
      request,
      reply,
      signedInSource.replace(RUNTIME_TOKENS.signedInPart, () => signedInPart(user, pathname, pageChunks)),
      status,
    );

  app.get("/*", { schema: { hide: true } }, async (request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    if (pathname.startsWith("/api/")) return reply.callNotFound();
    const page = publicPageByPath(pathname);
    const prerendered = page && pages.get(page.key);
    if (page && prerendered) {
      const forSignedIn = signedInPages.get(page.key);
      if (forSignedIn) {
        const user = request.cookies[cookieName] ? await signedIn(request) : null;
        return sendHtml(request, reply, user ? forSignedIn : prerendered, { vary: "Accept-Encoding, Cookie" });
      }
      if (page.key !== "home") return sendHtml(request, reply, prerendered, { vary: "Accept-Encoding" });
      // The landing is for visitors only: someone signed in gets the app straight away, without a flash of the landing.
      const user = await signedIn(request);
      if (user) return sendApp(request, reply, user, pathname);
      return sendHtml(request, reply, prerendered, { vary: "Accept-Encoding, Cookie" });
    }
    if (SIGN_IN_PATHS.has(pathname)) {
      // A visitor's sign-in screen is its own small entry; a signed-in user gets the app (/auth → /, /admin → admin).
      const user = await signedIn(request);
      if (user) return sendApp(request, reply, user, pathname);
      return sendHtml(request, reply, authHtml, { vary: "Accept-Encoding, Cookie" });
    }
    const status = isKnownPath(pathname) ? 200 : 404;
    // Without a valid session (no cookie, or one the server no longer knows) the page asks for none, so it logs no 401.
    const user = request.cookies[cookieName] ? await signedIn(request) : null;
    if (user) return sendApp(request, reply, user, pathname, status);
    // A visitor at a portal page (an email's link opened on another device, a bookmark) signs in first and comes
    // back to it, query and all; an unknown path still answers 404 below.
    if (user === null && needsSignIn(pathname)) {
      return reply.header("cache-control", "no-store").header("vary", "Cookie").redirect(signInPath(request.url), 302);
    }
    return sendHtml(request, reply, user === undefined ? appHtmlWithCookie : appHtmlWithoutCookie, {
      status,
      vary: "Accept-Encoding, Cookie",
    });
  });
}
