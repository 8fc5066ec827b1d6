// Headless Chromium for end-to-end tests: CHROMIUM_PATH, else Debian's /usr/bin/chromium.
import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";

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
