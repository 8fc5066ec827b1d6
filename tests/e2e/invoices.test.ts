// Invoices in Chromium (issue 48 §3): the company sets the advance, which issues its numbered invoice; the customer
// sees it in Payment Information (number, status, amount, Download invoice) and downloads the sealed PDF; once the
// transfer is marked received, Download receipt too; the company's Billing tab lists every invoice. Screens at 1280
// and 375 px.
import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles } from "../../src/server/db/schema";
import { json, newProject, type SignedInUser, setCompanyLegal, signedInUser } from "../factories";
import { signedInAs } from "../setup/browser";
import { ADMIN, type Journey, startJourney } from "../setup/journey";
import { checkScreenAtBothWidths } from "../setup/screen-checks";
import type { TestServer } from "../setup/test-server";

let journey: Journey;
let server: TestServer;
let browser: Browser;
let admin: SignedInUser;
let customer: SignedInUser;
let project: { id: string; projectCode: string };

const patch = (payload: Record<string, unknown>) =>
  server.app.inject({
    method: "PATCH",
    url: `/api/company/projects/${project.id}`,
    payload,
    headers: { cookie: admin.cookie, ...json },
  });

beforeAll(async () => {
  journey = await startJourney();
  ({ server, browser } = journey);
  admin = await signedInUser(server.app, ADMIN);
  customer = await signedInUser(server.app, { email: "mira.bill@millworks.example", name: "Mira Iyer" });
  await setCompanyLegal(server.app.ctx.db);
  project = await newProject(server.app, customer);
  await server.app.ctx.db
    .update(profiles)
    .set({
      billingName: "Mysore Millworks LLP",
      billingAddress: "4 Sayyaji Rao Road\nMysuru 570001",
      billingCountry: "IN",
      billingRegion: "Karnataka",
      billingTaxId: "29AAAPL1234C1ZV",
    })
    .where(eq(profiles.userId, customer.userId));
  expect((await patch({ advancePaymentAmount: "11800.00", advancePaymentCurrency: "INR" })).statusCode).toBe(200);
}, 120_000);

afterAll(async () => {
  await journey?.close();
});

async function downloaded(page: Page, name: string): Promise<Buffer> {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name }).first().click()]);
  return readFileSync(String(await download.path()));
}

describe("invoices", () => {
  it("shows the customer the invoice with its PDF, then the receipt once paid", async () => {
    const { context, page } = await signedInAs(browser, server, customer, { viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.url}/dashboard?project=${project.projectCode}`);
    const list = page.getByTestId("project-invoices");
    await list.waitFor();
    await expect.poll(() => list.getByTestId("invoice-status").first().textContent()).toBe("Awaiting payment");
    await list.getByText("11,800.00 INR").waitFor();
    const invoice = await downloaded(page, "Download invoice");
    expect(invoice.subarray(0, 5).toString()).toBe("%PDF-");
    await checkScreenAtBothWidths(page, "invoices-customer-issued", list);

    expect((await patch({ advancePaymentReceivedDate: "2026-11-02T10:30:00.000Z" })).statusCode).toBe(200);
    await page.reload();
    await list.getByText("Paid", { exact: true }).waitFor();
    const receipt = await downloaded(page, "Download receipt");
    expect(receipt.subarray(0, 5).toString()).toBe("%PDF-");
    await checkScreenAtBothWidths(page, "invoices-customer-paid", list);
    await context.close();
  });

  it("lists every invoice in the console's Billing tab, with a status filter", async () => {
    // A second invoice: a changed balance amount.
    expect((await patch({ balancePaymentAmount: "11800.00", balancePaymentCurrency: "INR" })).statusCode).toBe(200);
    const { context, page } = await signedInAs(browser, server, admin, { viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.url}/admin?tab=billing`);
    const table = page.getByTestId("company-invoices");
    await table.waitFor();
    await expect.poll(() => table.getByTestId("company-invoice-row").count()).toBe(2);
    await table.getByText("Mysore Millworks LLP").first().waitFor();
    await table.getByText(project.projectCode).first().waitFor();
    await checkScreenAtBothWidths(page, "invoices-console", table);
    await page.getByRole("combobox", { name: "Invoice status" }).click();
    await page.getByRole("option", { name: "Paid" }).click();
    await expect.poll(() => table.getByTestId("company-invoice-row").count()).toBe(1);
    await table.getByRole("link", { name: "Receipt" }).waitFor();
    await context.close();
  });
});
