// One clock in the browser: a customer whose browser is in New York. The app stores that zone on first load; a meeting
// at 03:30 UTC on 26 November reads as the evening of 25 November with the zone named, on Meeting Requests and on the
// dashboard; the NDA's "Signed on" agrees with the dashboard's documents; choosing another zone on /profile moves
// every screen to it. The profile's Time Zone card is checked at 1280 and 375 px.
import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityEvents, meetingRequests, users } from "../../src/server/db/schema";
import { recordActivity } from "../../src/server/features/activity/record-activity";
import { instantMarker } from "../../src/shared/domain/dates";
import { createCompletedProfile, newProject, type SignedInUser, signedInUser } from "../factories";
import { signedInAs } from "../setup/browser";
import { type Journey, startJourney } from "../setup/journey";
import { checkScreen, DESKTOP } from "../setup/screen-checks";
import type { TestServer } from "../setup/test-server";

const MEETING_AT = new Date("2026-11-26T03:30:00.000Z");
// 02:00 UTC on 24 November: still the 23rd in New York, already the 24th in Auckland.
const NDA_SIGNED_AT = new Date("2026-11-24T02:00:00.000Z");

let journey: Journey;
let server: TestServer;
let browser: Browser;
let page: Page;
let owner: SignedInUser;

const storedZone = async () =>
  (await server.app.ctx.db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, owner.userId)))[0]?.timeZone;

beforeAll(async () => {
  journey = await startJourney();
  ({ server, browser } = journey);
  owner = await signedInUser(server.app, { email: "zones.e2e@northside.example", name: "Nell York" });
  const db = server.app.ctx.db;
  await createCompletedProfile(db, { userId: owner.userId, ndaStatus: "customer_verified", ndaSignedAt: NDA_SIGNED_AT });
  const project = await newProject(server.app, owner);
  // A meeting the team scheduled for 03:30 UTC (written as the admin's response writes it: the request and the event).
  await db.insert(meetingRequests).values({
    projectId: project.id,
    requestedBy: owner.userId,
    subject: "Time zone review",
    urgency: "medium",
    status: "scheduled",
    scheduledAt: MEETING_AT,
    meetingLink: "https://meet.google.com/abc-defg-hij",
    invitationSentAt: new Date(),
  });
  await recordActivity(db, {
    userId: owner.userId,
    projectId: project.id,
    type: "meeting.responded",
    title: "Meeting scheduled: Time zone review",
    description: `${instantMarker(MEETING_AT)} (30 minutes)`,
    notify: true,
  });
  ({ page } = await signedInAs(browser, server, owner, { viewport: DESKTOP, timezoneId: "America/New_York" }));
});

afterAll(() => journey?.close());

const recentActivity = () => page.getByTestId("recent-activity");

