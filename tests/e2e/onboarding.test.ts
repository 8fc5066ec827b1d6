// A new customer's first hour, in a real browser against the real server and a real SMTP server:
// signed in (login fixture) → company profile → NDA with a drawn signature and the emailed code →
// admin approval (API) → dashboard.
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSessionFor, createUser } from "../factories";
import { signedInAs } from "../setup/browser";
import { type MailJourney, startJourney } from "../setup/journey";
import { type CapturedMail, codeIn as codeInText, type TestSmtpServer } from "../setup/smtp";
import type { TestServer } from "../setup/test-server";

const SHOTS = process.env.E2E_SCREENSHOTS;
const CUSTOMER = { email: "ada@engines.example", name: "Ada Lovelace" };
const ADMIN = "admin@blueprint.local";

let journey: MailJourney;
let smtp: TestSmtpServer;
let server: TestServer;
let browser: Browser;
let page: Page;
let base: string;

beforeAll(async () => {
  journey = await startJourney({ smtp: true });
  ({ smtp, server, browser } = journey);
  base = server.url;
  ({ page } = await signedInAs(browser, server, CUSTOMER));
});

afterAll(() => journey?.close());

const codeIn = (mail: CapturedMail) => codeInText(mail.text);
/** Waits for the next email to `to` whose subject matches, arriving after `after` messages. */
async function nextMail(to: string, subject: RegExp, after: number): Promise<CapturedMail> {
  return smtp.waitFor((mail) => mail.to === to && subject.test(mail.subject) && smtp.messages.indexOf(mail) >= after, 15_000);
}

async function shot(name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SHOTS, `${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.evaluate(() => window.scrollTo(0, 0));
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll("body *")]
      .filter((el) => el.getBoundingClientRect().right > 376)
      .slice(0, 8)
      .map((el) => `${el.tagName}.${el.className.toString().slice(0, 80)} ${Math.round(el.getBoundingClientRect().right)}`),
  );
  expect(wide).toEqual([]);
  await page.screenshot({ path: path.join(SHOTS, `${name}-375.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The admin signs in and approves through the API, as the admin console would. */
async function approveAsAdmin(profileId: string) {
  const post = (url: string, body: object, cookie = "") =>
    fetch(`${base}${url}`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify(body),
    });
  const admin = await createUser(server.app.ctx.db, { email: ADMIN, name: "Site Admin", role: "company" });
  const { header: cookie } = await createSessionFor(server.app, admin);

  const pending = (await (await fetch(`${base}/api/company/pending-ndas`, { headers: { cookie } })).json()) as {
    items: Array<{ id: string; email: string }>;
  };
  expect(pending.items.find((p) => p.id === profileId)?.email).toBe(CUSTOMER.email);

  const mark = smtp.messages.length;
  expect((await post("/api/nda/send-company-otp", { profileId }, cookie)).status).toBe(200);
  const otp = codeIn(await nextMail(ADMIN, /NDA approval code/, mark));
  const wrong = await post("/api/company/nda/approve", { profileId, otp: otp === "111111" ? "222222" : "111111" }, cookie);
  expect(wrong.status).toBe(400);
  const approved = await post("/api/company/nda/approve", { profileId, otp }, cookie);
  expect(await approved.json()).toEqual({ success: true, message: "Customer NDA has been approved successfully" });
}

