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
  it("shows the Project Status card's status with every word whole, never split mid-word", async () => {
    const user = await createUser(server.app.ctx.db, { email: "layout-status@example.com", name: "Lena Layout" });
    await createCompletedProfile(server.app.ctx.db, { userId: user.id });
    await createProjectWithStatus(server.app.ctx.db, { ownerId: user.id, status: "requirements" });
    const { page, context } = await signedInAs(browser, server, user, { viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.url}/dashboard`);
    const value = page.getByTestId("stat-cards").getByTestId("stat-value").first();
    await value.waitFor();
    // Each word of the status sits on one line: a word split across lines ("requirement / s") has two boxes.
    const split = await value.evaluate((element) => {
      const text = element.firstChild;
      if (!text || text.nodeType !== Node.TEXT_NODE) return ["(no text)"];
      const broken: string[] = [];
      for (const match of (text.textContent ?? "").matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(text, match.index ?? 0);
        range.setEnd(text, (match.index ?? 0) + match[0].length);
        if (range.getClientRects().length > 1) broken.push(match[0]);
      }
      return broken;
    });
    expect(split).toEqual([]);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/dashboard-status-1280.png` });
    await context.close();
  });
});
