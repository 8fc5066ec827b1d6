// The company's inbox in Chromium: a customer writes and the admin's Inbox shows it unread and waiting; the admin
// opens it from its link (/admin?tab=inbox&thread=…), sees the Markdown rendered and replies inline, and the customer
// sees the reply; the admin starts a meeting in a second customer's project from New message; a customer's proposed
// meeting shows its time and link; an old unanswered message and an old urgent meeting request show Overdue and are
// counted in the header; the header's search narrows the Projects list as the admin types.

import { eq } from "drizzle-orm";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { communications, meetingRequests, projects } from "../../src/server/db/schema";
import { formatClockInZone, zoneAbbreviation } from "../../src/shared/domain/dates";
import type { CommunicationId } from "../../src/shared/domain/ids";
import { json, newProject, type SignedInUser, signedInUser } from "../factories";
import { signedInAs } from "../setup/browser";
import { dateTimeLocalIn } from "../setup/datetime-local";
import { ADMIN, type Journey, startJourney } from "../setup/journey";
import { LIVE_WAIT } from "../setup/live-page";
import { checkScreenAtBothWidths, SCREEN_CHECKS_TIMEOUT } from "../setup/screen-checks";
import type { TestServer } from "../setup/test-server";

const ZONE = "America/New_York";

let journey: Journey;
let server: TestServer;
let browser: Browser;
let admin: SignedInUser;
let nora: SignedInUser;
let otto: SignedInUser;
let noraProject: { id: string; projectCode: string };
let ottoProject: { id: string; projectCode: string };
let _adminContext: BrowserContext;
let page: Page;
let threadId: CommunicationId;
let oldThreadId: CommunicationId;

const post = (projectId: string, who: SignedInUser, payload: object) =>
  server.app.inject({
    method: "POST",
    url: `/api/projects/${projectId}/communications`,
    payload,
    headers: { cookie: who.cookie, ...json },
  });

/** The screen state at 1280 px and at 375 px, then back to 1280. */
const checkBothWidths = (name: string) => checkScreenAtBothWidths(page, `inbox-${name}`);

beforeAll(async () => {
  journey = await startJourney();
  ({ server, browser } = journey);
  admin = await signedInUser(server.app, ADMIN);
  nora = await signedInUser(server.app, { email: "nora.inbox@northside.example", name: "Nora North" });
  otto = await signedInUser(server.app, { email: "otto.inbox@eastside.example", name: "Otto East" });
  noraProject = await newProject(server.app, nora);
  ottoProject = await newProject(server.app, otto);

  // Otto asked ten days ago and nobody answered: overdue.
  const old = await post(ottoProject.id, otto, {
    type: "message",
    subject: "Invoice address",
    content: "Please change the invoice address.",
    meetingUrl: null,
    scheduledFor: null,
  });
  oldThreadId = old.json().id;
  const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000);
  await server.app.ctx.db
    .update(communications)
    .set({ createdAt: tenDaysAgo, lastActivityAt: tenDaysAgo, lastCustomerActivityAt: tenDaysAgo })
    .where(eq(communications.id, oldThreadId));

  // An urgent meeting request two days old, still pending: overdue.
  const request = await server.app.inject({
    method: "POST",
    url: `/api/projects/${ottoProject.id}/meeting-requests`,
    payload: { subject: "Urgent: launch blocker", urgency: "high" },
    headers: { cookie: otto.cookie, ...json },
  });
  await server.app.ctx.db
    .update(meetingRequests)
    .set({ createdAt: new Date(Date.now() - 2 * 86_400_000) })
    .where(eq(meetingRequests.id, request.json().id));

  ({ context: _adminContext, page } = await signedInAs(browser, server, admin, {
    viewport: { width: 1280, height: 900 },
    timezoneId: ZONE,
    locale: "en-US",
  }));
});

afterAll(() => journey?.close());

