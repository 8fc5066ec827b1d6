// Headless Chromium for end-to-end tests (CHROMIUM_PATH, else Debian's /usr/bin/chromium), and the login fixture.
import { existsSync } from "node:fs";
import type { FastifyInstance } from "fastify";
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from "playwright-core";
import { type SignedInUser, signedInUser, type User, type Who } from "../factories";

export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!existsSync(path)) {
    throw new Error(
      `Chromium was not found at ${path}. Install it (Debian: \`apt-get install -y chromium\`) or set CHROMIUM_PATH to its executable.`,
    );
  }
  return path;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
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

/** A fresh browser context (and page) signed in as `who`, through the login fixture. */
export async function signedInAs(
  browser: Browser,
  server: TestServerLike,
  who: Who | SignedInUser,
  options: BrowserContextOptions = { viewport: { width: 1280, height: 900 } },
): Promise<{ context: BrowserContext; page: Page; user: User; cookie: string }> {
  const context = await browser.newContext(options);
  const { user, cookie } = await signInContext(context, server, who);
  return { context, page: await context.newPage(), user, cookie };
}
