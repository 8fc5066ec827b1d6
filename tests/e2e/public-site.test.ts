// The public site as a visitor meets it: the real server (built client, PGlite, real SMTP) driven through Chromium.
import { existsSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { rateLimitHits } from "../../src/server/db/schema";
import { DELIVERY_STEPS } from "../../src/shared/constants/marketing";
import { PUBLIC_PAGES } from "../../src/shared/public-pages";
import { launchBrowser, signInContext } from "../setup/browser";
import { freePort } from "../setup/free-port";
import { axeViolations } from "../setup/screen-checks";
import { startSmtpServer, type TestSmtpServer } from "../setup/smtp";
import { createTestApp, type TestApp } from "../setup/test-app";

const BOOKING_URL = "https://calendly.com/blueprint-e2e/30min";
const LANDING_SECTIONS = [
  "Software Development is Broken",
  "See Your Software Vision Before You Build It",
  "Three steps from idea to validated prototype",
  "Simple, fixed prices per prototype",
  "Save $10+ for every $1 you put into a prototype",
  "We started Blueprint to stop good ideas dying in the spec",
  "Calculate Your ROI",
  "Ready to see your idea working?",
  "Get in Touch",
  "Your prototype could be ready in 48 hours",
];

const WAIT = { timeout: 10_000 };
const visible = (locator: Locator) => locator.waitFor({ state: "visible", ...WAIT });
const hidden = (locator: Locator) => locator.waitFor({ state: "hidden", ...WAIT });
const poll = <T>(read: () => Promise<T>) => expect.poll(read, WAIT);

let t: TestApp;
let smtp: TestSmtpServer;
let browser: Browser;
let base: string;

beforeAll(async () => {
  if (!existsSync("dist/client/pages/home.html")) throw new Error("dist/client is not built: run `npm run build:client` first");
  smtp = await startSmtpServer();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await createTestApp(
    { SMTP_URL: smtp.url, APP_URL: base, CALENDLY_BOOKING_URL: BOOKING_URL, ADMIN_EMAILS: "sales@blueprint.local" },
    { serveClient: true },
  );
  await t.app.listen({ port, host: "127.0.0.1" });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
  await smtp?.close();
});

beforeEach(async () => {
  await t.app.ctx.db.delete(rateLimitHits);
});

async function open(path: string, options: { width?: number; javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 900 },
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(base + path, { waitUntil: "networkidle" });
  return { context, page, errors, scripts };
}

async function withPage<T>(
  path: string,
  run: (page: Page, extra: { errors: string[]; scripts: string[]; context: BrowserContext }) => Promise<T>,
  options?: { width?: number; javaScriptEnabled?: boolean },
) {
  const { context, page, errors, scripts } = await open(path, options);
  try {
    return await run(page, { errors, scripts, context });
  } finally {
    await context.close();
  }
}

describe("the landing page", () => {
  it("shows its eleven sections in order, with one h1", async () => {
    await withPage("/", async (page, { errors }) => {
      await poll(() => page.locator("h1").count()).toBe(1);
      expect(await page.locator("h1").textContent()).toContain("working prototype in 48 hours");
      const headings = await page.locator("main > section h2").allTextContents();
      const positions = LANDING_SECTIONS.map((title) => headings.findIndex((h) => h.replace(/\s+/g, " ").trim() === title));
      expect(positions).not.toContain(-1);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      for (const step of DELIVERY_STEPS) {
        await visible(page.getByRole("heading", { name: step.title }));
        await visible(page.getByText(step.timing, { exact: true }).first());
      }
      for (const figure of ["40%", "95%", "2022", "$150,000", "$1,000-$4,000", "$30,000+", "1-year hosted access included"]) {
        await visible(page.getByText(figure, { exact: false }).first());
      }
      expect(errors).toEqual([]);
    });
  });

  it("has its content and links in the HTML before any JavaScript runs", async () => {
    await withPage(
      "/",
      async (page) => {
        await visible(page.locator("h1"));
        for (const p of PUBLIC_PAGES) await poll(() => page.locator(`header a[href="${p.path}"]`).first().count()).toBe(1);
        await poll(() => page.getByTestId("price-advanced").textContent()).toBe("$2,000");
      },
      { javaScriptEnabled: false },
    );
  });

  it("loads no portal or admin code", async () => {
    await withPage("/", async (_page, { scripts }) => {
      expect(scripts.length).toBeGreaterThan(0);
      const manifest = JSON.parse(readFileSync("dist/client/.vite/manifest.json", "utf8")) as Record<
        string,
        { file: string; name?: string }
      >;
      // The app's entry and the portal's screens, keyed by source path or (as shared chunks) by chunk name.
      const portalFiles = Object.entries(manifest)
        .filter(
          ([source, chunk]) =>
            source === "index.html" ||
            /(AppShell|SignInPage|AdminPage)\.tsx$/.test(source) ||
            ["AppShell", "SignInPage", "AdminPage"].includes(chunk.name ?? ""),
        )
        .map(([, chunk]) => `/${chunk.file}`);
      expect(portalFiles.length).toBeGreaterThanOrEqual(4);
      expect(scripts.filter((s) => portalFiles.includes(s))).toEqual([]);
    });
  });

  it("loads no React, router or query library with any public page, and at most 35 KB of JavaScript (gzip)", async () => {
    for (const { path } of PUBLIC_PAGES) {
      await withPage(path, async (_page, { scripts }) => {
        expect(scripts.length, path).toBeGreaterThan(0);
        expect(
          scripts.filter((s) => /\/(react|react-router|query|query-client)-[^/]*\.js$/.test(s)),
          path,
        ).toEqual([]);
        const gzipBytes = scripts.reduce((sum, s) => sum + gzipSync(readFileSync(`dist/client${s}`), { level: 9 }).length, 0);
        expect(gzipBytes, path).toBeLessThanOrEqual(35 * 1024);
      });
    }
  });

  it("switches package prices between USD and INR, with Indian digit grouping", async () => {
    for (const path of ["/", "/pricing"]) {
      await withPage(path, async (page) => {
        await poll(() => page.getByTestId("price-basic").textContent()).toBe("$1,000");
        await poll(() => page.getByTestId("price-advanced").textContent()).toBe("$2,000");
        await poll(() => page.getByTestId("price-premium").textContent()).toBe("$4,000");
        await page.getByRole("button", { name: "INR" }).click();
        await poll(() => page.getByRole("button", { name: "INR" }).getAttribute("aria-pressed")).toBe("true");
        await poll(() => page.getByTestId("price-basic").textContent()).toBe("₹80,000");
        await poll(() => page.getByTestId("price-advanced").textContent()).toBe("₹1,60,000");
        await poll(() => page.getByTestId("price-premium").textContent()).toBe("₹3,20,000");
        await page.getByRole("button", { name: "USD" }).click();
        await poll(() => page.getByTestId("price-advanced").textContent()).toBe("$2,000");
      });
    }
  });

  it("tells the ROI story by default and recalculates as the visitor changes the inputs", async () => {
    await withPage("/", async (page) => {
      await poll(() => page.getByTestId("roi-savings").textContent()).toBe("$30,000");
      await poll(() => page.getByTestId("roi-per-dollar").textContent()).toBe("$15 saved");
      await page.getByLabel("Planned build budget (USD)").fill("300000");
      await poll(() => page.getByTestId("roi-savings").textContent()).toBe("$60,000");
      await page.getByText("PREMIUM", { exact: true }).last().click();
      await poll(() => page.getByTestId("roi-per-dollar").textContent()).toBe("$15 saved");
    });
  });

  it("opens Book Discovery Call in a new tab and serves the deck as a PDF", async () => {
    await withPage("/", async (page) => {
      const call = page.getByRole("link", { name: /Book Discovery Call/ }).first();
      await poll(() => call.getAttribute("href")).toBe(BOOKING_URL);
      await poll(() => call.getAttribute("target")).toBe("_blank");
      const deckHref = await page
        .getByRole("link", { name: /Download Deck/ })
        .first()
        .getAttribute("href");
      const deck = await page.request.get(base + deckHref);
      expect(deck.headers()["content-type"]).toBe("application/pdf");
      expect((await deck.body()).subarray(0, 5).toString()).toBe("%PDF-");
      for (const name of [/Start Your Project/, /Customer Portal/]) {
        await poll(() => page.getByRole("link", { name }).first().getAttribute("href")).toBe("/auth");
      }
    });
  });
});

describe("the contact forms", () => {
  it("sends the 'Send Us a Message' card: stored, emailed to the company and the sender, then cleared", async () => {
    await withPage("/", async (page) => {
      const card = page.locator("form").filter({ has: page.getByLabel("Remarks") });
      const send = card.getByRole("button", { name: "Send Message" });
      await poll(() => send.isDisabled()).toBe(true);
      await card.getByLabel("Name").fill("Asha Rao");
      await poll(() => send.isDisabled()).toBe(true);
      await card.getByLabel("Email").fill("asha@example.com");
      await poll(() => send.isDisabled()).toBe(false);
      await card.getByLabel("Mobile").fill("+91 98450 12345");
      await card.getByLabel("Country").selectOption("India");
      await poll(() => card.getByLabel("Remarks").getAttribute("rows")).toBe("4");
      await card.getByLabel("Remarks").fill("A booking app for our clinics.");
      await send.click();
      await visible(page.getByText("Message sent successfully!", { exact: true }));
      await visible(page.getByText("We'll get back to you within 24 hours.", { exact: true }).last());
      await poll(() => card.getByLabel("Name").inputValue()).toBe("");
      await poll(() => card.getByLabel("Remarks").inputValue()).toBe("");

      const toCompany = await smtp.waitFor((m) => m.subject === "New contact message from Asha Rao");
      expect(toCompany.to).toBe("sales@blueprint.local");
      expect(toCompany.text).toContain("Country: India");
      expect(toCompany.text).toContain("A booking app for our clinics.");
      await smtp.waitFor((m) => m.to === "asha@example.com");
    });
  });

  it("keeps what was typed while the form's code was still loading, then sends it", async () => {
    await withPage("/", async (page) => {
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route("**/assets/contact-form-hydrate-*.js", async (route) => {
        await held;
        await route.continue();
      });
      const card = page.locator("form").filter({ has: page.getByLabel("Remarks") });
      await card.getByLabel("Name").fill("Ravi Menon");
      await card.getByLabel("Email").fill("ravi@example.com");
      await card.getByLabel("Remarks").fill("Typed before the form ran.");
      release();
      const send = card.getByRole("button", { name: "Send Message" });
      await poll(() => send.isDisabled()).toBe(false);
      await poll(() => card.getByLabel("Name").inputValue()).toBe("Ravi Menon");
      await poll(() => card.getByLabel("Remarks").inputValue()).toBe("Typed before the form ran.");
      await send.click();
      await visible(page.getByText("Message sent successfully!", { exact: true }));
      const mail = await smtp.waitFor((m) => m.subject === "New contact message from Ravi Menon");
      expect(mail.text).toContain("Typed before the form ran.");
    });
  });

  it("shows the spec's message for a bad email and sends nothing", async () => {
    await withPage("/", async (page) => {
      const card = page.locator("form").filter({ has: page.getByLabel("Remarks") });
      await card.getByLabel("Name").fill("Asha Rao");
      await card.getByLabel("Email").fill("asha@");
      await card.getByRole("button", { name: "Send Message" }).click();
      await visible(card.getByText("Please enter a valid email address"));
      await poll(() => card.getByLabel("Email").getAttribute("aria-invalid")).toBe("true");
    });
  });

  it("keeps what was typed and shows the error toast when sending fails", async () => {
    await withPage("/", async (page) => {
      await page.route("**/api/contact", (route) => route.fulfill({ status: 503, body: "down" }));
      const card = page.locator("form").filter({ has: page.getByLabel("Remarks") });
      await card.getByLabel("Name").fill("Asha Rao");
      await card.getByLabel("Email").fill("asha@example.com");
      await card.getByRole("button", { name: "Send Message" }).click();
      await visible(page.getByText("Error sending message", { exact: true }));
      await visible(page.getByText("Please try again or email us directly.", { exact: true }));
      await poll(() => card.getByLabel("Name").inputValue()).toBe("Asha Rao");
    });
  });

  it("sends the Contact page's project inquiry with the spec's option lists", async () => {
    await withPage("/contact", async (page) => {
      const form = page.locator("form");
      const send = form.getByRole("button", { name: "Send Message" });
      await form.getByLabel("Name").fill("Jonas Berg");
      await form.getByLabel("Email").fill("jonas@example.com");
      await poll(() => send.isDisabled()).toBe(true);
      await form.getByLabel("Company").fill("Berg Logistics");
      await form.getByLabel("Phone").fill("+46 70 123 45 67");
      await form.getByLabel("Project type").selectOption("Dashboard/Analytics");
      await form.getByLabel("Budget").selectOption("$5,000 - $15,000");
      await form.getByLabel("Timeline").selectOption("ASAP (Rush)");
      await form.getByLabel("Message").fill("Fleet tracking for 200 trucks.");
      await poll(() => send.isDisabled()).toBe(false);
      await send.click();
      await visible(page.getByText("Message sent successfully!", { exact: true }));
      await poll(() => form.getByLabel("Message").inputValue()).toBe("");
      const mail = await smtp.waitFor((m) => m.subject === "New project inquiry from Jonas Berg");
      expect(mail.text).toContain("Project type: Dashboard/Analytics");
      expect(mail.text).toContain("Timeline: ASAP (Rush)");
    });
  });

  it("sends the support button to /auth for visitors and to the portal's messages when signed in", async () => {
    await withPage("/contact", async (page, { context }) => {
      await poll(() => page.getByTestId("support-button").getAttribute("href")).toBe("/auth");
      await signInContext(context, { app: t.app, url: base }, { email: "support.page@example.com", name: "Sam Support" });
      await page.reload({ waitUntil: "networkidle" });
      await poll(() => page.getByTestId("support-button").getAttribute("href")).toBe("/communications?openMessage=true");

      // Signed in, `/` is the app (no landing), straight from the server.
      const home = await context.request.get(`${base}/`);
      expect(await home.text()).not.toContain("Software Development is Broken");
    });
  });
});

describe("small screens and accessibility", () => {
  it("navigates with the menu on a 375 px wide screen", async () => {
    await withPage(
      "/",
      async (page) => {
        const menu = page.getByRole("button", { name: "Open menu" });
        await visible(menu);
        await hidden(page.getByRole("navigation", { name: "Main" }));
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
        await menu.click();
        const mobile = page.getByRole("navigation", { name: "Mobile" });
        await visible(mobile.getByRole("link", { name: "Customer Portal" }));
        await page.keyboard.press("Escape");
        await hidden(mobile);
        await menu.click();
        await mobile.getByRole("link", { name: "Pricing" }).click();
        await page.waitForURL(`${base}/pricing`);
        await poll(() => page.locator("h1").textContent()).toBe("Fixed prices for working prototypes");
      },
      { width: 375 },
    );
  });

  it.each(PUBLIC_PAGES.map((p) => [p.path]))("has no axe-core violations on %s", async (path) => {
    for (const width of [1280, 375]) {
      await withPage(
        path,
        async (page, { errors }) => {
          await poll(() => page.locator("h1").count()).toBe(1);
          await poll(() => page.getByRole("main").count()).toBe(1);
          expect(await page.title()).toBe(PUBLIC_PAGES.find((p) => p.path === path)?.title);
          const violations = await axeViolations(page);
          expect(violations.map((v) => `${v.id}: ${v.targets.join(", ")}`)).toEqual([]);
          expect(errors).toEqual([]);
        },
        { width },
      );
    }
  });

  it("shows a visible focus ring and reaches the main content with the skip link", async () => {
    await withPage("/pricing", async (page) => {
      await page.keyboard.press("Tab");
      const skip = page.getByRole("link", { name: "Skip to content" });
      await poll(() => skip.evaluate((el) => el === document.activeElement)).toBe(true);
      await visible(skip);
      await page.keyboard.press("Enter");
      await page.keyboard.press("Tab");
      const outline = await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle);
      expect(outline).not.toBe("none");
    });
  });
});