describe("one clock", () => {
  it("stores the browser's zone the first time the app loads", async () => {
    expect(await storedZone()).toBeNull();
    await page.goto(`${server.url}/dashboard`);
    await expect.poll(storedZone, { timeout: 10_000 }).toBe("America/New_York");
  });

  it("shows the 03:30 UTC meeting as 25 November, 22:30 EST on Meeting Requests and the dashboard", async () => {
    await page.goto(`${server.url}/meeting-requests`);
    const request = page.getByRole("listitem").filter({ hasText: "Time zone review" });
    await request.getByText("Wednesday, 25 November 2026, 22:30 EST").waitFor();

    await page.goto(`${server.url}/dashboard`);
    await recentActivity().getByText("Wednesday, 25 November 2026, 22:30 EST (30 minutes)").waitFor();
    expect(await recentActivity().textContent()).not.toContain("[[at:");
  });

  it("says the same day for the NDA on the profile and on the dashboard's documents", async () => {
    await page.getByRole("heading", { name: "Project Documents" }).waitFor();
    await page.getByText("23 November 2026").first().waitFor();
    await page.goto(`${server.url}/profile`);
    await page.getByText("Signed on 23 November 2026").waitFor();
  });

  it("lays out the Time Zone card at 1280 and 375 px", async () => {
    const card = page.getByRole("heading", { name: "Time Zone" });
    await card.scrollIntoViewIfNeeded();
    expect(await page.getByTestId("time-zone-now").textContent()).toContain("Now in America/New York");
    await checkScreen(page, "clock-profile-time-zone");
    await page.setViewportSize({ width: 375, height: 800 });
    await card.scrollIntoViewIfNeeded();
    await checkScreen(page, "clock-profile-time-zone");
    await page.setViewportSize({ width: 1280, height: 900 });
  }, 180_000);

  it("choosing Pacific/Auckland on /profile moves every screen to Auckland's time", async () => {
    // A search that leaves one zone chooses it.
    await page.getByLabel("Search time zones").fill("auckland");
    await expect.poll(() => page.getByLabel("Time zone", { exact: true }).textContent()).toContain("Pacific/Auckland");
    await page.getByRole("button", { name: "Save time zone" }).click();
    await page.getByText("Time zone saved").first().waitFor();
    await expect.poll(storedZone).toBe("Pacific/Auckland");

    // The open page follows at once, without a reload.
    await page.getByText("Signed on 24 November 2026").waitFor();
    expect(await page.getByTestId("time-zone-now").textContent()).toContain("Now in Pacific/Auckland");
    await checkScreen(page, "clock-profile-time-zone-saved");
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole("heading", { name: "Time Zone" }).scrollIntoViewIfNeeded();
    await checkScreen(page, "clock-profile-time-zone-saved");
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.goto(`${server.url}/meeting-requests`);
    const request = page.getByRole("listitem").filter({ hasText: "Time zone review" });
    await request.getByText(/Thursday, 26 November 2026, 16:30 (GMT\+13|NZDT)/).waitFor();

    await page.goto(`${server.url}/dashboard`);
    await recentActivity()
      .getByText(/Thursday, 26 November 2026, 16:30 (GMT\+13|NZDT) \(30 minutes\)/)
      .waitFor();
    await page.getByText("24 November 2026").first().waitFor();
  }, 180_000);

  it("keeps the stored zone on the next load, whatever the browser says", async () => {
    await page.reload();
    await recentActivity()
      .getByText(/Thursday, 26 November 2026, 16:30/)
      .waitFor();
    expect(await storedZone()).toBe("Pacific/Auckland");
    const events = await server.app.ctx.db
      .select({ description: activityEvents.description })
      .from(activityEvents)
      .where(eq(activityEvents.userId, owner.userId));
    expect(events.map((e) => e.description)).toContain(`[[at:${MEETING_AT.toISOString()}]] (30 minutes)`);
  });

  it("says once which zone times are shown in when the browser is elsewhere, and 'Keep' puts it away for good", async () => {
    const notice = page.getByTestId("time-zone-notice");
    await notice.waitFor();
    expect(await notice.textContent()).toContain(
      "Dates and times are shown in Pacific/Auckland, the time zone saved on your account. This browser is in America/New York.",
    );
    await notice.getByRole("button", { name: "Switch to America/New York" }).waitFor();
    await checkScreen(page, "clock-time-zone-notice");
    await page.setViewportSize({ width: 375, height: 800 });
    await checkScreen(page, "clock-time-zone-notice");
    await page.setViewportSize({ width: 1280, height: 900 });
    await notice.getByRole("button", { name: "Keep Pacific/Auckland" }).click();
    await notice.waitFor({ state: "detached" });
    await page.reload();
    await recentActivity()
      .getByText(/Thursday, 26 November 2026, 16:30/)
      .waitFor();
    expect(await page.getByTestId("time-zone-notice").count()).toBe(0);
    expect(await storedZone()).toBe("Pacific/Auckland");
  });
});

