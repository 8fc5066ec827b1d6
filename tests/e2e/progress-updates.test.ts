// Progress updates (issue 28, part 2) in Chromium: a project in development is "Update due" in the console; the admin
// drafts an update from the project's activity, edits it, sets the health, adds a screenshot and posts it; the
// customer's dashboard, open in another browser in New York, shows it without a reload (health, when in the viewer's
// zone, by whom, the summary as Markdown, the image), and the full history is one click away.
import { and, eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outgoingEmails, projects } from "../../src/server/db/schema";
import { formatClockInZone } from "../../src/shared/domain/dates";
import { json } from "../factories";
import { type ProjectJourney, startProjectJourney } from "../setup/journey";
import { LIVE_WAIT } from "../setup/live-page";
import { checkScreenAtBothWidths } from "../setup/screen-checks";
import type { TestServer } from "../setup/test-server";

const ZONE = "America/New_York";

let journey: ProjectJourney;
let server: TestServer;
let page: Page;
let console: Page;

beforeAll(async () => {
  journey = await startProjectJourney({
    owner: { email: "updates.e2e@northside.example", name: "Priya Rao" },
    project: { status: "development", developmentStartedAt: new Date(Date.now() - 30 * 3_600_000) },
    customerContext: { timezoneId: ZONE },
    adminContext: { timezoneId: "Europe/London" },
  });
  ({ server, page } = journey);
  console = await journey.adminContext.newPage();
});
afterAll(() => journey?.close());

const card = () => page.getByTestId("latest-update");

describe("progress updates", () => {
  it("tells the customer what to expect before the first update", async () => {
    await page.goto(`${server.url}/dashboard`);
    await card()
      .getByText(/^No update yet\. While your prototype is built, the team posts a progress update here every day/)
      .waitFor();
    await page.getByText("the team posts a progress update here every day.", { exact: false }).first().waitFor();
  }, 180_000);

  it("lists the project as Update due in the console, drafts from activity, and posts: the dashboard shows it live", async () => {
    // Something happened since the project began: a message from the customer.
    const message = await server.app.inject({
      method: "POST",
      url: `/api/projects/${journey.projectId}/communications`,
      payload: { type: "message", subject: "Clinic colours", content: "Could the header use our teal?" },
      headers: { cookie: journey.owner.cookie, ...json, origin: server.url },
    });
    expect(message.statusCode).toBe(201);

    await console.goto(`${server.url}/admin?q=${journey.projectCode}&update=due`);
    const row = console.getByTestId(`project-row-${journey.projectCode}`);
    await row.getByTestId("update-due").getByText("Update due (none posted yet)").waitFor();
    await console.getByTestId("stat-updateDue").getByText("1").waitFor();
    await row.getByRole("button", { name: "View Details" }).click();
    await console.getByRole("tab", { name: "Updates" }).click();
    await console.getByRole("heading", { name: "Post a progress update" }).waitFor();

    await console.getByRole("button", { name: "Post update" }).click();
    await console.getByText("Please write the update: what changed since the last one").waitFor();

    await console.getByRole("button", { name: "Draft from activity" }).click();
    const summary = console.getByLabel("Summary");
    await expect.poll(() => summary.inputValue()).toContain("“Clinic colours”");
    expect(await summary.inputValue()).toMatch(/^Where the project stands:\n\n\*\*Messages\*\* \(1 new thread\)/);
    await summary.fill(
      `${await summary.inputValue()}\n\n**Built today:** the booking flow and the clinic calendar. The header now uses your teal.`,
    );
    await console.getByLabel("Health").click();
    await console.getByRole("option", { name: "At risk" }).click();
    await console.getByLabel("Next steps").fill("- Reminder emails\n- The waiting-list screen");
    // A real screenshot, as the team would attach one: the customer's dashboard as it looks now.
    const screenshot = await page.screenshot({ clip: { x: 0, y: 0, width: 1280, height: 720 } });
    await console.getByLabel("Add an image").setInputFiles({ name: "calendar.png", mimeType: "image/png", buffer: screenshot });
    await console.getByText("calendar.png").waitFor();
    // On a phone too the filled composer holds: no sideways scroll, nothing cut.
    await checkScreenAtBothWidths(console, "progress-update-console-composer");

    await console.getByRole("button", { name: "Post update" }).click();
    await console.getByText("Update posted").first().waitFor();
    await console.getByRole("region", { name: "Posted updates" }).getByText("The header now uses your teal.").waitFor();

    // The customer's dashboard, open all along, shows it without a reload.
    await card().getByText("The header now uses your teal.").waitFor(LIVE_WAIT);
    await card().getByTestId("update-health").getByText("At risk").waitFor();
    await card().getByText("by Ada Admin", { exact: false }).waitFor();
    await card().getByText("Reminder emails").waitFor();
    await page.getByTestId("recent-activity").getByText("PRJ", { exact: false }).first().waitFor();
    expect(await page.getByTestId("recent-activity").textContent()).not.toContain("**");
    await card().getByRole("button", { name: "Open image 1 of 1" }).waitFor();
    const posted = (await server.app.ctx.db.select().from(projects).where(eq(projects.id, journey.projectId)))[0]?.lastUpdateAt;
    expect(posted).toBeInstanceOf(Date);
    // When, in the viewer's zone (New York), not the admin's (London).
    expect(await card().locator("time").textContent()).toContain(formatClockInZone(posted as Date, ZONE));
    await checkScreenAtBothWidths(page, "progress-update-dashboard", card());

    const emails = await server.app.ctx.db
      .select()
      .from(outgoingEmails)
      .where(and(eq(outgoingEmails.toAddress, journey.owner.email), eq(outgoingEmails.kind, "project-update")));
    expect(emails).toHaveLength(1);
    expect(emails[0]?.subject).toBe(`Progress update (At risk): ClinicFlow (${journey.projectCode})`);

    await console.reload();
    await console.getByTestId(`project-row-${journey.projectCode}`).waitFor({ state: "detached" });
    await console.getByTestId("stat-updateDue").getByText("0").waitFor();
  }, 240_000);

  it("keeps the full history one click away, newest first", async () => {
    const second = await journey.asAdmin("POST", `/api/company/projects/${journey.projectId}/updates`, {
      summary: "Reminder emails are in. **Back on track.**",
      health: "on_track",
    });
    expect(second.statusCode).toBe(201);
    await card().getByText("Back on track.").waitFor(LIVE_WAIT);
    await card().getByTestId("update-health").getByText("On track").waitFor();
    await card().getByRole("button", { name: "All updates (2)" }).click();
    const history = page.getByTestId("update-history");
    await expect.poll(() => history.getByTestId("progress-update").count()).toBe(2);
    expect(await history.getByTestId("update-health").allTextContents()).toEqual(["On track", "At risk"]);
    await checkScreenAtBothWidths(page, "progress-update-history");
  }, 180_000);
});
