// Each pre-rendered public page carries only the part of the app's stylesheet it can use
// (scripts/public-site/page-stylesheet.ts). Every element must be drawn exactly as with the whole stylesheet: at 375 and
// 1280 px, with the mobile menu open, and with the contact form's errors shown by its island.
import { existsSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_PAGES } from "../../src/shared/public-pages";
import { launchBrowser } from "../setup/browser";
import { freePort } from "../setup/free-port";
import { createTestApp, type TestApp } from "../setup/test-app";

const WAIT = { timeout: 10_000 };

let t: TestApp;
let browser: Browser;
let base: string;

beforeAll(async () => {
  if (!existsSync("dist/client/pages/home.html")) throw new Error("dist/client is not built: run `npm run build:client` first");
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await createTestApp({ APP_URL: base }, { serveClient: true });
  await t.app.listen({ port, host: "127.0.0.1" });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/**
 * Every element's computed style, and its ::before and ::after where they draw, kept in the page under `key`; with
 * `compareWith`, the properties that differ from the styles kept under that key (at most ten).
 */
function computedStyles(page: Page, key: string, compareWith?: string): Promise<{ elements: number; differences: string[] }> {
  return page.evaluate(
    ({ key, compareWith }) => {
      const store = window as unknown as Record<string, Map<string, string[]>>;
      const pathOf = (element: Element): string => {
        const parent = element.parentElement;
        return parent ? `${pathOf(parent)}>${element.tagName.toLowerCase()}[${[...parent.children].indexOf(element)}]` : "html";
      };
      // Every computed style lists the same properties in the same order: read by name from one list, three times
      // faster than walking each style's own list.
      const properties = [...getComputedStyle(document.body)];
      const valuesOf = (style: CSSStyleDeclaration) => properties.map((property) => style.getPropertyValue(property));
      // Only the head's stylesheet changes between captures, so an element's place in the body's list names it.
      const elements = [...document.body.querySelectorAll("*")];
      const styles = new Map<string, string[]>();
      elements.forEach((element, index) => {
        styles.set(`${index}`, valuesOf(getComputedStyle(element)));
        for (const pseudo of ["::before", "::after"]) {
          const style = getComputedStyle(element, pseudo);
          if (style.content !== "none" && style.content !== "normal") styles.set(`${index}${pseudo}`, valuesOf(style));
        }
      });
      store[key] = styles;
      if (!compareWith) return { elements: elements.length, differences: [] };
      const other = store[compareWith];
      if (!other) throw new Error(`no styles kept under "${compareWith}"`);
      const named = (at: string) => {
        const [index, pseudo = ""] = at.split(/(?=::)/);
        const element = elements[Number(index)];
        return `${element ? pathOf(element) : `element ${index}`}${pseudo}`;
      };
      const differences: string[] = [];
      for (const [at, values] of other) {
        const mine = styles.get(at);
        properties.forEach((property, i) => {
          if (mine?.[i] !== values[i] && differences.length < 10) {
            differences.push(`${named(at)} ${property}: ${values[i]} (cut) / ${mine?.[i]} (whole)`);
          }
        });
      }
      for (const at of styles.keys()) {
        if (!other.has(at) && differences.length < 10) differences.push(`${named(at)}: drawn only with the whole stylesheet`);
      }
      return { elements: elements.length, differences };
    },
    { key, compareWith },
  );
}

/** Swaps the page's own inline stylesheet for the whole app's, as it was before the cut. */
async function swapInWholeStylesheet(page: Page): Promise<void> {
  const lengths = await page.evaluate(async () => {
    const style = document.querySelector("head style");
    const link = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"][disabled]');
    if (!style || !link) throw new Error("the page has no inline stylesheet beside its disabled link");
    const whole = await (await fetch(link.href)).text();
    const cut = style.textContent?.length ?? 0;
    style.textContent = whole;
    return { cut, whole: whole.length };
  });
  // The page really carries a cut (33-44 KB of 67 today), not the whole stylesheet under another name.
  expect(lengths.cut).toBeLessThan(lengths.whole * 0.9);
}

/** Captures the page at each width with its own stylesheet, then with the whole one, and compares. */
async function expectDrawnAsWithWholeStylesheet(page: Page, widths = [page.viewportSize()?.width ?? 1280]) {
  // Nothing mid-transition, and no pointer over anything: both captures see the same settled state.
  await page.mouse.move(0, 0);
  await page.addStyleTag({ content: "*,::before,::after{transition:none!important;animation:none!important}" });
  const resize = (width: number) => page.setViewportSize({ width, height: 900 });
  for (const width of widths) {
    await resize(width);
    expect((await computedStyles(page, `cut ${width}`)).elements).toBeGreaterThan(100);
  }
  await swapInWholeStylesheet(page);
  for (const width of widths) {
    await resize(width);
    expect({ width, ...(await computedStyles(page, `whole ${width}`, `cut ${width}`)) }).toMatchObject({
      width,
      differences: [],
    });
  }
}

async function onPage(path: string, width: number, run: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(base + path, { waitUntil: "networkidle" });
    await run(page);
  } finally {
    await context.close();
  }
}

describe("each public page's own stylesheet", () => {
  for (const { path } of PUBLIC_PAGES) {
    it(`draws ${path} at 375 and 1280 px as the whole stylesheet does`, async () => {
      await onPage(path, 375, (page) => expectDrawnAsWithWholeStylesheet(page, [375, 1280]));
    });
  }

  it("draws the open mobile menu as the whole stylesheet does", async () => {
    await onPage("/pricing", 375, async (page) => {
      await page.getByRole("button", { name: "Open menu" }).click();
      await page.getByRole("navigation", { name: "Mobile" }).waitFor({ state: "visible", ...WAIT });
      await expectDrawnAsWithWholeStylesheet(page);
    });
  });

  it("draws the contact form's errors, drawn by its island, as the whole stylesheet does", async () => {
    await onPage("/contact", 375, async (page) => {
      const form = page.locator("form").first();
      await form.getByLabel("Name").fill("Jonas Berg");
      await form.getByLabel("Email").fill("jonas@");
      await form.getByLabel("Message").fill("Fleet tracking for 200 trucks.");
      await form.getByRole("button", { name: "Send Message" }).click();
      await form.locator('[aria-invalid="true"]').first().waitFor(WAIT);
      await expectDrawnAsWithWholeStylesheet(page);
    });
  });
});