describe("the company's inbox", () => {
  it(
    "shows a customer's new message unread and waiting for us, and the old one overdue and counted in the header",
    async () => {
      const res = await post(noraProject.id, nora, {
        type: "message",
        subject: "Sign-in options",
        content: "Can we add **Google** sign-in?\n\n- for staff\n- for guests",
        meetingUrl: null,
        scheduledFor: null,
      });
      expect(res.statusCode).toBe(201);
      threadId = res.json().id;

      await page.goto(`${server.url}/admin?tab=inbox`);
      const list = page.getByRole("list", { name: "Conversations" });
      const row = list.getByRole("listitem").filter({ hasText: "Sign-in options" });
      await row.waitFor();
      await row.getByText("Unread").waitFor();
      // Waiting for us, with its 4-hour support clock (shared/domain/service-levels.ts).
      await row.getByText(/^Due in \d+ (min|h)$/).waitFor();
      await row.getByText(noraProject.projectCode).waitFor();
      // Newest activity first: Nora's new thread above Otto's old one.
      await expect.poll(() => list.getByRole("listitem").first().textContent(), LIVE_WAIT).toContain("Sign-in options");
      const old = list.getByRole("listitem").filter({ hasText: "Invoice address" });
      await old.getByText(/^Overdue by \d+ days$/).waitFor();
      await page.getByRole("link", { name: "1 overdue message" }).waitFor();
      await page.getByRole("link", { name: "1 overdue meeting request" }).waitFor();
      await checkBothWidths("list");
    },
    SCREEN_CHECKS_TIMEOUT,
  );

  it("keeps the view in the URL, and the header's count opens the overdue threads", async () => {
    await page.getByRole("button", { name: /^Waiting for us/ }).click();
    await page.waitForURL(/inbox-show=waiting/);
    await page.reload();
    await page.getByRole("button", { name: /^Waiting for us/, pressed: true }).waitFor();
    await page.getByRole("link", { name: "1 overdue message" }).click();
    await page.waitForURL(/inbox-show=overdue/);
    const list = page.getByRole("list", { name: "Conversations" });
    await list.getByText("Invoice address").waitFor();
    await expect.poll(() => list.getByRole("listitem").count(), LIVE_WAIT).toBe(1);
  });

  it(
    "opens a thread from its link with the Markdown rendered, marks it read for the company, and replies inline",
    async () => {
      await page.goto(`${server.url}/admin?tab=inbox&thread=${threadId}`);
      const thread = page.getByRole("article", { name: "Sign-in options" });
      await thread.getByRole("heading", { name: /Sign-in options/ }).waitFor();
      await thread.locator("strong", { hasText: "Google" }).waitFor();
      await thread.getByRole("listitem").filter({ hasText: "for guests" }).waitFor();
      expect(await thread.getByText("**Google**").count()).toBe(0);
      await expect
        .poll(async () => {
          const one = await server.app.inject({
            method: "GET",
            url: `/api/company/communications/${threadId}`,
            headers: { cookie: admin.cookie },
          });
          return one.json().companyUnread;
        }, LIVE_WAIT)
        .toBe(false);
      await checkBothWidths("thread");

      await thread.getByLabel("Reply to Sign-in options").fill("Yes — we will add **Google** sign-in next week.");
      await thread.getByRole("button", { name: "Send Reply" }).click();
      await page.getByText("Reply sent").first().waitFor();
      await thread.getByRole("list", { name: "Replies" }).getByText("we will add").waitFor();

      // The customer sees the answer in their own thread.
      const customer = await signedInAs(browser, server, nora);
      await customer.page.goto(`${server.url}/communications?thread=${threadId}`);
      await customer.page.getByText("we will add").first().waitFor();
      await customer.context.close();

      // Answered: no longer waiting for us.
      await page.getByRole("button", { name: "Back to inbox" }).click();
      await page.getByRole("button", { name: /^Waiting for us/ }).click();
      await page.getByRole("list", { name: "Conversations" }).getByText("Invoice address").waitFor();
      await expect
        .poll(() => page.getByRole("list", { name: "Conversations" }).getByText("Sign-in options").count(), LIVE_WAIT)
        .toBe(0);
    },
    SCREEN_CHECKS_TIMEOUT,
  );

  it("shows a customer's proposed meeting with its time in the viewer's zone and its link", async () => {
    // Two hours from now's hour, so the row's own time (the thread's, now) never shows the same clock reading.
    const at = new Date(Date.now() + 3 * 86_400_000 + 2 * 3_600_000);
    at.setUTCMinutes(30, 0, 0);
    const res = await post(noraProject.id, nora, {
      type: "meeting",
      subject: "Walkthrough call",
      content: "Let us walk through the prototype.",
      meetingUrl: "https://meet.google.com/abc-defg-hij",
      scheduledFor: at.toISOString(),
    });
    expect(res.statusCode).toBe(201);
    await page.goto(`${server.url}/admin?tab=inbox`);
    const row = page.getByRole("list", { name: "Conversations" }).getByRole("listitem").filter({ hasText: "Walkthrough call" });
    // The one clock's format ("01:30 EST"), in the admin's zone.
    const time = `${formatClockInZone(at, ZONE)} ${zoneAbbreviation(at, ZONE)}`;
    await row.getByText(time).waitFor();
    await row.getByRole("button").click();
    const thread = page.getByRole("article", { name: "Walkthrough call" });
    await thread.getByRole("link", { name: "https://meet.google.com/abc-defg-hij" }).waitFor();
    await thread.getByText(time).first().waitFor();
  });

  it(
    "starts a meeting in a second customer's project from New message",
    async () => {
      await page.goto(`${server.url}/admin?tab=inbox`);
      await page.getByRole("button", { name: "New message" }).click();
      const dialog = page.getByRole("dialog", { name: "New message" });
      await dialog.waitFor();
      await dialog.getByRole("button", { name: "Send Message" }).click();
      await dialog.getByText("Please choose a project").waitFor();
      await dialog.getByText("Subject is required").waitFor();
      await checkBothWidths("new-message");

      await dialog.getByLabel("Project").click();
      await page.getByRole("option", { name: new RegExp(ottoProject.projectCode) }).click();
      await dialog.getByLabel("Type").click();
      await page.getByRole("option", { name: "Meeting" }).click();
      await dialog.getByLabel("Subject").fill("Kick-off call");
      await dialog.getByLabel("Meeting Link").fill("https://meet.google.com/xyz-abcd-efg");
      const next = new Date(Date.now() + 2 * 86_400_000);
      const local = dateTimeLocalIn(next, ZONE);
      await dialog.getByLabel("Date & Time").fill(local);
      await dialog.getByLabel("Agenda").fill("Meet the team and agree the **plan**.");
      await dialog.getByRole("button", { name: "Schedule Meeting" }).click();
      await page.getByText("Communication sent successfully").first().waitFor();
      const thread = page.getByRole("article", { name: "Kick-off call" });
      await thread.getByText(ottoProject.projectCode).waitFor();
      await thread.locator("strong", { hasText: "plan" }).waitFor();

      const otto_ = await server.app.inject({
        method: "GET",
        url: `/api/projects/${ottoProject.id}/communications`,
        headers: { cookie: otto.cookie },
      });
      expect(otto_.json().items).toEqual(
        expect.arrayContaining([expect.objectContaining({ subject: "Kick-off call", type: "meeting", fromCompany: true })]),
      );
    },
    SCREEN_CHECKS_TIMEOUT,
  );

  it("marks the overdue meeting request in Meeting Requests, opened from the header's count", async () => {
    await page.goto(`${server.url}/admin`);
    await page.getByRole("link", { name: "1 overdue meeting request" }).click();
    await page.waitForURL(/meetings-due=overdue/);
    const item = page.getByRole("listitem").filter({ hasText: "Urgent: launch blocker" });
    await item.getByText(/^Overdue by /).waitFor();
  });

  it("narrows the Projects list as the admin types, without Enter, and keeps q in the URL", async () => {
    await page.goto(`${server.url}/admin?tab=inbox`);
    await page.getByRole("tab", { name: "Inbox", selected: true }).waitFor();
    await page.goto(`${server.url}/admin`);
    await page.getByTestId(`project-row-${ottoProject.projectCode}`).waitFor();
    await page.getByTestId(`project-row-${noraProject.projectCode}`).waitFor();
    await page.getByLabel("Search projects").pressSequentially(noraProject.projectCode, { delay: 30 });
    await page.waitForURL(new RegExp(`q=${noraProject.projectCode}`));
    await page.getByTestId(`project-row-${noraProject.projectCode}`).waitFor();
    await expect.poll(() => page.getByTestId(`project-row-${ottoProject.projectCode}`).count(), LIVE_WAIT).toBe(0);
    await page.reload();
    expect(await page.getByLabel("Search projects").inputValue()).toBe(noraProject.projectCode);
  });

  it(
    "finds a project past the first hundred by search, in the project filter and in New message",
    async () => {
      // 120 more projects for Otto, coded after every other: the lists by code hold the first 100.
      await server.app.ctx.db.insert(projects).values(
        Array.from({ length: 120 }, (_, index) => ({
          userId: otto.userId,
          projectCode: `PRJ-2099-${String(index + 1).padStart(4, "0")}`,
          projectName: `Bulk project ${index + 1}`,
        })),
      );
      const last = "PRJ-2099-0120";
      await page.goto(`${server.url}/admin?tab=inbox`);
      const finder = page.getByRole("searchbox", { name: "Find by code or customer" });
      await finder.fill(last);
      await page.getByRole("combobox", { name: "Project filter" }).click();
      await page.getByRole("option", { name: new RegExp(last) }).click();
      await page.waitForURL(/inbox-project=/);
      await page.getByText("No conversations yet").waitFor();

      await page.getByRole("button", { name: "New message" }).click();
      const dialog = page.getByRole("dialog", { name: "New message" });
      await dialog.getByRole("searchbox", { name: "Find by code or customer" }).fill("2099-0117");
      await dialog.getByLabel("Project").click();
      await page.getByRole("option", { name: /PRJ-2099-0117/ }).click();
      await dialog.getByLabel("Subject").fill("Kick-off for the bulk project");
      await dialog.getByRole("textbox", { name: /^Message/ }).fill("Hello Otto, shall we start?");
      await dialog.getByRole("button", { name: "Send Message" }).click();
      await page.getByRole("heading", { name: "Kick-off for the bulk project" }).waitFor();
      const [thread] = await server.app.ctx.db
        .select({ projectCode: projects.projectCode })
        .from(communications)
        .innerJoin(projects, eq(projects.id, communications.projectId))
        .where(eq(communications.subject, "Kick-off for the bulk project"));
      expect(thread?.projectCode).toBe("PRJ-2099-0117");
    },
    SCREEN_CHECKS_TIMEOUT,
  );
});
