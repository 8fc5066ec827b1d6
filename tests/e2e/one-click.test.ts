// One click is one action, in Chromium: a double click on a submit button sends one request and shows one outcome
// (Submit Feedback creates one item; the NDA's Send OTP sends one code, which then signs; no red toast after success).
import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feedback, outgoingEmails, projects } from "../../src/server/db/schema";
import { FEEDBACK_MESSAGES } from "../../src/shared/schemas/feedback";
import { createProjectWithStatus, createUser } from "../factories";
import { signedInAs } from "../setup/browser";
import { type MailJourney, startJourney } from "../setup/journey";
import { submitProfile } from "../setup/onboarding";
import { saveScreenshot } from "../setup/screen-checks";
import { codeIn, type TestSmtpServer } from "../setup/smtp";
import type { TestServer } from "../setup/test-server";

let journey: MailJourney;
let smtp: TestSmtpServer;
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  journey = await startJourney({ smtp: true });
  ({ smtp, server, browser } = journey);
});

afterAll(() => journey?.close());

/** Counts the requests the page sends to a path, by method. */
function countRequests(page: Page, method: string, path: RegExp): () => number {
  let count = 0;
  page.on("request", (request) => {
    if (request.method() === method && path.test(new URL(request.url()).pathname)) count += 1;
  });
  return () => count;
}

describe("a double click", () => {
  it("on Submit Feedback creates one item and shows one success", async () => {
    const user = await createUser(server.app.ctx.db, { email: "dbl-feedback@example.com", name: "Olive Owner" });
    const project = await createProjectWithStatus(server.app.ctx.db, { ownerId: user.id, status: "testing" });
    await server.app.ctx.db.update(projects).set({ projectName: "ClinicFlow" }).where(eq(projects.id, project.id));
    const { page, context } = await signedInAs(browser, server, user);
    const posts = countRequests(page, "POST", /\/feedback$/);
    await page.goto(`${server.url}/testing-feedback`);
    await page.getByRole("button", { name: "Submit Feedback" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Submit Feedback" });
    await dialog.getByLabel("Feedback Type").click();
    await page.getByRole("option", { name: /Error/ }).click();
    await dialog.getByLabel("Issue Faced").fill("The slot list fails to load on step 2 of booking.");
    await dialog.getByLabel("Change Needed").fill("Show the free slots for the chosen doctor.");
    await dialog.getByRole("button", { name: "Submit Feedback" }).dblclick();
    await expect.poll(() => page.getByText("Feedback submitted", { exact: false }).first().isVisible()).toBe(true);
    await expect.poll(() => dialog.count()).toBe(0);
    const items = await server.app.ctx.db.select().from(feedback).where(eq(feedback.projectId, project.id));
    expect(items).toHaveLength(1);
    expect(posts()).toBe(1);
    expect(await page.getByText(FEEDBACK_MESSAGES.submitFailed).count()).toBe(0);
    await context.close();
  });

  it("on the NDA's Send OTP sends one code, and a double click on Verify & Sign NDA signs without an error", async () => {
    const { page, context, cookie } = await signedInAs(browser, server, {
      email: "dbl-nda@example.com",
      name: "Ada Lovelace",
    });
    await submitProfile(server.app, cookie, { fullName: "Ada Lovelace" });
    const sends = countRequests(page, "POST", /^\/api\/nda\/send-otp$/);
    await page.goto(`${server.url}/onboarding`);
    await page.getByRole("tab", { name: /NDA Agreement/ }).click();
    await page.getByLabel(/I have read and agree/).click();
    await page.getByRole("tab", { name: "Type", exact: true }).click();
    await page.getByLabel("Type your full name").fill("Ada Lovelace");
    const mark = smtp.messages.length;
    await page.getByRole("button", { name: "Send OTP" }).dblclick();
    await expect.poll(() => smtp.messages.slice(mark).filter((m) => m.to === "dbl-nda@example.com").length).toBe(1);
    expect(sends()).toBe(1);
    const rows = await server.app.ctx.db.select().from(outgoingEmails).where(eq(outgoingEmails.toAddress, "dbl-nda@example.com"));
    expect(rows.filter((row) => row.kind === "nda-customer-code")).toHaveLength(1);
    const mail = smtp.messages.slice(mark).find((m) => m.to === "dbl-nda@example.com");
    await page.getByLabel("OTP code").fill(codeIn(mail?.text ?? ""));
    await page.getByRole("button", { name: "Verify & Sign NDA" }).dblclick();
    await expect.poll(() => page.getByRole("tab", { name: /Prototype Status/ }).getAttribute("aria-selected")).toBe("true");
    expect(await page.getByText("Verification Failed", { exact: false }).count()).toBe(0);
    await saveScreenshot(page, "nda-signed-after-double-click");
    await context.close();
  });
});
