// Headless Chromium for end-to-end tests, and the login fixture. The browser is CHROMIUM_PATH, else Chromium's headless
// shell (Debian: chromium-headless-shell), else Debian's full /usr/bin/chromium (docs/decisions/0032-chromium-headless-shell.md).
import { existsSync } from "node:fs";
import type { FastifyInstance } from "fastify";
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from "playwright-core";
import { CHROMIUM_ARGS } from "../../scripts/lib/chromium-args";
import { type SignedInUser, signedInUser, type User, type Who } from "../factories";

/** Debian's paths: the headless shell first, as Playwright itself runs headless tests; the full browser otherwise. */
const INSTALLED_CHROMIUMS = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"];

export function chromiumPath(): string {
  const candidates = process.env.CHROMIUM_PATH ? [process.env.CHROMIUM_PATH] : INSTALLED_CHROMIUMS;
  const found = candidates.find((path) => existsSync(path));
  if (found) return found;
  throw new Error(
    `Chromium was not found at ${candidates.join(" or ")}. Install it (Debian: \`apt-get install -y chromium-headless-shell\`) or set CHROMIUM_PATH to its executable.`,
  );
}

function startChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS,
  });
}

// One Chromium per test worker (the e2e files share their worker's modules): launching it cost each file 2.4 s more
// than opening a context in a running one, under load 25 (3.7 s against 1.3 s). Playwright ends it with the worker.
let running: Promise<Browser> | undefined;

async function workerChromium(): Promise<Browser> {
  running ??= startChromium();
  const browser = await running;
  if (browser.isConnected()) return browser;
  running = startChromium();
  return running;
}

/**
 * This file's Chromium: the worker's one browser, seen through a handle whose contexts are this file's own (each a
 * separate profile: cookies, storage and cache are never shared between files) and whose close() closes only them.
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await workerChromium();
  const mine = new Set<BrowserContext>();
  const newContext = async (options?: BrowserContextOptions) => {
    const context = await browser.newContext(options);
    mine.add(context);
    context.once("close", () => mine.delete(context));
    return context;
  };
  return new Proxy(browser, {
    get(target, property) {
      if (property === "newContext") return newContext;
      if (property === "newPage") {
        // As Playwright's own: a page in a context of its own, closed with the page.
        return async (options?: BrowserContextOptions) => {
          const context = await newContext(options);
          const page = await context.newPage();
          page.once("close", () => void context.close());
          return page;
        };
      }
      if (property === "contexts") return () => [...mine];
      if (property === "close") return async () => void (await Promise.all([...mine].map((context) => context.close())));
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

type TestServerLike = { app: FastifyInstance; url: string };

/**
 * The login fixture in a browser: signs `who` in with `signedInUser` (or takes a session already made) and puts its
 * cookie in the context. Only the sign-in journeys drive /auth.
 */
export async function signInContext(context: BrowserContext, server: TestServerLike, who: Who | SignedInUser) {
  const signedIn = "cookieName" in who ? who : await signedInUser(server.app, who);
  await context.addCookies([
    { name: signedIn.cookieName, value: signedIn.token, url: server.url, httpOnly: true, sameSite: "Lax" },
  ]);
  return signedIn;
}

/**
 * A fresh browser context (and page) signed in as `who`, through the login fixture; `prepare` runs on the context
 * before the page opens (an init script every page needs).
 */
export async function signedInAs(
  browser: Browser,
  server: TestServerLike,
  who: Who | SignedInUser,
  options: BrowserContextOptions = { viewport: { width: 1280, height: 900 } },
  prepare?: (context: BrowserContext) => Promise<void>,
): Promise<{ context: BrowserContext; page: Page; user: User; cookie: string }> {
  const context = await browser.newContext(options);
  const { user, cookie } = await signInContext(context, server, who);
  await prepare?.(context);
  return { context, page: await context.newPage(), user, cookie };
}
