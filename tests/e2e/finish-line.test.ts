// The finish line (issue 30) in Chromium for a customer in New York: the dashboard shows the access date and the days
// left in the viewer's zone with the banner of the last 30 days, and leads to the approval; the customer approves
// version 2, downloads the acceptance certificate and the hand-over package from the dashboard, and invites a
// developer after completion. Then the access date passes: the viewer and the Prototype Status tab say why the
// prototype is closed and whom to ask (no Open Prototype, no address on the page), and an admin extends the date in
// the console (a date in the past is refused with the field's message). Pictures at 1280 and 375 px
// (docs/screenshots/finish-*.png with SCREENSHOTS=1).
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectMembers, projects } from "../../src/server/db/schema";
import { ACCESS_EXPIRY_MESSAGES, accessExpiryView } from "../../src/shared/domain/access-expiry";
import { type ProjectJourney, startProjectJourney } from "../setup/journey";
import { checkScreen, checkScreenAtBothWidths } from "../setup/screen-checks";
import type { TestServer } from "../setup/test-server";

const ZONE = "America/New_York";
const DAY = 86_400_000;

let journey: ProjectJourney;
let server: TestServer;
let page: Page;

/** A deployment date that puts the access expiry `days` from now (negative: already passed). */
function deploymentFor(days: number): string {
  const at = new Date(Date.now() + days * DAY);
  at.setUTCFullYear(at.getUTCFullYear() - 1);
  return at.toISOString();
}

beforeAll(async () => {
  journey = await startProjectJourney({
    owner: { email: "finish.e2e@northside.example", name: "Nora Finch" },
    project: { status: "development" },
    confirmedBrief: { generatedBrief: "# ClinicFlow\n\nPatients book online in one minute." },
    customerContext: { timezoneId: ZONE, acceptDownloads: true },
    adminContext: { timezoneId: ZONE },
  });
  ({ server, page } = journey);
  for (const n of [1, 2]) {
    const published = await journey.asAdmin("POST", `/api/company/projects/${journey.projectId}/versions`, {
      url: `${journey.prototypeUrl}/v${n}`,
      releaseNotes: `Version ${n}: the booking flow${n === 2 ? " with reminders" : ""}.`,
    });
    expect(published.statusCode, published.body).toBe(201);
  }
  // Deployed 11 months and some days ago: the access ends in 20 days.
  const deployed = await journey.asAdmin("PATCH", `/api/company/projects/${journey.projectId}`, {
    deploymentDate: deploymentFor(20),
  });
  expect(deployed.statusCode, deployed.body).toBe(200);
});
afterAll(() => journey?.close());

async function expiryRow() {
  const [row] = await server.app.ctx.db.select().from(projects).where(eq(projects.id, journey.projectId));
  return row?.customerAccessExpiryDate?.toISOString() ?? null;
}

