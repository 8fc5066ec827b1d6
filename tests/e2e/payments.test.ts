// Card payments in Chromium, end to end against the local Stripe-protocol server: the admin sets an advance of
// 2,500.00 USD, the customer presses Pay Now and lands on the hosted checkout page, the test server completes the
// session and posts a signed checkout.session.completed to the portal's webhook, and the dashboard the customer has
// open shows the advance paid and the project in development without a reload (live update).

import { eq } from "drizzle-orm";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projects, requirements } from "../../src/server/db/schema";
import { PAYMENT_MESSAGES } from "../../src/server/features/payments/checkout";
import { CHECKOUT_RETURN_MESSAGES } from "../../src/shared/domain/checkout-return";
import { acceptProposal, type SignedInUser, signedInUser } from "../factories";
import { signInContext } from "../setup/browser";
import { type Journey, startJourney } from "../setup/journey";
import { documentStillMarked, markDocument, recordLivePage } from "../setup/live-page";
import { signNdaFor, submitProfile } from "../setup/onboarding";
import { checkScreen } from "../setup/screen-checks";
import { type FakeStripe, startFakeStripe, stripeEnv, stripeEvent, stripeSignature } from "../setup/stripe";
import type { TestServer } from "../setup/test-server";

let stripe: FakeStripe;
let journey: Journey;
let server: TestServer;
let browser: Browser;
let admin: SignedInUser;
let customer: SignedInUser;
let project: { id: string; projectCode: string };

async function contextFor(user: SignedInUser, width: number): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await signInContext(context, server, user);
  return context;
}

beforeAll(async () => {
  stripe = await startFakeStripe();
  journey = await startJourney({ env: stripeEnv(stripe) });
  ({ server, browser } = journey);
  stripe.webhookUrl = `${server.url}/api/webhooks/stripe`;
  admin = await signedInUser(server.app, { email: "admin@blueprint.local", name: "Site Admin", role: "company" });
  customer = await signedInUser(server.app, { email: "dana.pay@wells.example", name: "Dana Wells" });
  await submitProfile(server.app, customer.cookie, { fullName: "Dana Wells", company: "Wells Co" });
  await signNdaFor(server.app, customer.cookie, customer.email);
  const res = await server.app.inject({ method: "GET", url: "/api/projects", headers: { cookie: customer.cookie } });
  project = res.json().items[0];
  // A confirmed brief: once the advance is paid, the automatic status rules move the project to development.
  await server.app.ctx.db
    .insert(requirements)
    .values({ projectId: project.id, projectName: "Glacier", problemStatement: "Bookings take hours.", briefConfirmed: true })
    .onConflictDoUpdate({
      target: requirements.projectId,
      set: { briefConfirmed: true, problemStatement: "Bookings take hours." },
    });
  // The advance is paid for an accepted proposal (tests/e2e/proposal.test.ts walks the acceptance itself).
  await acceptProposal(server.app.ctx.db, { projectId: project.id });
}, 120_000);

afterAll(async () => {
  await journey?.close();
  await stripe?.close();
});