describe("a new customer's onboarding", () => {
  it("completes the profile, signs the NDA, gets it approved, and sees the dashboard follow", async () => {
    let mark = smtp.messages.length;
    await page.goto(`${base}/`);

    // A brand-new dashboard: profile first.
    const nextAction = page.getByTestId("next-action");
    await nextAction.waitFor();
    await expect.poll(() => nextAction.textContent()).toContain("Complete Your Profile");
    // The customer's own next step carries no priority label (issue 48 §4).
    expect(await nextAction.textContent()).not.toContain("priority");
    expect(await page.getByTestId("your-progress").textContent()).toContain("0% complete");
    expect(await page.getByTestId("stat-cards").textContent()).toContain("Timeline will be set after requirements approval");
    expect(await page.getByTestId("journey").locator("[data-state=current]").textContent()).toContain("Company Profile");
    await shot("dashboard-new");

    // The company profile: the NDA and prototype tabs are locked until it is saved.
    await nextAction.getByRole("link", { name: "Complete Profile" }).click();
    await page.waitForURL(`${base}/onboarding`);
    await expect.poll(() => page.getByRole("tab", { name: /NDA Agreement/ }).isDisabled()).toBe(true);
    await page.getByRole("button", { name: "Save & Continue" }).click();
    await expect.poll(() => page.getByText("Job title is required").isVisible()).toBe(true);
    await page.getByLabel("Job Title *").fill("Founder");
    await page.getByLabel("Company Name *").fill("Analytical Engines Ltd");
    await page.getByLabel("Phone Number *").fill("+44 20 7946 0958");
    await page.getByLabel("Company Size *").click();
    await page.getByRole("option", { name: "11-50 employees" }).click();
    await page.getByLabel("Industry *").click();
    await page.getByRole("option", { name: "Technology" }).click();
    await page.getByLabel("Company Address *").fill("1 Babbage Street, London");
    await page.getByLabel("Company Website").fill("http://engines.example");
    expect(await page.getByLabel("Company Website").inputValue()).toBe("engines.example");
    await page.getByLabel("Package").click();
    await page.getByRole("option", { name: /ADVANCED/ }).click();
    await shot("onboarding-company");
    await page.getByRole("button", { name: "Save & Continue" }).click();

    // Saving moves to the NDA tab.
    await expect.poll(() => page.getByRole("tab", { name: /NDA Agreement/ }).getAttribute("aria-selected")).toBe("true");
    expect(await page.getByRole("region", { name: "Agreement text" }).textContent()).toContain(
      "Ada Lovelace, acting for and on behalf of Analytical Engines Ltd",
    );
    // The code input and the signature pad appear only once the agreement is ticked.
    expect(await page.getByLabel("OTP code").count()).toBe(0);
    await page.getByLabel(/I have read and agree/).click();
    // The typed alternative renders the name in the handwriting font into a PNG; then we draw instead.
    await page.getByRole("tab", { name: "Type", exact: true }).click();
    // Not pre-filled: typing one's name is the act of signing.
    expect(await page.getByLabel("Type your full name").inputValue()).toBe("");
    await page.getByLabel("Type your full name").fill("Ada Lovelace");
    const typed = page.getByRole("img", { name: "Your typed signature: Ada Lovelace" });
    await expect
      .poll(() => typed.evaluate((canvas) => (canvas as HTMLCanvasElement).toDataURL("image/png").length), { timeout: 10_000 })
      .toBeGreaterThan(3000);
    expect(await page.evaluate(() => document.fonts.check('20px "Blueprint Signature"', "Ada"))).toBe(true);
    if (SHOTS) await typed.screenshot({ path: path.join(SHOTS, "signature-typed.png") });
    await page.getByRole("tab", { name: "Draw", exact: true }).click();
    const canvas = page.getByTestId("signature-canvas");
    await canvas.scrollIntoViewIfNeeded();
    const box = await canvas.boundingBox();
    if (!box) throw new Error("signature pad not visible");
    await page.mouse.move(box.x + 40, box.y + 120);
    await page.mouse.down();
    for (let x = 40; x <= 400; x += 12) await page.mouse.move(box.x + x, box.y + 100 + Math.sin(x / 20) * 40);
    await page.mouse.up();
    expect(await page.getByRole("button", { name: "Verify & Sign NDA" }).isDisabled()).toBe(true);

    mark = smtp.messages.length;
    await page.getByRole("button", { name: "Send OTP" }).click();
    const ndaMail = await nextMail(CUSTOMER.email, /NDA signing code/, mark);
    const notice = await nextMail(ADMIN, /NDA signature in progress/, mark);
    expect(notice.text).toContain(CUSTOMER.email);
    // Verify stays disabled with an empty code; Enter in the empty field says why.
    await page.getByLabel("OTP code").press("Enter");
    await expect.poll(() => page.getByText("Please enter your OTP code.", { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText("Missing OTP", { exact: true }).isVisible()).toBe(true);
    // A wrong code gets an error toast and leaves the NDA unsigned.
    await page.getByLabel("OTP code").fill(codeIn(ndaMail) === "111111" ? "222222" : "111111");
    await page.getByRole("button", { name: "Verify & Sign NDA" }).click();
    await expect.poll(() => page.getByText("Invalid OTP. Please try again.", { exact: true }).isVisible()).toBe(true);
    await page.getByLabel("OTP code").fill(codeIn(ndaMail));
    await shot("onboarding-nda");
    await page.getByRole("button", { name: "Verify & Sign NDA" }).click();

    // Verification moves to the Prototype Status tab (60% until completed).
    await expect.poll(() => page.getByRole("tab", { name: /Prototype Status/ }).getAttribute("aria-selected")).toBe("true");
    await expect
      .poll(() => page.getByRole("progressbar", { name: "Prototype progress" }).getAttribute("aria-valuenow"))
      .toBe("60");
    expect(await page.getByRole("tab", { name: /NDA Agreement/ }).textContent()).toContain("Complete");
    // The signed NDA tab offers the signed copy, and 'Update NDA' answers with the spec's alert.
    await page.getByRole("tab", { name: /NDA Agreement/ }).click();
    await page.getByRole("button", { name: "Update NDA" }).click();
    expect(await page.getByRole("alert").filter({ hasText: "NDA update" }).textContent()).toBe(
      "NDA update functionality coming soon",
    );

    // The dashboard now asks for the requirements (none given yet: nothing is "under review") and the NDA awaits approval.
    await page.goto(`${base}/dashboard`);
    await expect.poll(() => nextAction.textContent()).toContain("Submit Requirements");
    expect(await page.getByTestId("your-progress").textContent()).toContain("33% complete");
    expect(await page.getByTestId("stat-cards").textContent()).toContain("0 / 10");
    expect(await page.getByTestId("project-details").textContent()).toMatch(/PRJ-\d{4}-\d{4}/);
    expect(await page.getByTestId("recent-activity").textContent()).toContain("NDA signed");
    expect(await page.getByRole("complementary", { name: "Sidebar" }).textContent()).toContain("Gathering requirements");
    await page.goto(`${base}/profile`);
    await expect.poll(() => page.getByText("Pending Company Approval").isVisible()).toBe(true);

    // The company approves through the API; the customer is told by email.
    const profile = (await (await page.request.get(`${base}/api/profile`)).json()) as { id: string };
    mark = smtp.messages.length;
    await approveAsAdmin(profile.id);
    await nextMail(CUSTOMER.email, /NDA has been approved/, mark);

    await page.reload();
    await expect.poll(() => page.getByText("Signed & Approved").isVisible()).toBe(true);
    await page.getByRole("button", { name: "Update NDA" }).click();
    expect(await page.getByRole("alert").filter({ hasText: "NDA update" }).textContent()).toBe(
      "NDA update functionality coming soon",
    );
    await shot("profile-approved");
    await page.goto(`${base}/dashboard`);
    await expect.poll(() => page.getByTestId("recent-activity").textContent()).toContain("NDA approved");
    const bell = page.getByTestId("notification-bell");
    expect(await bell.getAttribute("aria-label")).toBe("Notifications, 3 unread");
    await bell.click();
    expect(await page.getByRole("menu").textContent()).toContain("NDA approved");
    await shot("dashboard-approved");
    await page.keyboard.press("Escape");

    // The signed PDF is downloadable from Project Documents, and /verify recognises it.
    const href = await page.getByTestId("project-documents").getByRole("link", { name: "Download" }).getAttribute("href");
    const pdf = await page.request.get(`${base}${href}`);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    await page.goto(`${base}/verify`);
    await page.locator("input[type=file]").setInputFiles({
      name: "NDA-Ada-Lovelace.pdf",
      mimeType: "application/pdf",
      buffer: await pdf.body(),
    });
    await expect.poll(() => page.getByRole("status").first().textContent()).toContain("Genuine: issued by Blueprint");
    expect(await page.getByRole("status").first().textContent()).toContain("Signed by the client and approved by Blueprint");
    // Beside the hash, the file's two digital signatures: the customer's seal and the company's approval.
    const seals = await page.getByRole("status").first().textContent();
    expect(seals).toContain("Digital signatures in the file");
    expect(seals?.match(/Signed by Blueprint client portal \(self-signed\) at/g)).toHaveLength(2);
    await shot("verify");
  });
});
