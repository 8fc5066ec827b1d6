// Meeting Requests in the browser: 'No Project Found', the request dialog with its rules and urgency meanings, the
// list and stats, the admin's scheduling arriving live, the booking page in a new tab and 'Popup Blocked'.
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { meetingRequests } from "../../src/server/db/schema";
import { json, newProject, type SignedInUser, signedInUser } from "../factories";
import { signedInAs } from "../setup/browser";
import { ADMIN, type Journey, startJourney } from "../setup/journey";
import { expectArrivedLive, LIVE_WAIT, markDocument, recordLivePage } from "../setup/live-page";
import { saveScreenshot } from "../setup/screen-checks";
import type { TestServer } from "../setup/test-server";

const BOOKING = "https://calendly.com/blueprint-test/30min";
let journey: Journey;
let server: TestServer;
let context: BrowserContext;
let page: Page;
let owner: SignedInUser;
let admin: string;
let projectId: string;

beforeAll(async () => {
  journey = await startJourney({ env: { CALENDLY_BOOKING_URL: BOOKING } });
  server = journey.server;
  owner = await signedInUser(server.app, { email: "meetings.e2e@northside.example", name: "Mel Meeting" });
  admin = (await signedInUser(server.app, ADMIN)).cookie;
  ({ context, page } = await signedInAs(journey.browser, server, owner, undefined, recordLivePage));
  // The booking page is outside the test: answer it locally so no request leaves the machine.
  await context.route("https://calendly.com/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<title>Booking</title>" }),
  );
});

afterAll(() => journey?.close());

const stat = (label: string) =>
  page.getByRole("region", { name: "Meeting request summary" }).locator("div", { hasText: label }).last();

describe("Meeting Requests", () => {
  it("says 'No Project Found' before there is a project", async () => {
    await page.goto(`${server.url}/meeting-requests`);
    await page.getByRole("heading", { name: "No Project Found" }).waitFor();
    await page.getByRole("link", { name: "Complete Profile Setup" }).waitFor();
  });

  it("requests a meeting: the rules, the urgency meanings, the list and the stats", async () => {
    projectId = (await newProject(server.app, owner)).id;
    await page.reload();
    await page.getByText("No meeting requests yet").waitFor();
    expect(await stat("Total Requests").textContent()).toContain("0");

    await page.getByRole("button", { name: "Request Meeting" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Request Meeting" });
    for (const meaning of ["Within a week", "Within 2-3 days", "Within 24 hours"])
      await dialog.getByText(meaning, { exact: true }).waitFor();
    expect(await dialog.getByRole("radio", { name: /Medium/ }).isChecked()).toBe(true);
    await dialog.getByRole("button", { name: "Submit Request" }).click();
    await dialog.getByText("Subject is required").waitFor();
    if (process.env.SCREENSHOTS === "1") {
      await page.setViewportSize({ width: 375, height: 800 });
      await saveScreenshot(page, "meetings-dialog");
      await page.setViewportSize({ width: 1280, height: 900 });
    }

    await dialog.getByLabel("Subject").fill("Walk through the booking flow");
    await dialog.getByLabel("Description").fill("We want to show the demo to our clinic managers.");
    await dialog.getByLabel("Preferred Dates & Times").fill("Tuesday afternoon");
    await dialog.getByText("High", { exact: true }).click();
    await dialog.getByRole("button", { name: "Submit Request" }).click();
    await page.getByText("Your meeting request has been sent to the admin team.", { exact: true }).waitFor();
    const item = page.locator("li", { hasText: "Walk through the booking flow" });
    await item.getByText("Pending").waitFor();
    await item.getByText("High urgency").waitFor();
    await item.getByText("Preferred: Tuesday afternoon").waitFor();
    await expect.poll(async () => stat("Pending").textContent()).toContain("1");
  });

  it("the admin's scheduling arrives without a reload: Scheduled, the time, Join Meeting, the response", async () => {
    const list = await server.app.inject({ method: "GET", url: "/api/company/meeting-requests", headers: { cookie: admin } });
    const id = list.json().items[0].id;
    const logAt = await markDocument(page);
    const res = await server.app.inject({
      method: "PATCH",
      url: `/api/company/meeting-requests/${id}`,
      payload: {
        status: "scheduled",
        meetingLink: "https://meet.google.com/abc-defg-hij",
        scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
        adminNotes: "See you there — bring your questions.",
      },
      headers: { cookie: admin, ...json, origin: server.url },
    });
    expect(res.statusCode).toBe(200);
    const item = page.locator("li", { hasText: "Walk through the booking flow" });
    // Cause, not speed: the stream named this project's meeting requests, the page refetched its list after that event,
    // and the document is the one loaded before the change (no reload brought it). The 15 s is only a safety net.
    await item.getByText("Scheduled", { exact: true }).waitFor(LIVE_WAIT);
    await expectArrivedLive(
      page,
      logAt,
      `meeting_requests.project_id:${projectId}`,
      `/api/projects/${projectId}/meeting-requests`,
    );
    expect(await item.getByRole("link", { name: "Join Meeting" }).getAttribute("href")).toBe(
      "https://meet.google.com/abc-defg-hij",
    );
    await item.getByText("See you there — bring your questions.").waitFor();
    await expect.poll(async () => stat("Scheduled").textContent()).toContain("1");
  });

  it("the booking card opens the booking page in a new tab", async () => {
    const [tab] = await Promise.all([
      context.waitForEvent("page"),
      page.getByRole("button", { name: "Book a 30-minute call" }).click(),
    ]);
    await tab.waitForURL(BOOKING);
    await tab.close();
  });

  it("reports 'Popup Blocked' when the browser blocks the new tab", async () => {
    await page.evaluate(() => {
      window.open = () => null;
    });
    await page.getByRole("button", { name: "Book a 30-minute call" }).click();
    await page.getByText("Popup Blocked").first().waitFor();
    await page.getByText("Please allow popups and try again").first().waitFor();
  });

  it("pages a long list of requests: 10 a page, the older ones on the next", async () => {
    // Stored directly (the write allowance would stop 12 requests), an hour apart and older than the one above.
    const start = Date.now() - 48 * 3_600_000;
    await server.app.ctx.db.insert(meetingRequests).values(
      Array.from({ length: 12 }, (_, i) => ({
        projectId,
        requestedBy: owner.userId,
        subject: `Earlier call ${i + 1}`,
        createdAt: new Date(start + i * 3_600_000),
      })),
    );
    await page.goto(`${server.url}/meeting-requests`);
    const pages = page.getByRole("navigation", { name: "Pages" });
    await pages.getByText("1–10 of 13").waitFor();
    const list = page.getByRole("region", { name: "Your Requests" });
    await list.getByText("Earlier call 12", { exact: true }).waitFor();
    await pages.getByRole("button", { name: "Next" }).click();
    await list.getByText("Earlier call 1", { exact: true }).waitFor();
    await pages.getByText("11–13 of 13").waitFor();
    expect(await list.getByText("Earlier call 12", { exact: true }).count()).toBe(0);
    await pages.getByRole("button", { name: "Previous" }).click();
    await list.getByText("Earlier call 12", { exact: true }).waitFor();
  });

  it("looks finished at 1280 and 375 px", async () => {
    await page.reload();
    await page.getByText("Walk through the booking flow").waitFor();
    await saveScreenshot(page, "meetings");
    await page.setViewportSize({ width: 375, height: 800 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await saveScreenshot(page, "meetings");
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
