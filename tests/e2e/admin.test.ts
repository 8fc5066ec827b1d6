// The admin console in Chromium: find a project, change its status, fill a payment phase and see the customer's
// dashboard follow, upload a BRD (and have a renamed .exe refused), approve an NDA with the emailed company code,
// export the filtered list as CSV. Screenshots at 1280 and 375 px go to test-results/.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projects, requirements } from "../../src/server/db/schema";
import { CONSOLE_TABS } from "../../src/shared/console-tabs";
import { acceptProposal, type SignedInUser, signedInUser } from "../factories";
import { signInContext } from "../setup/browser";
import { GOOD_FEEDBACK } from "../setup/feedback";
import { type MailJourney, startJourney } from "../setup/journey";
import { signNdaFor, submitProfile } from "../setup/onboarding";
import { saveScreenshot } from "../setup/screen-checks";
import { codeIn, type TestSmtpServer } from "../setup/smtp";
import type { TestServer } from "../setup/test-server";

const ADMIN = "admin@blueprint.local";

let journey: MailJourney;
let smtp: TestSmtpServer;
let server: TestServer;
let browser: Browser;
let admin: SignedInUser;
let customer: SignedInUser;
let project: { id: string; projectCode: string };

async function contextFor(user: SignedInUser, width = 1280): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, acceptDownloads: true });
  await signInContext(context, server, user);
  return context;
}

beforeAll(async () => {
  journey = await startJourney({ smtp: true });
  ({ smtp, server, browser } = journey);
  admin = await signedInUser(server.app, { email: ADMIN, name: "Site Admin", role: "company" });
  customer = await signedInUser(server.app, { email: "grace.e2e@compilers.example", name: "Grace Hopper" });
  await submitProfile(server.app, customer.cookie, { fullName: "Grace Hopper", company: "Compilers Inc" });
  await signNdaFor(server.app, customer.cookie, customer.email);
  const res = await server.app.inject({ method: "GET", url: "/api/projects", headers: { cookie: customer.cookie } });
  project = res.json().items[0];
  await server.app.inject({
    method: "PATCH",
    url: `/api/company/projects/${project.id}`,
    headers: { cookie: admin.cookie },
    payload: { projectName: "Compiler Dashboard" },
  });
});

afterAll(() => journey?.close());

