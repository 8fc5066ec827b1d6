import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAs } from "../setup/browser";
import { codeFieldCleared, countCodeFieldClears } from "../setup/code-field";
import { type MailJourney, startJourney } from "../setup/journey";
import { checkScreen } from "../setup/screen-checks";
import { codeIn, type TestSmtpServer } from "../setup/smtp";
import type { TestServer } from "../setup/test-server";

let journey: MailJourney;
let server: TestServer;
let smtp: TestSmtpServer;
let browser: Browser;

beforeAll(async () => {
  journey = await startJourney({ smtp: true });
  ({ smtp, server, browser } = journey);
});
afterAll(() => journey?.close());

/** The toast with this text is up, and none of the sign-in card's buttons lies under it. */
async function expectToastClearOf(page: Page, text: string) {
  const toast = page
    .getByRole("region", { name: /Notifications/ })
    .locator("li")
    .filter({ hasText: text });
  // Holding the pointer over the toast keeps it up while the page is measured (Radix pauses its timer).
  await toast.hover();
  const box = await toast.boundingBox();
  const buttons = await page
    .getByRole("main")
    .getByRole("button")
    .evaluateAll((elements) =>
      elements.map((e) => ({ name: e.textContent?.trim() ?? "", rect: e.getBoundingClientRect().toJSON() as DOMRect })),
    );
  expect(buttons.map((b) => b.name)).toContain("Verify & Login");
  if (!box) throw new Error("the toast has no box");
  const under = buttons.filter(
    ({ rect: r }) => r.x < box.x + box.width && box.x < r.x + r.width && r.y < box.y + box.height && box.y < r.y + r.height,
  );
  expect(under.map((b) => b.name)).toEqual([]);
}

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

