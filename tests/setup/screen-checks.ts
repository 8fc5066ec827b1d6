// What every browser journey checks on a screen state: no serious or critical axe violation, no sideways scrolling,
// and (when SCREENSHOTS=1) a picture of it in docs/screenshots/ for the record.
import { mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type * as Axe from "axe-core";
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, "../../docs/screenshots");
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** A test that checks screens (axe, layout, a picture, at both widths) needs longer than the default minute when busy. */
export const SCREEN_CHECKS_TIMEOUT = 180_000;

/** The two widths every screen is checked at: a laptop and a phone. */
export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 375, height: 800 };

/** One axe-core violation: the rule, its impact, and the elements that break it ("main > .card h3"). */
export type AxeViolation = { id: string; impact: Axe.ImpactValue | null; targets: string[] };

/**
 * axe-core's WCAG 2.1 A/AA violations on the page as it is now. axe goes into each frame it can reach, once per
 * document, and runs from the top one, sending back the violations alone: @axe-core/playwright's builder injected it
 * twice a check, returned every rule's passes with their elements and finished in a page of its own, which doubled a
 * check's CPU (docs/performance.md, "axe-core's checks at half the cost"). Frames from another origin are not checked,
 * as in that builder's legacy mode: the portal frames only the customer's https prototype (CSP `frame-src https:`).
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  for (const frame of page.frames()) {
    try {
      if (!(await frame.evaluate(() => "axe" in window))) await frame.evaluate(AXE_SOURCE);
    } catch {
      // A frame that went away or that Chromium will not script (an error page): axe reports it as not tested.
    }
  }
  return page.evaluate(async (tags) => {
    const { axe } = window as unknown as { axe: typeof Axe };
    const results = await axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      targets: v.nodes.map((node) => node.target.join(" ")),
    }));
  }, WCAG_21_AA);
}

/** axe-core (WCAG 2.1 A/AA) finds no serious or critical violation on the page as it is now. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const serious = (await axeViolations(page)).filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.targets.join(", ")}`)).toEqual([]);
}

/** The page does not scroll sideways: the document is no wider than the viewport. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    // The innermost elements that reach past the viewport's right edge name the culprit in the message.
    const over = [...document.body.querySelectorAll("*")].filter((el) => el.getBoundingClientRect().right > viewport + 1);
    const innermost = over.filter((el) => !over.some((other) => other !== el && el.contains(other)));
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}.${[...el.classList].slice(0, 4).join(".")} "${(el.textContent ?? "").slice(0, 40)}"`;
    return { document: document.documentElement.scrollWidth, viewport, culprits: innermost.slice(0, 3).map(describe) };
  });
  expect(
    widths.document,
    `the page is ${widths.document - widths.viewport} px wider than the viewport: ${widths.culprits.join("; ")}`,
  ).toBeLessThanOrEqual(widths.viewport);
}

/**
 * With SCREENSHOTS=1, a picture at docs/screenshots/<name>-<viewport width>.png: the whole page, or only the viewport
 * while a dialog is open (a full-page picture would show the dialog, fixed to the viewport, floating mid-page).
 */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOTS !== "1") return;
  const width = page.viewportSize()?.width ?? 1280;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const dialogOpen = (await page.getByRole("dialog").count()) + (await page.getByRole("alertdialog").count()) > 0;
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${width}.png`), fullPage: !dialogOpen });
}

/** The three checks of a screen state in one call. */
export async function checkScreen(page: Page, name: string): Promise<void> {
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, name);
}

/** The page's top in view before a full-page picture, so the fixed header and sidebar sit where they belong. */
export const scrollToTop = (page: Page) => page.evaluate(() => window.scrollTo(0, 0));

/**
 * checkScreen at the desktop width, then at the phone's, then back at the desktop width. `inView` is scrolled into
 * view first each time (so what it loads as it appears has loaded), then the page's top.
 */
export async function checkScreenAtBothWidths(page: Page, name: string, inView?: Locator): Promise<void> {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await inView?.scrollIntoViewIfNeeded();
    await scrollToTop(page);
    await checkScreen(page, name);
  }
  await page.setViewportSize(DESKTOP);
}
