// Layouts that hold: our own short words (a status name, a badge) stay whole at the widths where they broke.
import type { Browser, Locator } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { communications } from "../../src/server/db/schema";
import { CONSOLE_TABS } from "../../src/shared/console-tabs";
import { createCompletedProfile, createProjectWithStatus, createUser, findUser, signedInUser } from "../factories";
import { signedInAs } from "../setup/browser";
import { GOOD_FEEDBACK, postFeedback } from "../setup/feedback";
import { type Journey, startJourney } from "../setup/journey";
import { makeSignaturePng, pngDataUrl } from "../setup/png";
import { saveScreenshot } from "../setup/screen-checks";
import type { TestServer } from "../setup/test-server";

let journey: Journey;
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  journey = await startJourney();
  ({ server, browser } = journey);
});

afterAll(() => journey?.close());

/** The words of `locator`'s text that the layout split across lines (a word on one line has one box). */
function splitWords(locator: Locator): Promise<string[]> {
  return locator.evaluate((element) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of (node.textContent ?? "").matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index ?? 0);
        range.setEnd(node, (match.index ?? 0) + match[0].length);
        if (range.getClientRects().length > 1) broken.push(match[0]);
      }
    }
    return broken;
  });
}

describe("the dashboard at 1280 px", () => {
  it("shows the Project Status card's status with every word whole, never split mid-word", async () => {
    const user = await createUser(server.app.ctx.db, { email: "layout-status@example.com", name: "Lena Layout" });
    await createCompletedProfile(server.app.ctx.db, { userId: user.id });
    await createProjectWithStatus(server.app.ctx.db, { ownerId: user.id, status: "requirements" });
    const { page, context } = await signedInAs(browser, server, user, { viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.url}/dashboard`);
    const value = page.getByTestId("stat-cards").getByTestId("stat-value").first();
    await value.waitFor();
    // Each word of the status sits on one line: a word split across lines ("requirement / s") has two boxes.
    const split = await splitWords(value);
    expect(split).toEqual([]);
    await saveScreenshot(page, "dashboard-status");
    await context.close();
  });
});

describe("at 375 px", () => {
  const phone = { viewport: { width: 375, height: 800 } };
  /** The console's admin (an address in ADMIN_EMAILS), made once for the tests that open the console. */
  const consoleAdmin = async () =>
    (await findUser(server.app.ctx.db, "admin@blueprint.local")) ??
    createUser(server.app.ctx.db, { email: "admin@blueprint.local", name: "Site Admin", role: "company" });

  it("keeps the pricing comparison's words whole, and says the table scrolls to the other packages", async () => {
    const context = await browser.newContext(phone);
    const page = await context.newPage();
    await page.goto(`${server.url}/pricing`);
    const table = page.getByRole("region", { name: "Package comparison, scrollable" }).locator("table");
    await table.waitFor();
    expect(await splitWords(table)).toEqual([]);
    expect(await page.getByTestId("compare-scroll-hint").isVisible()).toBe(true);
    // The row labels stay in view while the packages scroll past them.
    await page.getByRole("region", { name: "Package comparison, scrollable" }).evaluate((el) => el.scrollBy(400, 0));
    const label = await table.getByRole("rowheader", { name: "Price" }).boundingBox();
    expect(label?.x).toBeGreaterThanOrEqual(0);
    await saveScreenshot(page, "pricing-compare");
    await context.close();
  });

  it("starts the console's tabs on the first screen, every tab within the screen's width", async () => {
    const admin = await consoleAdmin();
    const { page, context } = await signedInAs(browser, server, admin, phone);
    await page.goto(`${server.url}/company`);
    const tabs = page.getByRole("tab");
    await page.getByTestId("admin-projects").waitFor();
    // An owner sees every tab the console has.
    expect(await tabs.count()).toBe(CONSOLE_TABS.length);
    for (const tab of await tabs.all()) {
      const box = await tab.boundingBox();
      expect(box, (await tab.textContent()) ?? "").not.toBeNull();
      expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
      expect(await splitWords(tab)).toEqual([]);
    }
    const list = await page.getByRole("tablist").boundingBox();
    expect(list?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(800);
    // The charts wait for a tap on a phone, then show.
    await page.getByRole("button", { name: "Show service levels and charts" }).click();
    await page.getByText("Projects by status").waitFor();
    await saveScreenshot(page, "console-project");
    await context.close();
  });

  it("keeps a scheduled meeting's Upcoming badge on one line beside a long title", async () => {
    const user = await createUser(server.app.ctx.db, { email: "layout-meeting@example.com", name: "Mia Meeting" });
    await createCompletedProfile(server.app.ctx.db, { userId: user.id });
    const project = await createProjectWithStatus(server.app.ctx.db, { ownerId: user.id, status: "development" });
    await server.app.ctx.db.insert(communications).values({
      projectId: project.id,
      fromCompany: true,
      type: "meeting",
      subject: "Walkthrough of the onboarding, billing and reporting screens with the whole team",
      content: "We will go through each screen together.",
      meetingUrl: "https://meet.example.com/walkthrough",
      scheduledFor: new Date(Date.now() + 3 * 86_400_000),
    });
    const { page, context } = await signedInAs(browser, server, user, phone);
    await page.goto(`${server.url}/communications`);
    const badge = page.getByText("Upcoming", { exact: true });
    await badge.waitFor();
    const box = await badge.boundingBox();
    expect(box && box.width > box.height).toBe(true);
    expect(await splitWords(badge)).toEqual([]);
    await saveScreenshot(page, "scheduled-meeting");
    await context.close();
  });

  it("keeps the feedback thumbnail's View screenshot overlay on one line", async () => {
    const admin = await consoleAdmin();
    const reporter = await signedInUser(server.app, { email: "layout-feedback@example.com", name: "Finn Feedback" });
    await createCompletedProfile(server.app.ctx.db, { userId: reporter.userId });
    const project = await createProjectWithStatus(server.app.ctx.db, { ownerId: reporter.userId, status: "testing" });
    const sent = await postFeedback(server.app, project.id, reporter.cookie, {
      ...GOOD_FEEDBACK,
      screenshotUrl: pngDataUrl(makeSignaturePng()),
    });
    expect(sent.statusCode).toBe(201);
    const { page, context } = await signedInAs(browser, server, admin, phone);
    await page.goto(`${server.url}/company?tab=feedback`);
    const overlay = page.getByRole("button", { name: "View the screenshot" });
    await overlay.waitFor();
    await overlay
      .locator("img")
      .evaluate((img: HTMLImageElement) => img.complete || new Promise((resolve) => img.addEventListener("load", resolve)));
    expect(await splitWords(overlay)).toEqual([]);
    const label = overlay.getByText("View screenshot");
    const box = await label.boundingBox();
    expect(box && box.width > box.height).toBe(true);
    await saveScreenshot(page, "feedback-thumbnail");
    await context.close();
  });
});