describe("signing in through the browser", () => {
  it("validates the email step on submit with the shared messages, then again as the user types", async () => {
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
    await codeFieldCleared(page);
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

  it("stays on the code step through a reload, and the first emailed code still signs in after a resend", async () => {
    const email = "reload.step@example.com";
    const page = await newPage();
    await countCodeFieldClears(page);
    await page.goto(`${server.url}/auth`);
    await page.getByLabel("Email Address").fill(email);
    await page.getByLabel("Your Name").fill("Rhea Reload");
    await page.getByRole("button", { name: "Send Login Code" }).click();
    const first = await smtp.waitFor((m) => m.to === email);

    await page.reload();
    await page.getByRole("heading", { name: "Enter Your Code" }).waitFor();
    await page.getByText(`We sent a 6-digit code to ${email}`, { exact: true }).waitFor();
    // Asking again sends a second code and does not cancel the first one.
    await page.getByRole("button", { name: "Didn't receive code? Resend" }).click();
    await smtp.waitFor((m) => m.to === email && m !== first);
    await codeFieldCleared(page);
    await page.getByLabel("6-digit code").fill(codeIn(first.text));
    await page.getByRole("button", { name: "Verify & Login" }).click();
    await page.getByText("You have been logged in successfully.", { exact: true }).waitFor();
    await page.getByRole("button", { name: "User menu" }).waitFor();
    const me = await page.evaluate(() => fetch("/api/auth/user").then((r) => r.json()));
    expect(me.email).toBe(email);
    expect(me.name).toBe("Rhea Reload");

    // Signed out again in the same tab, the screen starts at the email step: nothing pending is left behind.
    await page.getByRole("button", { name: "User menu" }).click();
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    await page.goto(`${server.url}/auth`);
    await page.getByRole("button", { name: "Send Login Code" }).waitFor();
    await page.context().close();
  });

  it("'Back to Email' is kept through a reload too: the email step comes back", async () => {
    const page = await newPage();
    await page.goto(`${server.url}/auth`);
    await page.getByLabel("Email Address").fill("reload.back@example.com");
    await page.getByLabel("Your Name").fill("Rory Back");
    await page.getByRole("button", { name: "Send Login Code" }).click();
    await page.getByRole("heading", { name: "Enter Your Code" }).waitFor();
    await page.getByRole("button", { name: "Back to Email" }).click();
    await page.getByRole("button", { name: "Send Login Code" }).waitFor();
    await page.reload();
    await page.getByRole("button", { name: "Send Login Code" }).waitFor();
    expect(await page.getByRole("heading", { name: "Enter Your Code" }).count()).toBe(0);
    await page.context().close();
  });

  it("'Back to Email' shows the address the code went to, and a resend goes to the address shown", async () => {
    const first = "back.first@example.com";
    const second = "back.second@example.com";
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 375, height: 800 },
    ]) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(`${server.url}/auth`);
      await page.getByLabel("Email Address").fill(first);
      await page.getByLabel("Your Name").fill("Bea Back");
      await page.getByRole("button", { name: "Send Login Code" }).click();
      await page.getByText(`We sent a 6-digit code to ${first}`, { exact: true }).waitFor();
      await expectToastClearOf(page, "Check your email for the 6-digit code.");
      await page.getByLabel("6-digit code").fill("123456");
      await page.getByRole("button", { name: "Back to Email" }).click();
      // The email step again, with the address (never the typed code, never empty) and the name.
      await page.getByRole("button", { name: "Send Login Code" }).waitFor();
      expect(await page.getByLabel("Email Address").inputValue()).toBe(first);
      expect(await page.getByLabel("Your Name").inputValue()).toBe("Bea Back");
      if (viewport.width === 1280) {
        // A corrected address: the code step and a resend both use it.
        await page.getByLabel("Email Address").fill(second);
        await page.getByRole("button", { name: "Send Login Code" }).click();
        await page.getByText(`We sent a 6-digit code to ${second}`, { exact: true }).waitFor();
        await smtp.waitFor((m) => m.to === second);
        const toFirst = smtp.messages.filter((m) => m.to === first).length;
        await page.getByRole("button", { name: "Didn't receive code? Resend" }).click();
        await smtp.waitFor((m) => m.to === second && smtp.messages.filter((x) => x.to === second).indexOf(m) === 1);
        expect(smtp.messages.filter((m) => m.to === second)).toHaveLength(2);
        expect(smtp.messages.filter((m) => m.to === first)).toHaveLength(toFirst);
      }
      await context.close();
    }
  });

  it("sends a signed-out visitor at a portal page to sign in, then back to it: the demo account and the admin", async () => {
    const page = await newPage();
    await countCodeFieldClears(page);
    await page.goto(`${server.url}/profile?from=email`);
    await page.getByRole("button", { name: "Send Login Code" }).waitFor();
    expect(new URL(page.url()).searchParams.get("next")).toBe("/profile?from=email");
    await page.getByLabel("Email Address").fill("demo@blueprint.local");
    await page.getByLabel("Your Name").fill("Demo Customer");
    await page.getByRole("button", { name: "Send Login Code" }).click();
    // The spec clears the code field about 100 ms after the step changes: type after that, as a person would.
    await codeFieldCleared(page);
    await page.getByLabel("6-digit code").fill("000000");
    await page.getByRole("button", { name: "Verify & Login" }).click();
    await page.waitForURL(`${server.url}/profile?from=email`);
    await page.getByRole("button", { name: "User menu" }).waitFor();

    // The skip link is the first stop of the keyboard, and leads to the page's main element.
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    expect(await skip.evaluate((link) => link === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("MAIN");
    expect(new URL(page.url()).hash).toBe("");
    await page.context().close();

    const admin = await newPage();
    await countCodeFieldClears(admin);
    await admin.goto(`${server.url}/company-dashboard?tab=nda`);
    await admin.getByLabel("Email Address").fill("admin@blueprint.local");
    await admin.getByLabel("Your Name").fill("Site Admin");
    const since = smtp.messages.length;
    await admin.getByRole("button", { name: "Send Login Code" }).click();
    const mail = await smtp.waitFor((m) => m.to === "admin@blueprint.local" && smtp.messages.indexOf(m) >= since);
    await codeFieldCleared(admin);
    await admin.getByLabel("6-digit code").fill(codeIn(mail.text));
    await admin.getByRole("button", { name: "Verify & Login" }).click();
    await admin.waitForURL(`${server.url}/company-dashboard?tab=nda`);
    await admin.getByRole("tab", { name: "NDA Management", selected: true }).waitFor();
    await admin.context().close();
  });

  it("shows a plain not-found page, never router talk: a visitor at an unknown path, with sign-in", async () => {
    const page = await newPage();
    const response = await page.goto(`${server.url}/no-such-page`);
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
    await page.getByText("This page doesn't exist or isn't available to your account").waitFor();
    await page.getByRole("link", { name: "Go to the home page" }).waitFor();
    await page.getByRole("link", { name: "Sign in" }).waitFor();
    expect(await page.getByText("Did you forget to add the page to the router?").count()).toBe(0);
    await checkScreen(page, "links-not-available");
    await page.setViewportSize({ width: 375, height: 800 });
    await checkScreen(page, "links-not-available");
    await page.getByRole("link", { name: "Sign in" }).click();
    await page.getByRole("button", { name: "Send Login Code" }).waitFor();
    await page.context().close();
  });

  it("shows the same page to a signed-in user at a page that is not for their account", async () => {
    for (const [who, path] of [
      [{ email: "not.for.me@example.com", name: "Cleo Customer" }, "/no-such-page"],
      [{ email: "admin@blueprint.local", name: "Site Admin", role: "company" as const }, "/communications?thread=x"],
    ] as const) {
      const { context, page } = await signedInAs(browser, server, who);
      await page.goto(`${server.url}${path}`);
      await page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
      await page.getByText("This page doesn't exist or isn't available to your account").waitFor();
      expect(await page.getByRole("link", { name: "Sign in" }).count()).toBe(0);
      await page.getByRole("link", { name: "Go to the home page" }).click();
      await page.getByRole("button", { name: "User menu" }).waitFor();
      await context.close();
    }
  });

  it("shows 'Access Denied' to a customer at the console's addresses, fetches no admin data, and 'Login as Admin' leads to sign-in", async () => {
    for (const path of ["/company", "/admin", "/company-dashboard"]) {
      const { context, page } = await signedInAs(browser, server, { email: "not.an.admin@example.com", name: "Cleo Customer" });
      const adminReads: string[] = [];
      page.on("request", (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith("/api/company")) adminReads.push(url.pathname);
      });
      await page.goto(`${server.url}${path}`);
      await page.getByRole("heading", { name: "Access Denied" }).waitFor();
      expect(await page.getByRole("heading", { name: "404 Page Not Found" }).count()).toBe(0);
      if (path === "/admin") await checkScreen(page, "access-denied");
      await page.getByRole("button", { name: "Login as Admin" }).click();
      await page.waitForURL(`${server.url}/auth?next=${encodeURIComponent(path)}`);
      await page.getByRole("button", { name: "Send Login Code" }).waitFor();
      expect(adminReads).toEqual([]);
      await context.close();
    }
  });
});