describe("the customer at the finish line", () => {
  it("sees the access date with the days left in their zone, the banner, and the way to approve version 2", async () => {
    await page.goto(`${server.url}/dashboard`);
    const view = accessExpiryView({ customerAccessExpiryDate: await expiryRow() }, new Date(), ZONE);
    if (!view) throw new Error("no expiry");
    const banner = page.getByTestId("access-expiry-banner");
    await banner.getByText(`Access to ${journey.projectCode} ends in ${view.daysLeft} days (${view.date})`).waitFor();
    await page.getByTestId("project-details").getByText(`${view.date}`).waitFor();
    expect(await page.getByTestId("access-until").textContent()).toContain(`${view.daysLeft} days left`);
    const approval = page.getByTestId("dashboard-approval");
    await approval.getByText("Version 2 is ready for your decision").waitFor();
    await checkScreenAtBothWidths(page, "finish-dashboard");

    await page.goto(`${server.url}/profile`);
    await page.getByText("Access until").waitFor();
    expect(await page.getByTestId("access-until").textContent()).toContain(`${view.date} · ${view.daysLeft} days left`);
  }, 180_000);

  it("approves version 2 from the dashboard's entry point", async () => {
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole("link", { name: "Approve or request changes" }).click();
    const card = page.getByTestId("acceptance-card");
    await card.getByRole("button", { name: "Approve version 2" }).click();
    // Before confirming, the approval says what it leaves open: the unused rounds and the unpaid balance.
    const warnings = page.getByRole("alertdialog").getByTestId("approval-warnings");
    await warnings.getByText("iteration rounds are unused", { exact: false }).waitFor();
    expect(await warnings.textContent()).toContain("The balance payment is not received yet");
    await checkScreen(page, "finish-approval-warnings");
    await page.getByRole("alertdialog").getByRole("button", { name: "Approve" }).click();
    await page.getByTestId("handover-card").waitFor();
    const [row] = await server.app.ctx.db.select().from(projects).where(eq(projects.id, journey.projectId));
    expect(row?.status).toBe("completed");
    expect(row?.acceptedAt).toBeInstanceOf(Date);
  }, 180_000);

  it("downloads the acceptance certificate and the hand-over package from the dashboard", async () => {
    await page.goto(`${server.url}/dashboard`);
    const card = page.getByTestId("dashboard-handover");
    await card.waitFor();
    await checkScreenAtBothWidths(page, "finish-completed");

    const [certificate] = await Promise.all([
      page.waitForEvent("download"),
      card.getByRole("link", { name: "Acceptance certificate (PDF)" }).click(),
    ]);
    expect(certificate.suggestedFilename()).toMatch(/\.pdf$/);
    const certificateBytes = await streamBytes(await certificate.createReadStream());
    expect(certificateBytes.subarray(0, 5).toString()).toBe("%PDF-");

    const [handover] = await Promise.all([
      page.waitForEvent("download"),
      card.getByRole("link", { name: "Download hand-over package" }).click(),
    ]);
    expect(handover.suggestedFilename()).toMatch(/\.zip$/);
    const zip = await streamBytes(await handover.createReadStream());
    expect(zip.subarray(0, 2).toString()).toBe("PK");
    expect(zip.includes(Buffer.from("index.md"))).toBe(true);
  }, 180_000);

  it("invites a developer after completion", async () => {
    await page.goto(`${server.url}/user-management`);
    await page.getByRole("button", { name: "Add User" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Email Address").fill("dev.lead@northside.example");
    await dialog.getByRole("combobox", { name: "Access Level" }).click();
    await page.getByRole("option", { name: /^Admin/ }).click();
    await dialog.getByRole("button", { name: "Add User" }).click();
    await page.getByText("dev.lead@northside.example").first().waitFor();
    const members = await server.app.ctx.db.select().from(projectMembers).where(eq(projectMembers.projectId, journey.projectId));
    expect(members.map((m) => m.email)).toEqual(["dev.lead@northside.example"]);
  }, 180_000);
});

describe("access that ends, and the company's extension", () => {
  it("after the date: the viewer and invitations say why they are closed and whom to ask", async () => {
    const ended = await journey.asAdmin("PATCH", `/api/company/projects/${journey.projectId}`, {
      deploymentDate: deploymentFor(-2),
    });
    expect(ended.statusCode, ended.body).toBe(200);
    await page.goto(`${server.url}/testing-feedback`);
    await page.getByRole("heading", { name: "Prototype access has ended" }).waitFor();
    await page.getByText(ACCESS_EXPIRY_MESSAGES.prototypeClosed).waitFor();
    await page.getByTestId("access-expiry-banner").getByText(`Access to ${journey.projectCode} ended on`).waitFor();
    expect(await page.locator("iframe").count()).toBe(0);
    await checkScreenAtBothWidths(page, "finish-expired");

    await page.goto(`${server.url}/user-management`);
    await page.getByTestId("invitations-closed").getByText(ACCESS_EXPIRY_MESSAGES.invitationsClosed).waitFor();
    expect(await page.getByRole("button", { name: "Add User" }).first().isDisabled()).toBe(true);

    // The Prototype Status tab no longer offers the prototype, and says why.
    await page.goto(`${server.url}/onboarding`);
    await page.getByRole("tab", { name: /Prototype Status/ }).click();
    await page.getByTestId("prototype-access-ended").getByText(ACCESS_EXPIRY_MESSAGES.prototypeClosed).waitFor();
    await page.getByRole("link", { name: "Go to Dashboard" }).waitFor();
    expect(await page.getByRole("link", { name: /Open Prototype/ }).count()).toBe(0);
    expect(await page.content()).not.toContain(journey.prototypeUrl);
  }, 180_000);

  it("an admin extends the expired project; a date in the past is refused; the customer's viewer opens again", async () => {
    const consolePage = await journey.adminContext.newPage();
    await consolePage.goto(`${server.url}/company?q=${journey.projectCode}`);
    await consolePage.getByTestId(`project-row-${journey.projectCode}`).getByRole("button", { name: "Edit Details" }).click();
    const extend = consolePage.getByTestId("extend-access");
    await extend.scrollIntoViewIfNeeded();
    const before = await expiryRow();

    const dayOf = (at: Date) => at.toLocaleDateString("en-CA", { timeZone: ZONE });
    await extend.getByLabel("Extend access until").fill(dayOf(new Date(Date.now() - 3 * DAY)));
    await extend.getByRole("button", { name: "Extend access" }).click();
    await extend.getByText(ACCESS_EXPIRY_MESSAGES.extensionPast).waitFor();
    expect(await expiryRow()).toBe(before);

    const until = dayOf(new Date(Date.now() + 90 * DAY));
    await extend.getByLabel("Extend access until").fill(until);
    await extend.getByRole("button", { name: "Extend access" }).click();
    await consolePage.getByText("Access extended").first().waitFor();
    await expect.poll(expiryRow).not.toBe(before);
    await extend.scrollIntoViewIfNeeded();
    await checkScreen(consolePage, "finish-extend");
    await consolePage.setViewportSize({ width: 375, height: 800 });
    await extend.scrollIntoViewIfNeeded();
    await checkScreen(consolePage, "finish-extend");
    await consolePage.close();

    await page.goto(`${server.url}/testing-feedback`);
    await page.locator("iframe").waitFor();
    expect(await page.getByTestId("access-expiry-banner").count()).toBe(0);
  }, 180_000);
});

async function streamBytes(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}
