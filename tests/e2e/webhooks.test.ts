// Outgoing webhooks in Chromium (issue 46 §1): an admin adds an endpoint in the console's Integrations tab and copies
// its secret (shown once), a customer pays the advance through the local Stripe-protocol server, the signed
// payment.received reaches a local receiver that verifies it with `standardwebhooks`, the delivery appears in the
// endpoint's log, and "Resend" delivers it again with the same webhook-id.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import type { Browser, BrowserContext } from "playwright-core";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projects, webhookDeliveries } from "../../src/server/db/schema";
import { acceptProposal, type SignedInUser, signedInUser } from "../factories";
import { signInContext } from "../setup/browser";
import { type Journey, startJourney } from "../setup/journey";
import { signNdaFor, submitProfile } from "../setup/onboarding";
import { checkScreen, scrollToTop } from "../setup/screen-checks";
import { type FakeStripe, startFakeStripe, stripeEnv } from "../setup/stripe";
import type { TestServer } from "../setup/test-server";

type Received = { headers: Record<string, string>; body: string };
const received: Received[] = [];
const receiver = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk) => chunks.push(chunk));
  request.on("end", () => {
    received.push({ headers: request.headers as Record<string, string>, body: Buffer.concat(chunks).toString("utf8") });
    response.writeHead(200, { "content-type": "text/plain" }).end("ok, recorded in the CRM");
  });
});

let stripe: FakeStripe;
let journey: Journey;
let server: TestServer;
let browser: Browser;
let admin: SignedInUser;
let customer: SignedInUser;
let project: { id: string; projectCode: string };
let receiverUrl = "";

