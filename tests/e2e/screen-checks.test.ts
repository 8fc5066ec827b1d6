// The screen checks every journey relies on must be able to fail: axe-core finds what it should on the page and in
// its same-origin frames, and a page checked twice is checked afresh.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../setup/browser";
import { axeViolations, expectNoSeriousA11yViolations } from "../setup/screen-checks";

const CLEAN = `<!doctype html><html lang="en"><head><title>Clean</title></head><body><main><h1>Clean</h1>
  <button type="button">Save</button></main></body></html>`;
const NAMELESS_BUTTON_IN_FRAME = `<!doctype html><html lang="en"><head><title>Framed</title></head><body><main>
  <h1>Framed</h1><button type="button"></button></main></body></html>`;
const WITH_FRAME = `<!doctype html><html lang="en"><head><title>Outer</title></head><body><main><h1>Outer</h1>
  <iframe title="Inner" src="/inner"></iframe></main></body></html>`;

let server: Server;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  const pages: Record<string, string> = { "/clean": CLEAN, "/inner": NAMELESS_BUTTON_IN_FRAME, "/outer": WITH_FRAME };
  server = createServer((request, response) => {
    const body = pages[request.url ?? ""];
    response.writeHead(body ? 200 : 404, { "content-type": "text/html; charset=utf-8" }).end(body ?? "");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

async function open(path: string): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${origin}${path}`);
  return page;
}

describe("the axe-core check", () => {
  it("passes a clean page, then finds a nameless button and low-contrast text added to it", async () => {
    const page = await open("/clean");
    expect(await axeViolations(page)).toEqual([]);
    await page.evaluate(() => {
      const main = document.querySelector("main");
      main?.insertAdjacentHTML(
        "beforeend",
        '<button type="button" id="nameless"></button><p id="faint" style="color:#ccc;background:#fff">Faint</p>',
      );
    });
    const found = await axeViolations(page);
    expect(found).toEqual(
      expect.arrayContaining([
        { id: "button-name", impact: "critical", targets: ["#nameless"] },
        { id: "color-contrast", impact: "serious", targets: ["#faint"] },
      ]),
    );
    await expect(expectNoSeriousA11yViolations(page)).rejects.toThrow(/button-name: #nameless/);
    await page.close();
  });

  it("checks a same-origin frame's document too", async () => {
    const page = await open("/outer");
    await page.frameLocator("iframe").getByRole("heading", { name: "Framed" }).waitFor();
    const found = await axeViolations(page);
    expect(found.map((v) => `${v.id}: ${v.targets.join(", ")}`)).toEqual(["button-name: iframe button"]);
    await page.close();
  });
});
