// Communications in the browser: Contact Support opens the panel and cleans the URL, the §5 messages, a refused past
// meeting, a message sent, the admin's reply arriving live (no reload) and after a cut stream reconnects, a scheduled
// meeting card.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { communications } from "../../src/server/db/schema";
import { json, newProject, type SignedInUser, signedInUser } from "../factories";
import { signedInAs } from "../setup/browser";
import { dateTimeLocalIn } from "../setup/datetime-local";
import { ADMIN, type Journey, startJourney } from "../setup/journey";
import {
  documentStillMarked,
  expectArrivedLive,
  LIVE_WAIT,
  markDocument,
  pageLogSince,
  recordLivePage,
} from "../setup/live-page";
import { DESKTOP, saveScreenshot } from "../setup/screen-checks";
import type { TestServer } from "../setup/test-server";

let journey: Journey;
let server: TestServer;
let page: Page;
let owner: SignedInUser;
let project: { id: string };
let admin: string;

beforeAll(async () => {
  journey = await startJourney();
  server = journey.server;
  owner = await signedInUser(server.app, { email: "comms.e2e@northside.example", name: "Nora North" });
  project = await newProject(server.app, owner);
  admin = (await signedInUser(server.app, ADMIN)).cookie;
  const options = { viewport: DESKTOP, timezoneId: "Europe/Berlin" };
  ({ page } = await signedInAs(journey.browser, server, owner, options, recordLivePage));
});

afterAll(() => journey?.close());

/** The admin answers the project's thread with this subject (through the API, as the console would). */
async function adminReplies(subject: string, content: string): Promise<void> {
  const threads = await server.app.inject({
    method: "GET",
    url: `/api/projects/${project.id}/communications`,
    headers: { cookie: admin },
  });
  const id = threads.json().items.find((t: { subject: string }) => t.subject === subject).id;
  const replied = await server.app.inject({
    method: "POST",
    url: `/api/projects/${project.id}/communications/${id}/replies`,
    payload: { content },
    headers: { cookie: admin, ...json, origin: server.url },
  });
  expect(replied.statusCode).toBe(201);
}

