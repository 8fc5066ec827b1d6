// The company's legal details in Chromium (issue 48 §2-3): a company user fills the console's Billing tab (a wrong
// GSTIN shows the schema's message under its field, the invoice number preview and the balance follow what is typed),
// saves, and the public /terms page a customer opens names the legal entity, its address and the governing law; the
// customer's profile has the optional billing group, saved with its state and GSTIN. Screens at 1280 and 375 px.
import { eq } from "drizzle-orm";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyLegalSettings, profiles } from "../../src/server/db/schema";
import { taxIdProblem } from "../../src/shared/domain/tax-ids";
import { createCompletedProfile, type SignedInUser, signedInUser } from "../factories";
import { signedInAs } from "../setup/browser";
import { ADMIN, type Journey, startJourney } from "../setup/journey";
import { checkScreenAtBothWidths, SCREEN_CHECKS_TIMEOUT } from "../setup/screen-checks";
import type { TestServer } from "../setup/test-server";

let journey: Journey;
let server: TestServer;
let browser: Browser;
let admin: SignedInUser;
let customer: SignedInUser;

beforeAll(async () => {
  journey = await startJourney();
  ({ server, browser } = journey);
  admin = await signedInUser(server.app, ADMIN);
  customer = await signedInUser(server.app, { email: "rhea.legal@millworks.example", name: "Rhea Menon" });
  await createCompletedProfile(server.app.ctx.db, { userId: customer.userId, company: "Mysore Millworks" });
}, 120_000);

afterAll(async () => {
  await journey?.close();
});

describe("the company's legal details", () => {
  it(
    "are filled in the console's Billing tab, then named on the public terms page a customer opens",
    async () => {
      const { context, page } = await signedInAs(browser, server, admin);
      await page.goto(`${server.url}/admin?tab=billing`);
      const panel = page.getByRole("tabpanel");
      await panel.getByText("Not set up yet").waitFor();
      await panel.getByText(/Proposals and invoices need these details/).waitFor();
      await checkScreenAtBothWidths(page, "legal-details-empty");

      await panel.getByLabel("Legal name").fill("Blueprint Labs Private Limited");
      await panel.getByLabel("Contact email").fill("legal@blueprint.example");
      await panel.getByLabel("Registered address").fill("12 MG Road\nBengaluru 560001");
      await panel.getByRole("combobox", { name: "State" }).click();
      await page.getByRole("option", { name: "Karnataka" }).click();
      await panel.getByLabel("GSTIN").fill("29ABCDE1234F1ZX");
      await panel.getByLabel("Tax label").fill("GST");
      await panel.getByLabel("Tax rate (%)").fill("18");
      await panel.getByLabel("Invoice prefix").fill("blu");
      await expect.poll(() => panel.getByTestId("invoice-preview").textContent()).toBe(`BLU-${new Date().getFullYear()}-0001`);
      await panel.getByLabel("Advance (% of the price)").fill("40");
      await panel.getByText("The balance is the other 60 %, due on delivery.").waitFor();
      await panel.getByLabel("Governing law").fill("the laws of India, with the courts of Bengaluru");
      await panel.getByLabel("Signatory's name").fill("Asha Rao");
      await panel.getByLabel("Signatory's title").fill("Director");

      await panel.getByRole("button", { name: "Save legal details" }).click();
      await panel.getByText(taxIdProblem("29ABCDE1234F1ZX", "IN")?.message ?? "missing").waitFor();
      expect(await server.app.ctx.db.select().from(companyLegalSettings)).toHaveLength(0);

      await panel.getByLabel("GSTIN").fill("29ABCDE1234F1ZW");
      await panel.getByRole("button", { name: "Save legal details" }).click();
      await page.getByText("Legal details saved").first().waitFor();
      await panel.getByText(/^Last changed/).waitFor();
      const [row] = await server.app.ctx.db.select().from(companyLegalSettings);
      expect(row).toMatchObject({ legalName: "Blueprint Labs Private Limited", invoicePrefix: "BLU", advancePercent: 40 });
      await checkScreenAtBothWidths(page, "legal-details-saved");
      await context.close();

      const visitor = await signedInAs(browser, server, customer);
      await visitor.page.goto(`${server.url}/terms`);
      const article = visitor.page.locator("#legal-body");
      await visitor.page.getByRole("heading", { level: 1, name: "Project Terms" }).waitFor();
      await article
        .getByText(/Blueprint Labs Private Limited, 12 MG Road, Bengaluru 560001, India/)
        .first()
        .waitFor();
      await article.getByText(/governed by the laws of India, with the courts of Bengaluru/).waitFor();
      await article.getByText(/40 % is due as an advance/).waitFor();
      await visitor.page.getByRole("navigation", { name: "Legal" }).getByRole("link", { name: "Privacy Notice" }).click();
      await visitor.page.getByRole("heading", { level: 1, name: "Privacy Notice" }).waitFor();
      await visitor.page.goto(`${server.url}/terms`);
      await checkScreenAtBothWidths(visitor.page, "terms-page");
      await visitor.context.close();
    },
    SCREEN_CHECKS_TIMEOUT * 2,
  );

  it(
    "lets the customer give the billing entity in the profile, with its state and GSTIN",
    async () => {
      const { context, page } = await signedInAs(browser, server, customer);
      await page.goto(`${server.url}/profile`);
      const group = page.getByRole("group", { name: "Billing details (for invoices)" });
      await group.waitFor();
      await group.getByText(/company and address above when these are left empty/).waitFor();
      await group.getByLabel("Billing name (legal entity)").fill("Mysore Millworks LLP");
      await group.getByLabel("Billing address").fill("4 Sayyaji Rao Road\nMysuru 570001");
      await group.getByRole("combobox", { name: "Country" }).click();
      await page.getByRole("option", { name: "India", exact: true }).click();
      await group.getByRole("combobox", { name: "State" }).click();
      await page.getByRole("option", { name: "Karnataka" }).click();
      await group.getByLabel("GSTIN (optional)").fill("29abcde1234f1zw");
      await page.getByRole("button", { name: "Save Profile" }).click();
      await page.getByText("Profile saved").first().waitFor();
      const [profile] = await server.app.ctx.db.select().from(profiles).where(eq(profiles.userId, customer.userId));
      expect(profile).toMatchObject({
        billingName: "Mysore Millworks LLP",
        billingCountry: "IN",
        billingRegion: "Karnataka",
        billingTaxId: "29ABCDE1234F1ZW",
      });
      await checkScreenAtBothWidths(page, "profile-billing", group);
      await context.close();
    },
    SCREEN_CHECKS_TIMEOUT * 2,
  );
});