describe("the admin console", () => {
  it("finds a project by code and by name, and keeps the search in the URL", async () => {
    const context = await contextFor(admin);
    const page = await context.newPage();
    await page.goto(`${server.url}/company`);
    await page.getByRole("heading", { name: "System Admin" }).waitFor();
    await page.getByTestId("stat-totalProjects").getByText("1").waitFor();
    const search = page.getByLabel("Search projects");
    await search.fill(project.projectCode);
    await search.press("Enter");
    await page.waitForURL(/q=PRJ-/);
    await page.getByTestId(`project-row-${project.projectCode}`).waitFor();
    await search.fill("compiler dash");
    await search.press("Enter");
    await page.getByTestId(`project-row-${project.projectCode}`).waitFor();
    await search.fill("nothing-like-this");
    await search.press("Enter");
    await page.getByText("No projects found matching your filters.").waitFor();
    await page.goto(`${server.url}/admin?q=${encodeURIComponent("Grace")}`);
    await page.getByTestId(`project-row-${project.projectCode}`).waitFor();
    await saveScreenshot(page, "admin-console");
    await context.close();
  });

  it("changes the status inline", async () => {
    const context = await contextFor(admin);
    const page = await context.newPage();
    await page.goto(`${server.url}/company?q=${project.projectCode}`);
    await page.getByLabel(`Status of ${project.projectCode}`).click();
    await page.getByRole("option", { name: "Development in progress" }).click();
    await page.getByText("Project status updated successfully").first().waitFor();
    await context.close();
  });

  it("saves a payment phase and the customer's dashboard shows it", async () => {
    const context = await contextFor(admin);
    const page = await context.newPage();
    await page.goto(`${server.url}/company?q=${project.projectCode}`);
    await page.getByRole("button", { name: "Edit Details" }).click();
    await page.getByLabel("Advance amount").fill("2,500");
    await page.getByLabel("Advance payment link").fill("https://pay.example/advance-42");
    await page.getByRole("button", { name: "Save Project Details" }).click();
    await page.getByText("All details saved. Customers will see the updated information immediately.").first().waitFor();
    await saveScreenshot(page, "admin-edit");
    await context.close();

    const customerContext = await contextFor(customer);
    const dashboard = await customerContext.newPage();
    await dashboard.goto(`${server.url}/dashboard`);
    const card = dashboard.getByTestId("payment-advance");
    await card.getByText("2,500.00 USD").waitFor();
    // No way to pay before the brief is confirmed and the proposal accepted (decision 0040), and the card says why.
    await card
      .getByTestId("payment-advance-awaits-proposal")
      .getByText(/once your brief is confirmed/)
      .waitFor();
    expect(await card.getByRole("link", { name: /pay/i }).count()).toBe(0);
    await server.app.ctx.db
      .insert(requirements)
      .values({ projectId: project.id, projectName: "Grace", problemStatement: "Rotas by hand.", briefConfirmed: true })
      .onConflictDoUpdate({ target: requirements.projectId, set: { briefConfirmed: true } });
    await acceptProposal(server.app.ctx.db, { projectId: project.id });
    await dashboard.reload();
    await card.getByText("2,500.00 USD").waitFor();
    expect(await card.getByRole("link", { name: /pay/i }).getAttribute("href")).toBe("https://pay.example/advance-42");
    await customerContext.close();
  });

  it("uploads a BRD and refuses a renamed .exe", async () => {
    const dir = path.join(tmpdir(), `bp-brd-${Date.now()}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "Compiler BRD.pdf"), "%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
    writeFileSync(path.join(dir, "setup.pdf"), Buffer.concat([Buffer.from("MZ\x90\x00"), Buffer.alloc(256, 7)]));
    const context = await contextFor(admin);
    const page = await context.newPage();
    await page.goto(`${server.url}/company?q=${project.projectCode}`);
    const input = page.getByLabel(`Upload BRD for ${project.projectCode}`);
    await input.setInputFiles(path.join(dir, "setup.pdf"));
    await page.getByText("Please upload a PDF or document file").first().waitFor();
    await input.setInputFiles(path.join(dir, "Compiler BRD.pdf"));
    await page.getByText("BRD document uploaded successfully").first().waitFor();
    await page.getByText("BRD: Compiler BRD.pdf").waitFor();
    await context.close();

    // The customer's Project Documents list the stored BRD and the signed NDA with their real sizes.
    const customerContext = await contextFor(customer);
    const dashboard = await customerContext.newPage();
    await dashboard.goto(`${server.url}/dashboard`);
    const documents = dashboard.getByTestId("project-documents");
    await documents.getByText("Compiler BRD.pdf").waitFor();
    await documents.getByText(/^PDF • 48 B • /).waitFor();
    await documents
      .getByText(/^PDF • \d+ KB • /)
      .first()
      .waitFor();
    await documents.scrollIntoViewIfNeeded();
    await saveScreenshot(dashboard, "admin-customer-documents");
    await customerContext.close();
  });

  it("approves an NDA with the company code from the admin's email", async () => {
    const context = await contextFor(admin);
    const page = await context.newPage();
    await page.goto(`${server.url}/company?tab=nda`);
    const row = page.getByTestId(`pending-nda-${customer.email}`);
    await row.getByRole("button", { name: "Approve" }).click();
    await page.getByText("Please enter the OTP code").first().waitFor();
    const sentAfter = smtp.messages.length;
    await row.getByRole("button", { name: "Send OTP" }).click();
    await page.getByText("Company OTP has been sent to admin email. Enter the OTP and click Approve.").first().waitFor();
    const mail = await smtp.waitFor(
      (m) => m.to === ADMIN && /NDA approval code/.test(m.subject) && smtp.messages.indexOf(m) >= sentAfter,
    );
    await row.getByLabel(`Company OTP for ${customer.email}`).fill(codeIn(mail.text));
    await row.getByRole("button", { name: "Approve" }).click();
    await page.getByText("Customer NDA has been approved successfully").first().waitFor();
    await page.getByText("No pending NDA approvals").waitFor();
    // The approved NDA stays in the history: who signed it, and who approved it.
    await page.getByRole("combobox", { name: "NDA status" }).click();
    await page.getByRole("option", { name: "Approved" }).click();
    const history = page.getByTestId(`approved-nda-${customer.email}`);
    await history.waitFor();
    expect(await history.textContent()).toMatch(new RegExp(`signed .+Approved .+ by ${ADMIN}`));
    expect(page.url()).toContain("nda-status=approved");
    await context.close();
  });

  it("answers a feedback item: a response, then marked done", async () => {
    const sent = await server.app.inject({
      method: "POST",
      url: `/api/projects/${project.id}/feedback`,
      headers: { cookie: customer.cookie },
      payload: GOOD_FEEDBACK,
    });
    expect(sent.statusCode).toBe(201);
    const feedbackId = sent.json().id as string;
    const context = await contextFor(admin);
    const page = await context.newPage();
    await page.goto(`${server.url}/company?tab=feedback`);
    const item = page.getByTestId("feedback-item").filter({ hasText: GOOD_FEEDBACK.issueFaced });
    await item.getByText(project.projectCode).waitFor();
    await page.getByLabel("Feedback status filter").click();
    await page.getByRole("option", { name: "Done" }).click();
    await page.getByText("No feedback found matching your filters.").waitFor();
    await page.getByLabel("Feedback status filter").click();
    await page.getByRole("option", { name: "Pending" }).click();
    await item.getByLabel(/Admin response to feedback/).fill("Fixed in the build of Friday: the button saves every time.");
    await item.getByRole("button", { name: "Save Response" }).click();
    await page.getByText("Feedback updated successfully").first().waitFor();
    await item.getByText("Fixed in the build of Friday: the button saves every time.").first().waitFor();
    await saveScreenshot(page, "admin-feedback");
    await item.getByLabel(/Status of feedback/).click();
    await page.getByRole("option", { name: "Done" }).click();
    await page.getByText("No feedback found matching your filters.").waitFor();

    const list = await server.app.inject({
      method: "GET",
      url: `/api/projects/${project.id}/feedback`,
      headers: { cookie: customer.cookie },
    });
    expect(list.json().items.find((f: { id: string }) => f.id === feedbackId)).toMatchObject({
      status: "done",
      adminComment: "Fixed in the build of Friday: the button saves every time.",
    });
    await context.close();
  });

  it("answers a meeting request in the Respond dialog", async () => {
    const asked = await server.app.inject({
      method: "POST",
      url: `/api/projects/${project.id}/meeting-requests`,
      headers: { cookie: customer.cookie },
      payload: { subject: "Walk through the prototype", description: "", preferredDates: "Tuesday morning", urgency: "high" },
    });
    expect(asked.statusCode).toBe(201);
    const context = await contextFor(admin);
    const page = await context.newPage();
    await page.goto(`${server.url}/company?tab=meetings`);
    await page.getByRole("heading", { name: "Meeting Requests Management (1)" }).waitFor();
    const row = page.getByRole("listitem").filter({ hasText: "Walk through the prototype" });
    await row.getByRole("button", { name: "Respond" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Status").click();
    await page.getByRole("option", { name: "Scheduled" }).click();
    await dialog.getByLabel("Meeting link").fill("https://meet.google.com/abc-defg-hij");
    const when = new Date(Date.now() + 3 * 24 * 3600_000);
    when.setMinutes(0, 0, 0);
    const local = new Date(when.getTime() - when.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    await dialog.getByLabel("Scheduled time").fill(local);
    await dialog.getByLabel("Admin notes").fill("We will share the staging link in the call.");
    await saveScreenshot(page, "admin-respond");
    await dialog.getByRole("button", { name: "Send Response" }).click();
    await page.getByText("Meeting request updated").first().waitFor();
    await row.getByText("Scheduled", { exact: true }).first().waitFor();

    const mine = await server.app.inject({
      method: "GET",
      url: `/api/projects/${project.id}/meeting-requests`,
      headers: { cookie: customer.cookie },
    });
    expect(mine.json().items[0]).toMatchObject({
      status: "scheduled",
      meetingLink: "https://meet.google.com/abc-defg-hij",
      scheduledAt: when.toISOString(),
      adminNotes: "We will share the staging link in the call.",
    });
    await context.close();
  });

  it("exports the filtered list as CSV", async () => {
    const context = await contextFor(admin);
    const page = await context.newPage();
    await page.goto(`${server.url}/company?q=${project.projectCode}`);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-csv").click()]);
    const file = readFileSync((await download.path()) ?? "", "utf8").replace(/^\uFEFF/, "");
    const lines = file.trim().split("\r\n");
    expect(lines[0]).toMatch(/^Project Code,Project Name,Customer,/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(project.projectCode);
    expect(lines[1]).toContain("Grace Hopper");
    await context.close();
  });

  it("lays every tab out at 1280 and 375 px", async () => {
    for (const width of [1280, 375]) {
      const context = await contextFor(admin, width);
      const page = await context.newPage();
      await page.goto(`${server.url}/company`);
      await page.getByTestId("admin-projects").waitFor();
      if (width === 375) await saveScreenshot(page, "admin-console");
      for (const tab of CONSOLE_TABS.filter((tab) => tab !== "projects")) {
        await page.goto(`${server.url}/company?tab=${tab}`);
        await page.getByRole("tabpanel").waitFor();
        await page.getByRole("tabpanel").locator("[aria-busy='true']").first().waitFor({ state: "detached" });
        await saveScreenshot(page, `admin-tab-${tab}`);
      }
      await context.close();
    }
  });

  it("pages with Previous and Next, keeping the page number in the URL", async () => {
    // 30 more projects, created a second apart before Grace's: two pages at 25 a page, newest first.
    await server.app.ctx.db.insert(projects).values(
      Array.from({ length: 30 }, (_, index) => ({
        userId: customer.userId,
        projectCode: `PRJ-2000-${String(index + 1).padStart(4, "0")}`,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, index)),
      })),
    );
    await server.app.changeFeed.caughtUp();
    const context = await contextFor(admin);
    const page = await context.newPage();
    await page.goto(`${server.url}/company`);
    const pager = page.getByRole("navigation", { name: "Pages" });
    await pager.getByText("1–25 of 31").waitFor();
    await pager.getByRole("button", { name: "Next" }).click();
    await page.waitForURL(/page=2$/);
    await pager.getByText("26–31 of 31").waitFor();
    // The oldest six, in order: rows 26-31 of the newest-first list.
    await page.getByTestId("project-row-PRJ-2000-0001").waitFor();
    const codes = await page
      .getByTestId("admin-projects")
      .locator("[data-testid^='project-row-']")
      .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-testid")?.replace("project-row-", "")));
    expect(codes).toEqual(["PRJ-2000-0006", "PRJ-2000-0005", "PRJ-2000-0004", "PRJ-2000-0003", "PRJ-2000-0002", "PRJ-2000-0001"]);
    await page.reload();
    await pager.getByText("26–31 of 31").waitFor();
    await saveScreenshot(page, "admin-projects-page-2");
    await page.setViewportSize({ width: 375, height: 900 });
    await saveScreenshot(page, "admin-projects-page-2");
    await pager.getByRole("button", { name: "Previous" }).click();
    await pager.getByText("1–25 of 31").waitFor();
    expect(new URL(page.url()).search).toBe("");
    await page.getByTestId(`project-row-${project.projectCode}`).waitFor();
    await context.close();
  });
});
