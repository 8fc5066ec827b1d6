import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CODE_FIELD_CLEAR_DELAY_MS } from "../../src/shared/constants/ui";
import { launchBrowser } from "../setup/browser";
import { codeIn, startSmtpServer, type TestSmtpServer } from "../setup/smtp";
import { startTestServer, type TestServer } from "../setup/test-server";

let server: TestServer;
let smtp: TestSmtpServer;
let browser: Browser;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ SMTP_URL: smtp.url });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await smtp?.close();
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

type ClearCounter = { codeFieldClears: number };

/**
 * Counts the timers of the code field's clearing delay that have run, so a test can wait for the clear itself
 * instead of sleeping past it.
 */
async function countCodeFieldClears(page: Page): Promise<void> {
  await page.addInitScript((delay) => {
    const counter = window as unknown as ClearCounter;
    counter.codeFieldClears = 0;
    const schedule = window.setTimeout;
    window.setTimeout = ((handler: TimerHandler, timeout?: number, ...rest: unknown[]) =>
      timeout === delay && typeof handler === "function"
        ? schedule(() => {
            handler(...rest);
            counter.codeFieldClears += 1;
          }, timeout)
        : schedule(handler, timeout, ...rest)) as typeof window.setTimeout;
  }, CODE_FIELD_CLEAR_DELAY_MS);
}

describe("signing in through the browser", () => {
  it("validates the email step on submit with the spec's messages, then again as the user types", async () => {
    const page = await newPage();
    await page.goto(`${server.url}/auth`);
    await page.getByRole("button", { name: "Send Login Code" }).click();
    // The validation code loads on the form's first focus (lib/lazy-resolver.ts): the messages follow within moments.
    await page.getByText("Please enter a valid email address").waitFor();
    await page.getByText("Please enter your name").waitFor();
    await page.getByLabel("Your Name").fill("Jo Park");
    await page.getByText("Please enter your name").waitFor({ state: "detached" });
    await page.context().close();
  });

  it("signs the demo account in with 000000 and shows the customer shell", async () => {
    const page = await newPage();
    await countCodeFieldClears(page);
    await page.goto(`${server.url}/auth`);
    await page.getByLabel("Email Address").fill("demo@blueprint.local");
    await page.getByLabel("Your Name").fill("Demo Customer");
    await page.getByRole("button", { name: "Send Login Code" }).click();
    await page.getByText("Demo account - use code 000000", { exact: true }).waitFor();
    await page.getByRole("heading", { name: "Enter Your Code" }).waitFor();
    await page.getByText("We sent a 6-digit code to demo@blueprint.local", { exact: true }).waitFor();

    const code = page.getByLabel("6-digit code");
    const verify = page.getByRole("button", { name: "Verify & Login" });
    // The spec clears the code field about 100 ms after the step changes; a person never types that fast.
    await page.waitForFunction(() => (window as unknown as ClearCounter).codeFieldClears > 0);
    await code.pressSequentially("12ab");
    expect(await code.inputValue()).toBe("12");
    expect(await verify.isDisabled()).toBe(true);
    await code.fill("");
    await code.pressSequentially("0000009");
    expect(await code.inputValue()).toBe("000000");
    await verify.click();

    await page.getByText("You have been logged in successfully.", { exact: true }).waitFor();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/");
    for (const link of ["Onboarding", "Prototype Projects", "Testing & Feedback", "Communications", "Meeting Requests"]) {
      expect(await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: link }).count()).toBe(1);
    }
    // User Management stays disabled until a prototype is ready.
    const userManagement = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "User Management" });
    expect(await userManagement.getAttribute("aria-disabled")).toBe("true");

    // A signed-in user opening /auth goes to /.
    await page.goto(`${server.url}/auth`);
    await page.waitForURL(`${server.url}/`);

    // Sign out from the user menu, which also offers the customer's settings pages.
    await page.getByRole("button", { name: "User menu" }).click();
    await page.getByRole("menuitem", { name: "Profile Settings" }).waitFor();
    await page.getByRole("menuitem", { name: "Project Settings" }).waitFor();
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    await page.getByText("You have been logged out successfully.", { exact: true }).waitFor();
    const me = await page.evaluate(() => fetch("/api/auth/user").then((r) => r.status));
    expect(me).toBe(401);
    await page.context().close();
  });

  it("signs an admin in with the code read from the SMTP server, and the sidebar Sign Out link ends the session", async () => {
    const page = await newPage();
    await page.goto(`${server.url}/admin`);
    await page.getByLabel("Email Address").fill("admin@blueprint.local");
    await page.getByLabel("Your Name").fill("Site Admin");
    await page.getByRole("button", { name: "Send Login Code" }).click();
    await page.getByText("Check your email for the 6-digit code.", { exact: true }).waitFor();

    const mail = await smtp.waitFor((m) => m.to === "admin@blueprint.local");
    expect(mail.text).toContain("10 minutes");
    expect(mail.html).toContain("Blueprint");
    const code = codeIn(mail.text);
    await page.getByLabel("6-digit code").fill(code);
    await page.getByRole("button", { name: "Verify & Login" }).click();

    await page.getByText("Company Admin", { exact: true }).waitFor();
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Company Dashboard" }).waitFor();
    await nav.getByRole("link", { name: "Customer View" }).waitFor();

    // The user menu offers only what a company admin has a page for.
    await page.getByRole("button", { name: "User menu" }).click();
    expect(await page.getByRole("menuitem", { name: "Profile Settings" }).count()).toBe(0);
    await page.getByRole("menuitem", { name: "Sign Out" }).waitFor();
    await page.keyboard.press("Escape");

    await page.getByRole("link", { name: "Sign Out" }).click();
    await page.waitForURL(`${server.url}/`);
    const me = await page.evaluate(() => fetch("/api/auth/user").then((r) => r.status));
    expect(me).toBe(401);
    await page.context().close();
  });

  it("shows the error toast for a wrong code and keeps the user on the code step", async () => {
    const page = await newPage();
    await page.goto(`${server.url}/auth`);
    await page.getByLabel("Email Address").fill("wrong.code@example.com");
    await page.getByLabel("Your Name").fill("Wren Wong");
    await page.getByRole("button", { name: "Send Login Code" }).click();
    const mail = await smtp.waitFor((m) => m.to === "wrong.code@example.com");
    const right = codeIn(mail.text);
    await page.getByLabel("6-digit code").fill(right === "123456" ? "654321" : "123456");
    await page.getByRole("button", { name: "Verify & Login" }).click();
    await page.getByText("Invalid code", { exact: true }).waitFor();
    await page.getByText("Invalid code. Please check it and try again.", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Back to Email" }).click();
    await page.getByRole("button", { name: "Send Login Code" }).waitFor();
    await page.context().close();
  });

  it("shows the 404 screen for an unknown path, with a 404 status", async () => {
    const page = await newPage();
    const response = await page.goto(`${server.url}/no-such-page`);
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
    await page.getByText("Did you forget to add the page to the router?", { exact: true }).waitFor();
    await page.context().close();
  });
});