async function contextFor(user: SignedInUser, width: number): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await signInContext(context, server, user);
  return context;
}

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/blueprint`;
  stripe = await startFakeStripe();
  journey = await startJourney({ env: { ...stripeEnv(stripe), WEBHOOK_ALLOWED_HOSTS: "127.0.0.1" } });
  ({ server, browser } = journey);
  stripe.webhookUrl = `${server.url}/api/webhooks/stripe`;
  admin = await signedInUser(server.app, { email: "admin@blueprint.local", name: "Site Admin", role: "company" });
  customer = await signedInUser(server.app, { email: "dana.hooks@wells.example", name: "Dana Wells" });
  await submitProfile(server.app, customer.cookie, { fullName: "Dana Wells", company: "Wells Co" });
  await signNdaFor(server.app, customer.cookie, customer.email);
  const res = await server.app.inject({ method: "GET", url: "/api/projects", headers: { cookie: customer.cookie } });
  project = res.json().items[0];
  await server.app.ctx.db
    .update(projects)
    .set({ advancePaymentAmount: "2500.00", advancePaymentCurrency: "USD" })
    .where(eq(projects.id, project.id));
  await acceptProposal(server.app.ctx.db, { projectId: project.id });
}, 120_000);

afterAll(async () => {
  await journey?.close();
  await stripe?.close();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

/** The test server does not poll: the test runs the delivery job, as the API tests do. */
async function deliverUntil(count: number) {
  await expect
    .poll(
      async () => {
        await server.app.webhookWorker.runDue();
        return received.length;
      },
      { timeout: 30_000 },
    )
    .toBe(count);
}

describe("outgoing webhooks", () => {
  it("an admin adds an endpoint, a customer pays, the signed delivery is in the log, and Resend delivers it again", async () => {
    const context = await contextFor(admin, 1280);
    const page = await context.newPage();
    await page.goto(`${server.url}/admin?tab=integrations`);
    await page.getByText("No endpoints yet", { exact: false }).waitFor();
    await checkScreen(page, "webhooks-empty");

    // Add: an http URL elsewhere is refused with the server's message; the allowed local receiver is stored.
    await page.getByRole("button", { name: "Add endpoint" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("URL").fill("http://crm.example.com/hooks");
    await dialog.getByLabel("Description").fill("CRM: payments");
    await dialog.getByLabel("Payment received").check();
    await dialog.getByLabel("Payment failed").check();
    await dialog.getByRole("button", { name: "Add endpoint" }).click();
    await dialog.getByText("The URL must start with https://").waitFor();
    await dialog.getByLabel("URL").fill(receiverUrl);
    await dialog.getByRole("button", { name: "Add endpoint" }).click();

    // The secret, once, with its warning.
    const secretDialog = page.getByRole("dialog", { name: "Signing secret" });
    await secretDialog.getByText("it is shown only once", { exact: false }).waitFor();
    const secret = (await secretDialog.getByTestId("webhook-secret").textContent()) ?? "";
    expect(secret).toMatch(/^whsec_/);
    await checkScreen(page, "webhooks-secret");
    await secretDialog.getByRole("button", { name: "Done" }).click();
    const endpoint = page.getByTestId("webhook-endpoint");
    await endpoint.getByText("CRM: payments").waitFor();
    await endpoint.getByText("Active").waitFor();
    expect(await page.getByText(secret).count()).toBe(0);

    // The customer pays the advance: the fake Stripe completes the session and posts the signed event to the portal.
    const checkout = await server.app.inject({
      method: "POST",
      url: `/api/projects/${project.id}/payments/advance/checkout`,
      headers: { cookie: customer.cookie },
      payload: {},
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const paid = await fetch(checkout.json().url, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    await deliverUntil(1);
    const [first] = received;
    if (!first) throw new Error("nothing was delivered");
    const event = new Webhook(secret).verify(first.body, first.headers) as { type: string; data: Record<string, unknown> };
    expect(event.type).toBe("payment.received");
    expect(event.data).toMatchObject({
      projectId: project.id,
      projectCode: project.projectCode,
      phase: "advance",
      amountMinor: 250000,
    });

    // The log shows it delivered, with the answer's first bytes.
    await endpoint.getByRole("button", { name: "Delivery log" }).click();
    const delivery = endpoint.getByTestId("webhook-delivery").first();
    await delivery.getByText("Payment received").waitFor();
    await delivery.getByText("Delivered").waitFor();
    await delivery.getByText("HTTP 200", { exact: true }).waitFor();
    await delivery.getByText("Attempts and answers").click();
    await delivery.getByText("ok, recorded in the CRM").waitFor();
    await scrollToTop(page);
    await checkScreen(page, "webhooks-log");

    // Resend: queued again with its id, delivered a second time.
    await delivery.getByRole("button", { name: "Resend" }).click();
    await page.getByText("Queued again").first().waitFor();
    await deliverUntil(2);
    expect(received[1]?.headers["webhook-id"]).toBe(first.headers["webhook-id"]);
    expect(() => new Webhook(secret).verify(received[1]?.body ?? "", received[1]?.headers ?? {})).not.toThrow();
    await page.reload();
    await page.getByTestId("webhook-endpoint").getByRole("button", { name: "Delivery log" }).click();
    const again = page.getByTestId("webhook-delivery").first();
    await again.getByText("2 attempts").waitFor();
    const [row] = await server.app.ctx.db.select().from(webhookDeliveries);
    expect(row).toMatchObject({ status: "delivered", attempts: 2 });
    await scrollToTop(page);
    await checkScreen(page, "webhooks-resent");
    await context.close();

    // The phone's width: the endpoint and its log read without sideways scrolling.
    const phone = await contextFor(admin, 375);
    const small = await phone.newPage();
    await small.goto(`${server.url}/admin?tab=integrations`);
    await small.getByTestId("webhook-endpoint").getByRole("button", { name: "Delivery log" }).click();
    await small.getByTestId("webhook-delivery").first().getByText("Delivered").waitFor();
    await scrollToTop(small);
    await checkScreen(small, "webhooks-log");
    await phone.close();
  }, 180_000);
});
