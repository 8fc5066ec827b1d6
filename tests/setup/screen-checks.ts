// What every browser journey checks on a screen state: no serious or critical axe violation, no sideways scrolling,
// and (when SCREENSHOTS=1) a picture of it in docs/screenshots/ for the record.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { expect } from "vitest";

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, "../../docs/screenshots");

/** axe-core (WCAG 2.1 A/AA) finds no serious or critical violation on the page as it is now. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
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