describe("a browser that reports a legacy zone name", () => {
  it("stores and shows Asia/Kolkata for a browser in Asia/Calcutta, and says nothing about a difference", async () => {
    const user = await signedInUser(server.app, { email: "calcutta.e2e@northside.example", name: "Kiran Kolkata" });
    const zone = async () =>
      (await server.app.ctx.db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, user.userId)))[0]?.timeZone;
    const { context: indiaContext, page: indiaPage } = await signedInAs(browser, server, user, {
      viewport: { width: 1280, height: 900 },
      timezoneId: "Asia/Calcutta",
    });
    await indiaPage.goto(`${server.url}/profile`);
    await expect.poll(zone, { timeout: 10_000 }).toBe("Asia/Kolkata");
    // The page learns the stored zone from the save's answer, a moment after the database has it.
    await indiaPage.getByTestId("time-zone-now").waitFor();
    await expect
      .poll(() => indiaPage.getByTestId("time-zone-now").textContent(), { timeout: 10_000 })
      .toContain("Now in Asia/Kolkata");
    await expect
      .poll(() => indiaPage.getByLabel("Time zone", { exact: true }).textContent(), { timeout: 10_000 })
      .toContain("Asia/Kolkata");
    expect(await indiaPage.getByRole("button", { name: /Use this browser's zone/ }).count()).toBe(0);
    expect(await indiaPage.getByTestId("time-zone-notice").count()).toBe(0);
    // The old name finds the zone under its current one.
    await indiaPage.getByLabel("Search time zones").fill("calcutta");
    await indiaPage.getByLabel("Time zone", { exact: true }).click();
    // The list's code loads on that first press (components/ui/select.tsx): read the options once it is open.
    await indiaPage.getByRole("listbox").waitFor();
    expect(await indiaPage.getByRole("option").allTextContents()).toEqual(["Asia/Kolkata"]);
    await indiaContext.close();
  });
});

describe("the admin's clock", () => {
  it("an admin chooses their zone from the user menu, and the console's meeting times follow", async () => {
    const admin = await signedInUser(server.app, { email: "admin@blueprint.local", name: "Zed Admin", role: "company" });
    const adminZone = async () =>
      (await server.app.ctx.db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, admin.userId)))[0]?.timeZone;
    const { context: adminContext, page: adminPage } = await signedInAs(browser, server, admin, {
      timezoneId: "America/New_York",
    });
    await adminPage.goto(`${server.url}/admin?tab=meetings`);
    await expect.poll(adminZone, { timeout: 10_000 }).toBe("America/New_York");
    await adminPage
      .getByText(/25 November 2026, 22:30/)
      .first()
      .waitFor();

    await adminPage.getByRole("button", { name: "User menu" }).click();
    await adminPage.getByRole("menuitem", { name: "Time Zone" }).click();
    const dialog = adminPage.getByRole("dialog", { name: "Time Zone" });
    await dialog.getByLabel("Search time zones").fill("auckland");
    await checkScreen(adminPage, "clock-admin-time-zone");
    await dialog.getByLabel("Time zone", { exact: true }).click();
    await adminPage.getByRole("option", { name: "Pacific/Auckland" }).click();
    await dialog.getByRole("button", { name: "Save time zone" }).click();
    await adminPage.getByText("Time zone saved").first().waitFor();
    await expect.poll(adminZone).toBe("Pacific/Auckland");
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "hidden" });
    await adminPage
      .getByText(/26 November 2026, 16:30/)
      .first()
      .waitFor();
    await adminPage.setViewportSize({ width: 375, height: 800 });
    await adminPage.getByRole("button", { name: "User menu" }).click();
    await adminPage.getByRole("menuitem", { name: "Time Zone" }).click();
    await checkScreen(adminPage, "clock-admin-time-zone");
    await adminPage.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });

    // The browser is still in New York: the console says so, and "Switch" stores the browser's zone.
    const notice = adminPage.getByTestId("time-zone-notice");
    await notice.getByRole("button", { name: "Switch to America/New York" }).click();
    await expect.poll(adminZone).toBe("America/New_York");
    await notice.waitFor({ state: "detached" });
    await adminPage
      .getByText(/25 November 2026, 22:30/)
      .first()
      .waitFor();
    await adminContext.close();
  }, 180_000);
});
