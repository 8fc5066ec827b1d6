// General support in Chromium (issue 31): a brand-new customer (no profile, no NDA, so no project) follows the
// dashboard's Contact Support to /communications, which shows their General support conversation instead of
// "No Project Found", and sends a message; the admin finds it in the Inbox labelled General support with the
// customer's name and email, opens it and answers; the customer sees the answer.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newProject, type SignedInUser, signedInUser } from "../factories";
import { signedInAs } from "../setup/browser";
import { ADMIN, type Journey, startJourney } from "../setup/journey";
import { expectArrivedLive, LIVE_WAIT, markDocument, recordLivePage } from "../setup/live-page";
import { checkScreenAtBothWidths, SCREEN_CHECKS_TIMEOUT } from "../setup/screen-checks";
import type { TestServer } from "../setup/test-server";

let journey: Journey;
let server: TestServer;
let browser: Browser;
let admin: SignedInUser;
let nova: SignedInUser;
let customer: { context: BrowserContext; page: Page };
/** Where the customer's page log stood just before the admin answered. */
let logAt = 0;
let adminSide: { context: BrowserContext; page: Page };

beforeAll(async () => {
  journey = await startJourney();
  ({ server, browser } = journey);
  admin = await signedInUser(server.app, ADMIN);
  // Signed in only: no company profile, no NDA, no project.
  nova = await signedInUser(server.app, { email: "nova.support@newco.example", name: "Nova Newcomer" });
  customer = await signedInAs(browser, server, nova, undefined, recordLivePage);
  adminSide = await signedInAs(browser, server, admin);
});

afterAll(() => journey?.close());

