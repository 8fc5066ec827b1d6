// The whole story (issue 48), as a customer in India walks it in Chromium (zone Asia/Kolkata): a visitor reads the
// ADVANCED package's price in INR on /pricing; the customer gives the billing entity in the profile (a Karnataka LLP
// with its GSTIN); with the NDA signed and the brief confirmed, the dashboard shows the proposal at that same price,
// its schedule and the buyer's name, the journey's proposal step current and the date line before payment; the
// customer accepts by name and the invoice arrives by email (PDF: number, CGST 9% + SGST 9%, the buyer's GSTIN, no
// unsubscribe link); Pay Now for the advance goes through Stripe's hosted page and back while the webhook is held
// ("confirming"), then shows "Paid via card", the receipt arrives by email, and the date line shows the delivery
// due time; the company publishes version 1, which requests the balance (its invoice emailed too), and the customer
// opens the approval and reads its warnings. Screens at 1280 and 375 px (docs/screenshots/journey-*.png).
import { eq } from "drizzle-orm";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles, projects, requirements } from "../../src/server/db/schema";
import { CHECKOUT_RETURN_MESSAGES } from "../../src/shared/domain/checkout-return";
import { estimatedCompletionStat } from "../../src/shared/domain/dashboard";
import { COMPANY_LEGAL, json, type SignedInUser, setCompanyLegal, signedInUser } from "../factories";
import { signInContext } from "../setup/browser";
import { ADMIN, type MailJourney, startJourney } from "../setup/journey";
import { signNdaFor, submitProfile } from "../setup/onboarding";
import { pdfText } from "../setup/pdf-text";
import { type PrototypeSite, startPrototypeSite } from "../setup/prototype-site";
import { checkScreen, checkScreenAtBothWidths, DESKTOP, PHONE, SCREEN_CHECKS_TIMEOUT } from "../setup/screen-checks";
import type { CapturedMail, TestSmtpServer } from "../setup/smtp";
import { type FakeStripe, startFakeStripe, stripeEnv } from "../setup/stripe";
import type { TestServer } from "../setup/test-server";

const ZONE = "Asia/Kolkata";
const BUYER = {
  name: "Wells Trading LLP",
  address: "21 Residency Road\nBengaluru 560025",
  gstin: "29AAACW1234K1Z9",
};

let stripe: FakeStripe;
let prototype: PrototypeSite;
let journey: MailJourney;
let server: TestServer;
let smtp: TestSmtpServer;
let admin: SignedInUser;
let customer: SignedInUser;
let project: { id: string; projectCode: string };
let context: BrowserContext;
let page: Page;
/** The advance's invoice number, read from its email. */
let advanceInvoice = "";
/** The figure the visitor read on /pricing, as the portal states money. */
let price = "";

const flat = (bytes: Buffer | Uint8Array) => pdfText(bytes).replace(/\s+/g, " ");

function pdfOf(mail: CapturedMail): Buffer {
  const [attachment] = mail.raw.attachments;
  if (!attachment) throw new Error(`no attachment on "${mail.subject}"`);
  expect(attachment.contentType).toBe("application/pdf");
  expect(attachment.content.subarray(0, 5).toString()).toBe("%PDF-");
  return attachment.content;
}

function expectNoUnsubscribe(mail: CapturedMail) {
  expect(mail.raw.headerLines.some((line) => line.key === "list-unsubscribe")).toBe(false);
  expect(mail.text.toLowerCase()).not.toContain("unsubscribe");
  expect(mail.html.toLowerCase()).not.toContain("unsubscribe");
}

const asAdmin = (method: "POST" | "PATCH", url: string, payload: Record<string, unknown>) =>
  server.app.inject({ method, url, payload, headers: { cookie: admin.cookie, ...json, origin: server.url } });

async function projectAnswer() {
  const res = await server.app.inject({ method: "GET", url: "/api/projects", headers: { cookie: customer.cookie } });
  return (res.json().items as Array<Record<string, unknown> & { id: string }>).find((p) => p.id === project.id);
}

