// Layouts that hold: our own short words (a status name, a badge) stay whole at the widths where they broke.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCompletedProfile, createProjectWithStatus, createUser } from "../factories";
import { launchBrowser, signedInAs } from "../setup/browser";
import { startTestServer, type TestServer } from "../setup/test-server";

const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR;

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("the dashboard at 1280 px", () => {
  it("shows the Project Status card's status on one line, never split mid-word", async () => {
    const user = await createUser(server.app.ctx.db, { email: "layout-status@example.com", name: "Lena Layout" });
    await createCompletedProfile(server.app.ctx.db, { userId: user.id });
    await createProjectWithStatus(server.app.ctx.db, { ownerId: user.id, status: "requirements" });
    const { page, context } = await signedInAs(browser, server, user, { viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.url}/dashboard`);
    const value = page.getByTestId("stat-cards").getByTestId("stat-value").first();
    await value.waitFor();
    const lines = await value.evaluate((element) => {
      const lineHeight = Number.parseFloat(getComputedStyle(element).lineHeight);
      return Math.round(element.getBoundingClientRect().height / lineHeight);
    });
    expect(lines).toBe(1);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/dashboard-status-1280.png` });
    await context.close();
  });
});
