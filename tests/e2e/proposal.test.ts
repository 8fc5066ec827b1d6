// The proposal in the browser (issue 48 §2): a customer whose brief is confirmed sees the proposal on the dashboard
// (price, schedule with amounts, delivery promise, inclusions, the terms with their links), is offered no Pay Now for
// the advance until they accept it, is told what is wrong with an empty name, accepts by typing their name, and then
// reads one line with who accepted it and when, the sealed PDF, and Pay Now for the advance.
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requirements } from "../../src/server/db/schema";
import { PROPOSAL_MESSAGES } from "../../src/shared/schemas/proposal";
import { COMPANY_LEGAL, type SignedInUser, setCompanyLegal, signedInUser } from "../factories";
import { signInContext } from "../setup/browser";
import { type Journey, startJourney } from "../setup/journey";
import { signNdaFor, submitProfile } from "../setup/onboarding";
import { checkScreenAtBothWidths, SCREEN_CHECKS_TIMEOUT } from "../setup/screen-checks";
import { type FakeStripe, startFakeStripe, stripeEnv } from "../setup/stripe";
import type { TestServer } from "../setup/test-server";

let stripe: FakeStripe;
let journey: Journey;
let server: TestServer;
let browser: Browser;
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
  await setCompanyLegal(server.app.ctx.db);
  customer = await signedInUser(server.app, { email: "dana.proposal@wells.example", name: "Dana Wells" });
  await submitProfile(server.app, customer.cookie, { fullName: "Dana Wells", company: "Wells Co" });
  await signNdaFor(server.app, customer.cookie, customer.email);
  const res = await server.app.inject({ method: "GET", url: "/api/projects", headers: { cookie: customer.cookie } });
  project = res.json().items[0];
  await server.app.ctx.db
    .insert(requirements)
    .values({
      projectId: project.id,
      projectName: "Glacier",
      problemStatement: "Bookings take hours.",
      briefConfirmed: true,
      briefConfirmedAt: new Date(),
    })
    .onConflictDoUpdate({ target: requirements.projectId, set: { briefConfirmed: true, briefConfirmedAt: new Date() } });
}, 120_000);

afterAll(async () => {
  await journey?.close();
  await stripe?.close();
});

describe("the proposal on the dashboard", () => {
  it(
    "is read, accepted by name, and only then the advance's Pay Now appears",
    async () => {
      const context = await contextFor(customer, 1280);
      const page = await context.newPage();
      await page.goto(`${server.url}/dashboard`);
      const card = page.getByTestId("dashboard-proposal");
      await card.getByText("Your proposal").waitFor();
      await page.getByText("Accept Your Proposal").first().waitFor();
      await card.getByText("Price: 2,000.00 USD").waitFor();
      const schedule = card.getByTestId("proposal-schedule");
      expect(await schedule.textContent()).toContain("Advance payment · 50%");
      expect(await schedule.textContent()).toContain("1,000.00 USD");
      await card.getByText("The first prototype version within 72 hours from the advance's receipt.").waitFor();
      await card.getByText("3 iteration rounds · 10 testers · 6 months of hosted access").waitFor();
      await card.getByText(COMPANY_LEGAL.legalName, { exact: false }).first().waitFor();
      // The terms open in place, with their published pages linked.
      await card.getByText(/Project Terms \(version/).click();
      await card.getByText("4. Ownership").waitFor();
      expect(await card.getByRole("link", { name: "Refund and Cancellation Policy" }).getAttribute("href")).toBe("/refunds");
      // No Pay Now for the advance before the proposal is accepted.
      const advance = page.getByTestId("payment-advance");
      await advance.getByTestId("payment-advance-awaits-proposal").waitFor();
      expect(await advance.getByRole("button", { name: "Pay Now" }).count()).toBe(0);
      await checkScreenAtBothWidths(page, "proposal-open", card);

      // An empty name is refused beside the field, as the form's other messages are.
      await card.getByRole("button", { name: "Accept proposal" }).click();
      await card.getByText(PROPOSAL_MESSAGES.nameRequired).waitFor();
      await card.getByLabel("Type your full name to accept").fill("Dana Wells");
      await card.getByRole("button", { name: "Accept proposal" }).click();

      const accepted = page.getByTestId("proposal-accepted");
      await accepted.getByText("Proposal accepted by Dana Wells on", { exact: false }).waitFor();
      expect(await accepted.getByRole("link", { name: "Download PDF" }).getAttribute("href")).toBe(
        `/api/projects/${project.id}/proposal/pdf`,
      );
      expect(await page.getByTestId("dashboard-proposal").count()).toBe(0);
      await page.getByText("Pay the Advance").first().waitFor();
      await advance.getByRole("button", { name: "Pay Now" }).waitFor();
      await advance.getByText("1,000.00 USD").first().waitFor();
      // The accepted proposal is one of the project's documents.
      await page.getByTestId("project-documents").getByText("Accepted proposal (version 1)").waitFor();
      await checkScreenAtBothWidths(page, "proposal-accepted", accepted);
      await context.close();
    },
    SCREEN_CHECKS_TIMEOUT,
  );
});