/** Opens a select and picks the option, again if the list closed before the pick (a form re-rendering under load). */
async function choose(combobox: Locator, option: Locator) {
  await expect
    .poll(
      async () => {
        if (!(await option.isVisible())) await combobox.click();
        return option.click({ timeout: 5_000 }).then(
          () => true,
          () => false,
        );
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}

const journeyStep = (title: string) => page.getByTestId("journey").locator("li").filter({ hasText: title });
/** The Est. Completion figure: the last of the dashboard's stat cards. */
const estCompletion = () => page.getByTestId("stat-cards").locator(":scope > *").last();

beforeAll(async () => {
  stripe = await startFakeStripe();
  prototype = await startPrototypeSite();
  journey = await startJourney({ smtp: true, env: { ...stripeEnv(stripe), PROTOTYPE_FRAME_ORIGINS: prototype.url } });
  ({ server, smtp } = journey);
  stripe.webhookUrl = `${server.url}/api/webhooks/stripe`;
  await setCompanyLegal(server.app.ctx.db);
  admin = await signedInUser(server.app, ADMIN);
  customer = await signedInUser(server.app, { email: "priya.wells@wellstrading.example", name: "Priya Wells" });
  await submitProfile(server.app, customer.cookie, {
    fullName: "Priya Wells",
    company: "Wells Trading",
    companyAddress: "21 Residency Road\nBengaluru 560025",
    phone: "+91 80 4123 4567",
    packageType: "advanced",
  });
  await signNdaFor(server.app, customer.cookie, customer.email);
  const res = await server.app.inject({ method: "GET", url: "/api/projects", headers: { cookie: customer.cookie } });
  project = res.json().items[0];
  // The project is priced in rupees: the ADVANCED plan's INR price.
  const inr = await asAdmin("PATCH", `/api/company/projects/${project.id}`, { price: { amount: null, currency: "INR" } });
  expect(inr.statusCode, inr.body).toBe(200);
  context = await journey.browser.newContext({ viewport: DESKTOP, timezoneId: ZONE, locale: "en-IN" });
  await signInContext(context, server, customer);
  page = await context.newPage();
}, 120_000);

afterAll(async () => {
  await context?.close();
  await journey?.close();
  await prototype?.close();
  await stripe?.close();
});

describe("a customer in India, from the price list to the approval", () => {
  it("reads the ADVANCED package's price in rupees on /pricing", async () => {
    const visitor = await journey.browser.newContext({ viewport: DESKTOP, timezoneId: ZONE, locale: "en-IN" });
    const site = await visitor.newPage();
    await site.goto(`${server.url}/pricing`);
    await site.getByRole("button", { name: "INR" }).click();
    await expect.poll(() => site.getByTestId("price-advanced").textContent()).toBe("₹1,60,000");
    // The portal states the same figure as money: 160,000.00 INR.
    price = "160,000.00 INR";
    await visitor.close();
  }, 60_000);

  it(
    "gives the billing entity in the profile: a Karnataka LLP with its GSTIN",
    async () => {
      await page.goto(`${server.url}/profile`);
      const group = page.getByRole("group", { name: "Billing details (for invoices)" });
      await group.waitFor();
      // The form holds the saved profile before anything is typed into it.
      await expect.poll(() => page.getByLabel("Full Name *").inputValue()).toBe("Priya Wells");
      await group.getByLabel("Billing name (legal entity)").fill(BUYER.name);
      await group.getByLabel("Billing address").fill(BUYER.address);
      await choose(group.getByRole("combobox", { name: "Country" }), page.getByRole("option", { name: "India", exact: true }));
      await choose(group.getByRole("combobox", { name: "State" }), page.getByRole("option", { name: "Karnataka" }));
      await group.getByLabel("GSTIN (optional)").fill(BUYER.gstin.toLowerCase());
      await page.getByRole("button", { name: "Save Profile" }).click();
      await page.getByText("Profile saved").first().waitFor();
      const [profile] = await server.app.ctx.db.select().from(profiles).where(eq(profiles.userId, customer.userId));
      expect(profile).toMatchObject({
        billingName: BUYER.name,
        billingCountry: "IN",
        billingRegion: "Karnataka",
        billingTaxId: BUYER.gstin,
      });
      // A reload shows what was saved.
      await page.reload();
      await expect.poll(() => group.getByLabel("Billing name (legal entity)").inputValue()).toBe(BUYER.name);
      expect(await group.getByLabel("GSTIN (optional)").inputValue()).toBe(BUYER.gstin);
    },
    SCREEN_CHECKS_TIMEOUT,
  );

  it(
    "sees the proposal at that price, with the schedule and the buyer; the journey and the date line before payment; accepts it by name; the invoice arrives by email",
    async () => {
      await server.app.ctx.db.insert(requirements).values({
        projectId: project.id,
        projectName: "Ledgerline",
        problemStatement: "Purchase orders are tracked in spreadsheets.",
        briefConfirmed: true,
        briefConfirmedAt: new Date(),
      });
      await page.goto(`${server.url}/dashboard`);
      const card = page.getByTestId("dashboard-proposal");
      await card.getByText("Your proposal").waitFor();
      await card.getByText(`Price: ${price}`).waitFor();
      const schedule = card.getByTestId("proposal-schedule");
      expect(await schedule.textContent()).toContain("Advance payment · 50%");
      expect(await schedule.textContent()).toContain("80,000.00 INR");
      await card.getByText("The first prototype version within 72 hours from the advance's receipt.").waitFor();
      await card.getByText(`${BUYER.name} · GSTIN ${BUYER.gstin}`).waitFor();
      await card.getByText(COMPANY_LEGAL.legalName, { exact: false }).first().waitFor();

      // The journey: the proposal is the current step, not done yet; the date line is the package's clock.
      expect(await journeyStep("Proposal Accepted").getAttribute("data-state")).toBe("current");
      expect(await journeyStep("Development").getAttribute("data-state")).toBe("upcoming");
      const before = estCompletion();
      expect(await before.textContent()).toContain("Est. Completion");
      expect(await before.getByTestId("stat-value").textContent()).toBe("72 hours");
      await before.getByText("Prototype delivery, counted from your advance payment and confirmed brief").waitFor();
      // No Pay Now for the advance before the proposal is accepted.
      const advance = page.getByTestId("payment-advance");
      await advance.getByTestId("payment-advance-awaits-proposal").waitFor();
      expect(await advance.getByRole("button", { name: "Pay Now" }).count()).toBe(0);
      await checkScreenAtBothWidths(page, "journey-proposal", page.getByTestId("journey"));

      await card.getByLabel("Type your full name to accept").fill("Priya Wells");
      await card.getByRole("button", { name: "Accept proposal" }).click();
      await page.getByTestId("proposal-accepted").getByText("Proposal accepted by Priya Wells on", { exact: false }).waitFor();
      await expect.poll(() => journeyStep("Proposal Accepted").getAttribute("data-state")).toBe("completed");
      expect(await journeyStep("Development").getAttribute("data-state")).toBe("current");
      // Accepted but not paid: the clock has not started, the date line still says so.
      expect(await estCompletion().getByTestId("stat-value").textContent()).toBe("72 hours");
      await advance.getByRole("button", { name: "Pay Now" }).waitFor();
      await advance.getByText("80,000.00 INR").first().waitFor();

      // The advance's invoice, emailed with its PDF: numbered, taxed for a buyer in the seller's state.
      const mail = await smtp.waitFor(
        (m) => m.to === customer.email && /invoice .* for the advance payment$/.test(m.subject),
        30_000,
      );
      advanceInvoice = /invoice (\S+) for/.exec(mail.subject)?.[1] ?? "";
      expect(advanceInvoice).toMatch(new RegExp(`^BP-${new Date().getUTCFullYear()}-\\d{4}$`));
      const text = flat(pdfOf(mail));
      for (const fact of [
        `Invoice number: ${advanceInvoice}`,
        COMPANY_LEGAL.legalName,
        `GSTIN: ${COMPANY_LEGAL.taxId}`,
        BUYER.name,
        `GSTIN: ${BUYER.gstin}`,
        "CGST 9%",
        "SGST 9%",
        "80,000.00 INR",
      ]) {
        expect(text).toContain(fact);
      }
      expect(text).not.toContain("IGST");
      expectNoUnsubscribe(mail);
      // The open dashboard's invoice list shows it, awaiting payment, without a reload.
      const list = page.getByTestId("project-invoices");
      await list.getByTestId(`invoice-${advanceInvoice}`).waitFor();
      await expect
        .poll(() => list.getByTestId(`invoice-${advanceInvoice}`).getByTestId("invoice-status").textContent())
        .toBe("Awaiting payment");
    },
    SCREEN_CHECKS_TIMEOUT * 2,
  );

  it(
    "pays the advance through Stripe's page, is told it is being confirmed, then sees it paid, the receipt by email and the delivery due time",
    async () => {
      await page.goto(`${server.url}/dashboard`);
      const advance = page.getByTestId("payment-advance");
      await advance.getByRole("button", { name: "Pay Now" }).click();
      await page.waitForURL(`${stripe.url}/c/pay/**`);
      const [session] = [...stripe.sessions.values()];
      expect(session).toMatchObject({ amount_total: 8_000_000, currency: "inr", client_reference_id: project.id });
      // Stripe sends the payer back at once; its event arrives later.
      stripe.holdWebhooks = true;
      await page.getByRole("button", { name: "Pay" }).click();
      await page.waitForURL(`${server.url}/dashboard?**`);
      const confirming = advance.getByTestId("payment-advance-confirming");
      await confirming.getByText(CHECKOUT_RETURN_MESSAGES.confirming).waitFor();
      expect(CHECKOUT_RETURN_MESSAGES.confirming).toContain("Thanks — we are confirming your payment");
      expect(await advance.getByRole("button", { name: "Pay Now" }).count()).toBe(0);
      await checkScreen(page, "journey-confirming");

      await stripe.releaseWebhooks();
      stripe.holdWebhooks = false;
      await expect
        .poll(() => advance.getByTestId("payment-advance-state").textContent(), { timeout: 30_000 })
        .toBe("Paid via card");
      expect(await confirming.count()).toBe(0);
      // The open page's invoice list follows without a reload.
      const list = page.getByTestId("project-invoices");
      await expect
        .poll(() => list.getByTestId(`invoice-${advanceInvoice}`).getByTestId("invoice-status").textContent(), {
          timeout: 30_000,
        })
        .toBe("Paid");

      // The receipt, emailed with its PDF.
      const mail = await smtp.waitFor(
        (m) => m.to === customer.email && m.subject === `${project.projectCode}: Advance payment received`,
        30_000,
      );
      expect(mail.text).toContain(`Receipt ${advanceInvoice}-R is attached`);
      const text = flat(pdfOf(mail));
      for (const fact of [
        "Payment receipt",
        `Receipt for invoice ${advanceInvoice}`,
        `${advanceInvoice}-R`,
        `GSTIN: ${BUYER.gstin}`,
        "Paid: 80,000.00 INR",
        "Paid to date: 80,000.00 INR",
      ]) {
        expect(text).toContain(fact);
      }
      expectNoUnsubscribe(mail);

      // The journey: development runs; the date line is now the delivery clock's due time.
      await page.reload();
      await page.getByText("Development in progress").first().waitFor({ timeout: 30_000 });
      expect(await journeyStep("Proposal Accepted").getAttribute("data-state")).toBe("completed");
      expect(await journeyStep("Development").getAttribute("data-state")).toBe("current");
      const [row] = await server.app.ctx.db.select().from(projects).where(eq(projects.id, project.id));
      const dueAt = row?.deliveryDueAt?.toISOString();
      if (!dueAt) throw new Error("the advance started no delivery clock");
      expect(Date.parse(dueAt) - Date.parse(String(row?.deliveryStartedAt?.toISOString()))).toBe(72 * 3_600_000);
      const seen = await projectAnswer();
      const stat = estimatedCompletionStat(seen as Parameters<typeof estimatedCompletionStat>[0], new Date(), ZONE);
      await expect.poll(() => estCompletion().getByTestId("stat-value").textContent()).toBe(stat.value);
      expect(await estCompletion().textContent()).toMatch(/Prototype due in \d+ hours?/);
      const clock = page.getByTestId("delivery-clock");
      expect(await clock.locator("time").getAttribute("datetime")).toBe(dueAt);
      await expect.poll(() => clock.getByTestId("delivery-clock-headline").textContent()).toMatch(/^7[12] hours left$/);
      await checkScreenAtBothWidths(page, "journey-advance-paid", page.getByTestId("journey"));
    },
    SCREEN_CHECKS_TIMEOUT * 2,
  );

  it(
    "is delivered version 1, which requests the balance by email; opens the approval and reads its warnings",
    async () => {
      const published = await asAdmin("POST", `/api/company/projects/${project.id}/versions`, {
        url: `${prototype.url}/v1`,
        releaseNotes: "Version 1: purchase orders with approvals.",
      });
      expect(published.statusCode, published.body).toBe(201);

      // The balance's invoice, emailed with its PDF.
      const mail = await smtp.waitFor(
        (m) => m.to === customer.email && /invoice .* for the balance payment$/.test(m.subject),
        30_000,
      );
      const balanceInvoice = /invoice (\S+) for/.exec(mail.subject)?.[1] ?? "";
      expect(balanceInvoice).not.toBe(advanceInvoice);
      const text = flat(pdfOf(mail));
      expect(text).toContain(`Invoice number: ${balanceInvoice}`);
      expect(text).toContain("80,000.00 INR");
      expect(text).toContain("CGST 9%");
      expectNoUnsubscribe(mail);

      await page.goto(`${server.url}/dashboard`);
      await page.getByTestId("dashboard-approval").getByText("Version 1 is ready for your decision").waitFor();
      expect(await journeyStep("Development").getAttribute("data-state")).toBe("completed");
      const balance = page.getByTestId("payment-balance");
      await balance.getByText("80,000.00 INR").first().waitFor();
      await balance.getByRole("button", { name: "Pay Now" }).waitFor();
      await page.getByTestId("project-invoices").getByText(balanceInvoice).waitFor();
      await checkScreenAtBothWidths(page, "journey-delivered", page.getByTestId("journey"));

      await page.getByRole("link", { name: "Approve or request changes" }).click();
      const acceptance = page.getByTestId("acceptance-card");
      await acceptance.getByRole("button", { name: "Approve version 1" }).click();
      const dialog = page.getByRole("alertdialog");
      const warnings = dialog.getByTestId("approval-warnings");
      await warnings.getByText("iteration rounds are unused", { exact: false }).waitFor();
      expect(await warnings.textContent()).toContain("The balance payment is not received yet");
      for (const viewport of [DESKTOP, PHONE]) {
        await page.setViewportSize(viewport);
        await checkScreen(page, "journey-approval-warnings");
      }
      await page.setViewportSize(DESKTOP);
      // Not approved here: the customer closes the dialog, nothing changes.
      await dialog.getByRole("button", { name: "Cancel" }).click();
      const [row] = await server.app.ctx.db.select().from(projects).where(eq(projects.id, project.id));
      expect(row?.status).toBe("testing");
      expect(row?.acceptedAt).toBeNull();
    },
    SCREEN_CHECKS_TIMEOUT * 2,
  );
});