describe("card payments", () => {
  it("admin sets 2,500.00 USD, the customer pays through Checkout, and the open dashboard shows it paid live", async () => {
    // The admin sets the advance's amount and currency in the project's payment phases.
    const adminContext = await contextFor(admin, 1280);
    const adminPage = await adminContext.newPage();
    await adminPage.goto(`${server.url}/company?q=${project.projectCode}`);
    await adminPage.getByRole("button", { name: "Edit Details" }).click();
    await adminPage.getByLabel("Advance amount").fill("2,500.00");
    await adminPage.getByText("Shown to the customer as 2,500.00 USD").waitFor();
    await adminPage.getByRole("button", { name: "Save Project Details" }).click();
    await adminPage.getByText("All details saved.", { exact: false }).first().waitFor();
    await adminPage.keyboard.press("Escape");
    const row = adminPage.getByTestId(`project-row-${project.projectCode}`);
    await row.getByText("Advance: Awaiting payment").waitFor();
    // The awaiting-payment filter keeps the project in the list.
    await adminPage.goto(`${server.url}/company?payment=awaiting_payment`);
    await adminPage.getByTestId(`project-row-${project.projectCode}`).getByText("Advance: Awaiting payment").waitFor();
    await checkScreen(adminPage, "payments-admin-awaiting");
    await adminContext.close();

    for (const width of [375, 1280]) {
      const context = await contextFor(customer, width);
      await recordLivePage(context);
      const page = await context.newPage();
      await page.goto(`${server.url}/dashboard`);
      const advance = page.getByTestId("payment-advance");
      await advance.getByText("2,500.00 USD").waitFor();
      await expect.poll(() => advance.getByTestId("payment-advance-state").textContent()).toBe("Awaiting payment");
      if (width === 375) {
        await checkScreen(page, "payments-dashboard-due");
        await context.close();
        continue;
      }
      await checkScreen(page, "payments-dashboard-due");

      // Stripe down: the customer reads the server's message and stays on the dashboard, nothing paid.
      stripe.failNext(500, "api_error", "Something went wrong on Stripe's end.");
      await advance.getByRole("button", { name: "Pay Now" }).click();
      const alert = advance.getByRole("alert");
      await alert.waitFor();
      expect(await alert.textContent()).toBe(PAYMENT_MESSAGES.providerDown);
      expect(new URL(page.url()).pathname).toBe("/dashboard");
      await checkScreen(page, "payments-dashboard-stripe-down");

      // Pay Now calls the checkout route and sends the browser to the hosted page at the answer's url.
      await advance.getByRole("button", { name: "Pay Now" }).click();
      await page.waitForURL(`${stripe.url}/c/pay/**`);
      await page.getByText("2500 USD").waitFor();
      const hosted = page.url();
      const [session] = [...stripe.sessions.values()];
      expect(session).toMatchObject({ amount_total: 250000, currency: "usd", client_reference_id: project.id });

      // The customer comes back to the dashboard before paying (the tab they keep open); the page is marked.
      await page.goto(`${server.url}/dashboard`);
      await advance.getByText("Awaiting payment").waitFor();
      await markDocument(page);

      // The test server completes the session and posts the signed event to the portal's webhook.
      const paid = await fetch(hosted, { method: "POST", redirect: "manual" });
      expect(paid.status).toBe(303);

      await expect
        .poll(() => advance.getByTestId("payment-advance-state").textContent(), { timeout: 30_000 })
        .toBe("Paid via card");
      await page.getByText("Development in progress").first().waitFor({ timeout: 30_000 });
      expect(await documentStillMarked(page)).toBe(true);
      expect(await advance.getByRole("button", { name: "Pay Now" }).count()).toBe(0);
      const receipt = advance.getByRole("link", { name: "Download receipt" });
      expect(await receipt.getAttribute("href")).toBe(`/api/projects/${project.id}/payments/advance/receipt`);
      await checkScreen(page, "payments-dashboard-paid");
      await context.close();
    }

    // Both viewports of the paid dashboard.
    const narrow = await contextFor(customer, 375);
    const small = await narrow.newPage();
    await small.goto(`${server.url}/dashboard`);
    const advance = small.getByTestId("payment-advance");
    await expect.poll(() => advance.getByTestId("payment-advance-state").textContent()).toBe("Paid via card");
    await checkScreen(small, "payments-dashboard-paid");
    await narrow.close();
  }, 180_000);

  it("downloads the receipt, shows a refund to the admin, takes a transfer by hand and flags an amount that is not money", async () => {
    // The receipt of the advance paid above: a PDF, downloaded from the dashboard's link.
    const context = await contextFor(customer, 1280);
    const page = await context.newPage();
    await page.goto(`${server.url}/dashboard`);
    const advance = page.getByTestId("payment-advance");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      advance.getByRole("link", { name: "Download receipt" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/receipt.*\.pdf$/i);
    const pdf = await (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    })();
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");

    // Stripe refunds the charge: the admin sees the phase refunded; the received date stays the admin's decision.
    const [session] = [...stripe.sessions.values()];
    const refund = JSON.stringify(
      stripeEvent("charge.refunded", {
        id: "ch_e2e_refund",
        object: "charge",
        amount: 250000,
        amount_refunded: 250000,
        currency: "usd",
        refunded: true,
        payment_intent: session?.payment_intent,
      }),
    );
    const delivered = await fetch(`${server.url}/api/webhooks/stripe`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": stripeSignature(refund) },
      body: refund,
    });
    expect(delivered.status).toBe(200);

    // A pre-money final amount that did not parse is kept for the admin, flagged beside its field in Edit Details.
    await server.app.ctx.db.update(projects).set({ finalPaymentAmountUnparsed: "about 3k" }).where(eq(projects.id, project.id));

    const adminContext = await contextFor(admin, 1280);
    const adminPage = await adminContext.newPage();
    await adminPage.goto(`${server.url}/company?q=${project.projectCode}`);
    const row = adminPage.getByTestId(`project-row-${project.projectCode}`);
    await row.getByText("Advance: Refunded").waitFor();
    await adminPage.getByRole("button", { name: "Edit Details" }).click();
    const flag = adminPage.getByTestId("unparsed-finalPaymentAmount");
    await flag.waitFor();
    expect(await flag.textContent()).toBe("Was “about 3k”, which is not an amount: re-enter it in USD");
    await flag.scrollIntoViewIfNeeded();
    await checkScreen(adminPage, "payments-admin-unparsed-amount");

    // The balance is paid by bank transfer: the admin sets its amount and types the date the money came in.
    const balance = adminPage.getByRole("group", { name: "Phase 3 Prototype & Balance Payment" });
    await balance.getByLabel("Balance amount").fill("1500");
    await balance.getByLabel("Payment received on").fill("2026-11-20");
    await adminPage.getByRole("button", { name: "Save Project Details" }).click();
    await adminPage.getByText("All details saved.", { exact: false }).first().waitFor();
    await adminPage.keyboard.press("Escape");
    await row.getByText("Balance: Paid by transfer").waitFor();
    await checkScreen(adminPage, "payments-admin-refund-transfer");
    await adminContext.close();

    // The customer sees the balance paid by transfer, with no checkout offered for it.
    await page.reload();
    const balanceCard = page.getByTestId("payment-balance");
    await expect.poll(() => balanceCard.getByTestId("payment-balance-state").textContent()).toBe("Paid by transfer");
    expect(await balanceCard.getByRole("button", { name: "Pay Now" }).count()).toBe(0);
    await context.close();
  }, 120_000);

  it("back from Stripe before the webhook: that project's dashboard says it is confirming, offers no Pay Now, then shows it paid by itself", async () => {
    const payer = await signedInUser(server.app, { email: "omar.return@example.com", name: "Omar Return" });
    await submitProfile(server.app, payer.cookie, { fullName: "Omar Return", company: "Return Co" });
    await signNdaFor(server.app, payer.cookie, payer.email);
    const [own] = (await server.app.inject({ method: "GET", url: "/api/projects", headers: { cookie: payer.cookie } })).json()
      .items as Array<{ id: string; projectCode: string }>;
    if (!own) throw new Error("no project");
    await server.app.ctx.db
      .insert(requirements)
      .values({ projectId: own.id, projectName: "Harbour", problemStatement: "Invoices go missing.", briefConfirmed: true });
    // Its advance is paid for an accepted proposal too.
    await acceptProposal(server.app.ctx.db, { projectId: own.id });
    const set = await server.app.inject({
      method: "PATCH",
      url: `/api/company/projects/${own.id}`,
      headers: { cookie: admin.cookie },
      payload: { advancePaymentAmount: "1200" },
    });
    expect(set.statusCode).toBe(200);

    const context = await contextFor(payer, 1280);
    await recordLivePage(context);
    const page = await context.newPage();
    await page.goto(`${server.url}/dashboard`);
    const advance = page.getByTestId("payment-advance");
    // The team asked 1,200.00 USD, not the schedule's half of the 1,000.00 USD plan: no "50 %" is claimed for it.
    await advance.getByText("1,200.00 USD").waitFor();
    expect(await advance.getByTestId("payment-advance-due").textContent()).not.toContain("%");
    await advance.getByRole("button", { name: "Pay Now" }).click();
    await page.waitForURL(`${stripe.url}/c/pay/**`);
    // Stripe sends the payer back at once; its event arrives later.
    stripe.holdWebhooks = true;
    await page.getByRole("button", { name: "Pay" }).click();
    await page.waitForURL(`${server.url}/dashboard?**`);
    const back = new URL(page.url());
    expect(back.searchParams.get("project")).toBe(own.projectCode);
    expect(back.searchParams.get("session_id")).toMatch(/^cs_test_/);

    const confirming = advance.getByTestId("payment-advance-confirming");
    await confirming.getByText(CHECKOUT_RETURN_MESSAGES.confirming).waitFor();
    expect(await advance.getByTestId("payment-advance-state").textContent()).toBe("Confirming payment");
    expect(await advance.getByRole("button", { name: "Pay Now" }).count()).toBe(0);
    await checkScreen(page, "payments-dashboard-confirming");
    // A reload (or the address without the return) still says it, until the payment is confirmed.
    await page.goto(`${server.url}/dashboard?project=${own.projectCode}`);
    await confirming.waitFor();
    expect(await advance.getByRole("button", { name: "Pay Now" }).count()).toBe(0);
    await markDocument(page);

    await stripe.releaseWebhooks();
    stripe.holdWebhooks = false;
    await expect
      .poll(() => advance.getByTestId("payment-advance-state").textContent(), { timeout: 30_000 })
      .toBe("Paid via card");
    expect(await confirming.count()).toBe(0);
    expect(await documentStillMarked(page)).toBe(true);
    await context.close();
  }, 120_000);
});
