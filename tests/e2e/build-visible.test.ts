// The build, visible (issue 28), in Chromium for a customer in Kolkata (UTC+05:30): the dashboard names what starts
// the delivery clock; the advance recorded with the brief confirmed starts it and the dashboard shows the due time in
// the viewer's zone and the hours left, live; the team publishes version 1 from the console (the clock stops, the
// project moves to testing); the customer reports feedback on it; version 2 ends the round, and Testing & Feedback
// shows the version in the viewer, the history with release notes and the version each item was reported against.
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projects } from "../../src/server/db/schema";
import { formatClockInZone, formatDayInZone, zoneAbbreviation } from "../../src/shared/domain/dates";
import { json } from "../factories";
import { GOOD_FEEDBACK } from "../setup/feedback";
import { type ProjectJourney, startProjectJourney } from "../setup/journey";
import { LIVE_WAIT } from "../setup/live-page";
import { checkScreen, checkScreenAtBothWidths, scrollToTop } from "../setup/screen-checks";
import type { TestServer } from "../setup/test-server";

const ZONE = "Asia/Kolkata";
const HOUR = 3_600_000;

let journey: ProjectJourney;
let server: TestServer;
let page: Page;

beforeAll(async () => {
  journey = await startProjectJourney({
    owner: { email: "build.e2e@northside.example", name: "Priya Rao" },
    confirmedBrief: {},
    customerContext: { timezoneId: ZONE },
    adminContext: { timezoneId: "Europe/London" },
  });
  ({ server, page } = journey);
});
afterAll(() => journey?.close());

const clock = () => page.getByTestId("delivery-clock");

describe("the delivery clock on the dashboard", () => {
  it("names the missing step before it starts", async () => {
    await page.goto(`${server.url}/dashboard`);
    await clock().getByText("Your 48-hour clock has not started yet").waitFor();
    await clock().getByText("It starts as soon as the advance payment is received.").waitFor();
    await checkScreenAtBothWidths(page, "build-clock-waiting", clock());
  }, 180_000);

  it("starts when the advance is recorded and shows the due time in the viewer's zone, arriving live", async () => {
    const res = await journey.asAdmin("PATCH", `/api/company/projects/${journey.projectId}`, {
      advancePaymentReceivedDate: "2026-11-27",
    });
    expect(res.statusCode).toBe(200);
    const due = new Date(res.json().deliveryDueAt);
    expect(due.getTime() - new Date(res.json().deliveryStartedAt).getTime()).toBe(48 * HOUR);
    // No reload: the project's change notice refreshes the dashboard.
    await clock()
      .getByText(/^4[78] hours left$/)
      .waitFor(LIVE_WAIT);
    const expected = `${formatDayInZone(due, ZONE)}, ${formatClockInZone(due, ZONE)} ${zoneAbbreviation(due, ZONE)}`;
    await clock().getByText(`Prototype due ${expected}`).waitFor();
    expect(await clock().textContent()).toContain("Your 48-hour delivery clock is running.");
    await checkScreenAtBothWidths(page, "build-clock-running", clock());
  }, 180_000);
});

describe("versions, rounds and feedback", () => {
  it("publishes version 1 from the console's project details", async () => {
    // The clock ran 41 hours before the team published (the run-up is written straight to the row).
    await server.app.ctx.db
      .update(projects)
      .set({ deliveryStartedAt: new Date(Date.now() - 41 * HOUR), deliveryDueAt: new Date(Date.now() + 7 * HOUR) })
      .where(eq(projects.id, journey.projectId));
    const console = await journey.adminContext.newPage();
    await console.goto(`${server.url}/admin?q=${journey.projectCode}`);
    const row = console.getByTestId(`project-row-${journey.projectCode}`);
    await row.getByText(/Due .* [67] hours left/).waitFor();
    await row.getByRole("button", { name: "View Details" }).click();
    await console.getByRole("tab", { name: "Versions" }).click();
    await console.getByRole("heading", { name: "Publish version 1" }).waitFor();
    await console.getByLabel("Prototype URL").fill("http://intranet.local/app");
    await console.getByLabel("Release notes").fill("First prototype: the booking flow and the clinic calendar.");
    await console.getByRole("button", { name: "Publish version 1" }).click();
    await console.getByText("The prototype URL must start with https://").waitFor();
    await console.getByLabel("Prototype URL").fill(`${journey.prototypeUrl}/`);
    await console.getByRole("button", { name: "Publish version 1" }).click();
    await console.getByText("Version 1 published").first().waitFor();
    await console.getByRole("heading", { name: "Publish version 2" }).waitFor();
    await console.getByTestId("version-item").getByText("First prototype: the booking flow and the clinic calendar.").waitFor();
    await scrollToTop(console);
    await checkScreen(console, "build-console-versions");
    await console.close();

    const [after] = await server.app.ctx.db.select().from(projects).where(eq(projects.id, journey.projectId));
    expect(after?.status).toBe("testing");
    expect(after?.deliveredAt).toBeInstanceOf(Date);
  }, 180_000);

  it("says on the dashboard how long delivery took", async () => {
    await page.goto(`${server.url}/dashboard`);
    await clock().getByText("Delivered in 41 hours").waitFor();
    await clock().getByText("Within the 48 hours promised.").waitFor();
    await checkScreenAtBothWidths(page, "build-clock-delivered", clock());
  }, 180_000);

  it("shows the version in the viewer, the history, and the version each item was reported on", async () => {
    await page.goto(`${server.url}/testing-feedback`);
    await page.getByTestId("viewer-version").getByText("Version 1").waitFor();
    const reported = await server.app.inject({
      method: "POST",
      url: `/api/projects/${journey.projectId}/feedback`,
      payload: { ...GOOD_FEEDBACK, issueFaced: "The Book button does nothing on the second step." },
      headers: { cookie: journey.owner.cookie, ...json },
    });
    expect(reported.json()).toMatchObject({ versionNumber: 1, round: 1 });
    const v2 = await journey.asAdmin("POST", `/api/company/projects/${journey.projectId}/versions`, {
      url: `${journey.prototypeUrl}/v2`,
      releaseNotes: "Fixes **the Book button** on the second step.\n\n- Slots load faster",
    });
    expect(v2.statusCode).toBe(201);
    await page.getByTestId("viewer-version").getByText("Version 2").waitFor(LIVE_WAIT);
    await expect.poll(() => page.getByTestId("version-item").count()).toBe(2);
    await page.getByText("Reported on version 1").first().waitFor();
    await page.getByText("Round 2 of 3").first().waitFor();
    await page.getByTestId("version-item").first().getByText("Slots load faster").waitFor();
    await checkScreenAtBothWidths(page, "build-versions-testing");
  }, 180_000);
});