describe("Communications", () => {
  it("Contact Support while signed in opens the message panel and removes ?openMessage from the URL", async () => {
    await page.goto(`${server.url}/contact`);
    await page.getByTestId("support-button").click();
    await page.getByRole("heading", { name: "New Communication" }).waitFor();
    await page.waitForURL(`${server.url}/communications`);
    expect(new URL(page.url()).search).toBe("");
  });

  it("shows 'Subject is required' and 'Content is required', and refuses a meeting in the past", async () => {
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("Subject is required").waitFor();
    await page.getByText("Content is required").waitFor();
    if (process.env.SCREENSHOTS === "1") {
      await page.setViewportSize({ width: 375, height: 800 });
      await saveScreenshot(page, "communications-form");
      await page.setViewportSize({ width: 1280, height: 900 });
    }

    await page.getByLabel("Type").click();
    await page.getByRole("option", { name: "Meeting" }).click();
    expect(await page.getByLabel("Meeting Link").inputValue()).toBe("https://meet.google.com/");
    await page.getByLabel("Subject").fill("Kick-off call");
    await page.getByLabel("Agenda").fill("Walk through the plan");
    await page.getByLabel("Meeting Link").fill("https://meet.google.com/abc-defg-hij");
    await page.getByLabel("Date & Time").fill("2020-01-01T10:00");
    await page.getByRole("button", { name: "Schedule Meeting" }).click();
    await page.getByText("The meeting time must be in the future").waitFor();
  });

  it("schedules a meeting: it shows under Scheduled Meetings as Upcoming with Join Meeting", async () => {
    const next = new Date(Date.now() + 2 * 86_400_000);
    const local = dateTimeLocalIn(next, "Europe/Berlin");
    await page.getByLabel("Date & Time").fill(local);
    await page.getByRole("button", { name: "Schedule Meeting" }).click();
    await page.getByText("Communication sent successfully").first().waitFor();
    const card = page
      .getByRole("region", { name: "Scheduled Meetings" })
      .or(page.locator("section", { hasText: "Scheduled Meetings" }));
    await card.getByText("Kick-off call").waitFor();
    await card.getByText("Upcoming").waitFor();
    expect(await card.getByRole("link", { name: "Join Meeting" }).getAttribute("href")).toBe(
      "https://meet.google.com/abc-defg-hij",
    );
  });

  it("sends a message, and the admin's reply appears in the open tab through the live stream, without a reload, marked new", async () => {
    await page.getByRole("button", { name: "New Message" }).click();
    await page.getByLabel("Subject").fill("Brand colours");
    await page.getByRole("textbox", { name: "Message" }).fill("Can we use our **brand blue**?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("Communication sent successfully").first().waitFor();
    const thread = page.locator("li", { hasText: "Brand colours" }).first();
    await thread.waitFor();

    const logAt = await markDocument(page);
    await adminReplies("Brand colours", "Yes — send us the hex code.");
    // Cause, not speed: the stream named this project's replies, the page refetched the list after that event, and the
    // document is the one loaded before the reply (no reload or navigation brought it). The 15 s is only a safety net.
    await thread.getByText("1 new").waitFor(LIVE_WAIT);
    await expectArrivedLive(
      page,
      logAt,
      `communication_replies.project_id:${project.id}`,
      `/api/projects/${project.id}/communications`,
    );

    await thread.getByRole("button", { name: /Brand colours/ }).click();
    await thread.getByRole("list", { name: "Replies" }).getByText("Yes — send us the hex code.").waitFor();
    await thread.locator("strong", { hasText: "brand blue" }).waitFor();
    await thread.getByText("1 new").waitFor({ state: "detached" });
  });

  it("a reply posted while the live stream was cut shows once the tab reconnects, without a reload, marked new", async () => {
    const thread = page.locator("li", { hasText: "Brand colours" }).first();
    await thread.getByRole("button", { name: /Brand colours/ }).click();
    await thread.getByRole("list", { name: "Replies" }).waitFor({ state: "detached" });
    const logAt = await markDocument(page);
    // As a deploy or a network drop would: every connection cut, the stream with them. The reply lands while the tab
    // is still waiting to reconnect, so no event can announce it.
    server.app.server.closeAllConnections();
    await adminReplies("Brand colours", "And the logo in SVG, please.");
    await thread.getByText("1 new").waitFor(LIVE_WAIT);
    // Cause: the stream opened again and the list was fetched after that, with no event naming the reply before it.
    const log = await pageLogSince(page, logAt);
    const reopened = log.findIndex((entry) => entry.kind === "open");
    const path = `/api/projects/${project.id}/communications`;
    const refetched = log.findIndex((entry, i) => i > reopened && entry.kind === "fetch" && entry.url === path);
    expect(reopened).toBeGreaterThanOrEqual(0);
    expect(refetched).toBeGreaterThan(reopened);
    const announced = log
      .slice(0, refetched)
      .some((entry) => entry.kind === "live" && entry.tags.includes(`communication_replies.project_id:${project.id}`));
    expect(announced).toBe(false);
    expect(await documentStillMarked(page)).toBe(true);
  });

  it("pages a long conversation: 20 threads a page, Next shows the older ones, and another conversation starts on page 1", async () => {
    // Stored directly (the write allowance would stop 25 posts), an hour apart and older than the threads above.
    const start = Date.now() - 48 * 3_600_000;
    await server.app.ctx.db.insert(communications).values(
      Array.from({ length: 25 }, (_, i) => ({
        projectId: project.id,
        authorId: owner.userId,
        type: "message" as const,
        subject: `Older topic ${i + 1}`,
        content: "An earlier question.",
        lastActivityAt: new Date(start + i * 3_600_000),
        createdAt: new Date(start + i * 3_600_000),
      })),
    );
    await page.goto(`${server.url}/communications`);
    const pages = page.getByRole("navigation", { name: "Pages" }).last();
    await pages.getByText(/^1–20 of 2\d$/).waitFor();
    // Scheduled Meetings fits on one page: no pager of its own.
    expect(await page.getByRole("navigation", { name: "Pages" }).count()).toBe(1);
    const messages = page.getByRole("region", { name: "Messages" });
    await messages.getByText("Older topic 25", { exact: true }).waitFor();
    expect(await messages.getByText("Older topic 1", { exact: true }).count()).toBe(0);
    await pages.getByRole("button", { name: "Next" }).click();
    await messages.getByText("Older topic 1", { exact: true }).waitFor();
    await pages.getByText(/^21–2\d of 2\d$/).waitFor();
    expect(await messages.getByText("Older topic 25", { exact: true }).count()).toBe(0);
    // General support is another conversation: it opens on its first page.
    await page.getByRole("button", { name: "General support" }).click();
    await page.getByRole("heading", { name: "General support" }).waitFor();
    expect(await messages.count()).toBe(0);
    await page.getByRole("button", { name: /^Project / }).click();
    await page
      .getByRole("navigation", { name: "Pages" })
      .last()
      .getByText(/^1–20 of 2\d$/)
      .waitFor();
  });

  it("looks finished at 375 px", async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole("heading", { name: "Communications" }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await saveScreenshot(page, "communications");
    if (process.env.SCREENSHOTS === "1") {
      await page.setViewportSize({ width: 1280, height: 900 });
      await saveScreenshot(page, "communications");
    }
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
