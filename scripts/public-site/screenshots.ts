// npm run screenshots:public — full-page screenshots of the landing at 1280 and 375 px into docs/screenshots/.
import { mkdirSync } from "node:fs";
import { chromium } from "playwright-core";
import { freePort } from "../../tests/setup/free-port";
import { CHROMIUM, startBuiltServer } from "../lib/built-server";
import { CHROMIUM_ARGS } from "../lib/chromium-args";

const port = await freePort();
const server = await startBuiltServer(port);
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
try {
  mkdirSync("docs/screenshots", { recursive: true });
  for (const width of [1280, 375]) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    await page.goto(`http://localhost:${port}/`, { waitUntil: "networkidle" });
    const file = `docs/screenshots/landing-${width}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log(`wrote ${file}`);
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
}
