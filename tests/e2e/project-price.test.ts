// One price (issue 48 §1), in Chromium: the console shows a project's price (not a second, console-only figure), the
// admin sets a custom price with its reason, and the customer's Payment Information shows that price and each phase's
// share and when it is due before any phase is requested.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRICE_MESSAGES } from "../../src/shared/domain/pricing";
import { type SignedInUser, signedInUser } from "../factories";
import { signedInAs } from "../setup/browser";
import { type Journey, startJourney } from "../setup/journey";
import { signNdaFor, submitProfile } from "../setup/onboarding";
import { checkScreen, checkScreenAtBothWidths } from "../setup/screen-checks";
import type { TestServer } from "../setup/test-server";

let journey: Journey;
let server: TestServer;
let browser: Browser;
let admin: SignedInUser;
let customer: SignedInUser;
let project: { id: string; projectCode: string };

beforeAll(async () => {
  journey = await startJourney();
  ({ server, browser } = journey);
  admin = await signedInUser(server.app, { email: "admin@blueprint.local", name: "Site Admin", role: "company" });
  customer = await signedInUser(server.app, { email: "ravi.price@example.com", name: "Ravi Price" });
  await submitProfile(server.app, customer.cookie, { fullName: "Ravi Price", company: "Price Works", packageType: "advanced" });
  await signNdaFor(server.app, customer.cookie, customer.email);
  const res = await server.app.inject({ method: "GET", url: "/api/projects", headers: { cookie: customer.cookie } });
  project = res.json().items[0];
}, 120_000);

afterAll(async () => {
  await journey?.close();
});

describe("the project's one price", () => {
  it("the admin sets a custom price with its reason; the console and the customer's dashboard show that one price", async () => {
    const { context: adminContext, page } = await signedInAs(browser, server, admin);
    await page.goto(`${server.url}/company?q=${project.projectCode}`);
    const row = page.getByTestId(`project-row-${project.projectCode}`);
    await row.getByTestId("row-price").getByText("2,000.00 USD").waitFor();
    expect(await row.textContent()).not.toContain("$7.5K");

    await row.getByRole("button", { name: "View Details" }).click();
    const details = page.getByRole("dialog");
    await details.getByTestId("project-price").getByText("ADVANCED plan price").waitFor();
    await details.getByRole("button", { name: "Change price" }).click();
    const form = page.getByRole("form", { name: "Project price" });
    await form.getByLabel("Custom price").fill("2,400");
    await form.getByRole("button", { name: "Save price" }).click();
    // A custom price without a reason is refused on the form, and nothing is saved.
    await form.getByText(PRICE_MESSAGES.reasonRequired).waitFor();
    await form.getByLabel("Reason").fill("Extra reporting screen agreed on the kick-off call");
    await checkScreen(page, "project-price-form");
    await form.getByRole("button", { name: "Save price" }).click();
    await details.getByTestId("project-price").getByText("Custom price").waitFor();
    await details.getByText("Reason: Extra reporting screen agreed on the kick-off call").waitFor();
    await page.keyboard.press("Escape");
    await row.getByTestId("row-price").getByText("2,400.00 USD · custom").waitFor();
    await adminContext.close();

    const { context: customerContext, page: dashboard } = await signedInAs(browser, server, customer);
    await dashboard.goto(`${server.url}/dashboard`);
    const price = dashboard.getByTestId("project-price");
    await price.getByText("2,400.00 USD").waitFor();
    expect(await price.textContent()).toContain("Custom price");
    // The reason is the company's; the customer sees the price and the schedule.
    expect(await dashboard.locator("body").textContent()).not.toContain("kick-off call");
    await dashboard.getByTestId("payment-advance").getByText("1,200.00 USD").waitFor();
    expect(await dashboard.getByTestId("payment-advance-due").textContent()).toContain("50% of the project price");
    expect(await dashboard.getByTestId("payment-balance").textContent()).toContain("1,200.00 USD");
    expect(await dashboard.locator("body").textContent()).not.toContain("Amount to be confirmed");
    await checkScreenAtBothWidths(dashboard, "project-price-dashboard", dashboard.getByTestId("project-price"));
    await customerContext.close();
  });
});