describe("General support for a customer with no project", () => {
  it(
    "Contact Support on the dashboard opens General support, not 'No Project Found', and the message is sent",
    async () => {
      const { page } = customer;
      await page.goto(`${server.url}/dashboard`);
      await page.getByRole("link", { name: "Contact Support" }).click();
      await page.getByRole("heading", { name: "New Communication · General support" }).waitFor();
      await page.waitForURL(`${server.url}/communications?scope=general`);
      expect(await page.getByText("No Project Found").count()).toBe(0);
      await page.getByText("You have no project yet, and you can still reach us").waitFor();
      await checkScreenAtBothWidths(page, "general-support-compose");

      await page.getByLabel("Subject").fill("Where do I start?");
      await page.getByRole("textbox", { name: "Message" }).fill("We would like a **booking app**. What comes first?");
      await page.getByRole("button", { name: "Send Message" }).click();
      await page.getByText("Communication sent successfully").first().waitFor();
      const section = page.locator("section", { has: page.getByRole("heading", { name: "General support" }) });
      await section.getByText("Where do I start?").waitFor();

      const saved = await server.app.inject({
        method: "GET",
        url: "/api/projects/general/communications",
        headers: { cookie: nova.cookie },
      });
      expect(saved.json()).toMatchObject({ items: [{ subject: "Where do I start?", projectId: null }], total: 1 });
    },
    SCREEN_CHECKS_TIMEOUT,
  );

  it(
    "the admin sees it in the Inbox as General support with the customer's name and email, and answers it",
    async () => {
      const { page } = adminSide;
      await page.goto(`${server.url}/admin?tab=inbox`);
      const row = page
        .getByRole("list", { name: "Conversations" })
        .getByRole("listitem")
        .filter({ hasText: "Where do I start?" });
      await row.getByText("General support").waitFor(LIVE_WAIT);
      await row.getByText("Nova Newcomer · nova.support@newco.example").waitFor();
      // The General support filter shows it too.
      await page.getByRole("button", { name: "General support", exact: true, pressed: false }).click();
      await page.getByRole("button", { name: "General support", exact: true, pressed: true }).waitFor();
      await row.waitFor(LIVE_WAIT);
      await checkScreenAtBothWidths(page, "inbox-general-support");

      await row.getByRole("button").click();
      const thread = page.getByRole("article", { name: "Where do I start?" });
      await thread.locator("strong", { hasText: "booking app" }).waitFor();
      // The customer's page stays open on General support while the company answers.
      logAt = await markDocument(customer.page);
      await thread.getByLabel("Reply to Where do I start?").fill("Welcome! Start with your company profile, then the NDA.");
      await thread.getByRole("button", { name: "Send Reply" }).click();
      await page.getByText("Reply sent").first().waitFor();
      await thread.getByRole("list", { name: "Replies" }).getByText("Start with your company profile").waitFor();
      await checkScreenAtBothWidths(page, "inbox-general-support-thread");
    },
    SCREEN_CHECKS_TIMEOUT,
  );

  it(
    "the customer's open page shows the answer, marked new, through the live stream without a reload",
    async () => {
      const { page } = customer;
      const card = page.locator("li", { hasText: "Where do I start?" }).first();
      // Sooner than the 30 s fallback poll: the answer's notification event named the customer, and the page asked for
      // its General support threads after it, in the same document.
      await card.getByText("1 new").waitFor(LIVE_WAIT);
      await expectArrivedLive(page, logAt, `activity_events.user_id:${nova.userId}`, "/api/projects/general/communications");
      await card.getByRole("button", { expanded: false }).click();
      await card.getByText("Start with your company profile").first().waitFor();
      await expect
        .poll(async () => {
          const res = await server.app.inject({
            method: "GET",
            url: "/api/projects/general/communications",
            headers: { cookie: nova.cookie },
          });
          return res.json().items[0].unreadCount;
        }, LIVE_WAIT)
        .toBe(0);
      await checkScreenAtBothWidths(page, "general-support-thread");
    },
    SCREEN_CHECKS_TIMEOUT,
  );

  it(
    "a customer with a project still reaches General support beside the project's threads",
    async () => {
      const owen = await signedInUser(server.app, { email: "owen.owner@oldco.example", name: "Owen Owner" });
      const project = await newProject(server.app, owen);
      const { context, page } = await signedInAs(browser, server, owen);
      try {
        await page.goto(`${server.url}/communications`);
        const chooser = page.getByRole("group", { name: "Conversation" });
        await chooser.getByRole("button", { name: `Project ${project.projectCode}`, pressed: true }).waitFor();
        await page.getByRole("heading", { name: "Messages" }).waitFor();

        await chooser.getByRole("button", { name: "General support", pressed: false }).click();
        await chooser.getByRole("button", { name: "General support", pressed: true }).waitFor();
        await page.waitForURL(/scope=general/);
        await page.getByRole("heading", { name: "General support" }).waitFor();
        // Not the newcomer's notice: this customer has a project.
        expect(await page.getByText("You have no project yet").count()).toBe(0);
        await page.getByRole("button", { name: "New Message" }).click();
        await page.getByLabel("Subject").fill("Invoice address");
        await page.getByRole("textbox", { name: "Message" }).fill("Please send invoices to accounts@oldco.example.");
        await page.getByRole("button", { name: "Send Message" }).click();
        await page.getByText("Communication sent successfully").first().waitFor();
        await page.locator("li", { hasText: "Invoice address" }).first().waitFor();
        await checkScreenAtBothWidths(page, "general-support-with-project");

        // It went to General support, not to the project.
        const inProject = await server.app.inject({
          method: "GET",
          url: `/api/projects/${project.id}/communications`,
          headers: { cookie: owen.cookie },
        });
        expect(inProject.json()).toMatchObject({ items: [], total: 0 });
        // Back to the project's conversation.
        await chooser.getByRole("button", { name: `Project ${project.projectCode}` }).click();
        await page.getByRole("heading", { name: "Messages" }).waitFor();
        expect(new URL(page.url()).searchParams.get("scope")).toBeNull();
      } finally {
        await context.close();
      }
    },
    SCREEN_CHECKS_TIMEOUT,
  );
});
