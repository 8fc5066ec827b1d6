// Notifications open what they are about (issue 31), in Chromium: the customer's bell takes them from the dashboard to
// the feedback item the team answered, scrolled to and marked; the admin's bell takes them to the meeting request in
// the console's Meeting Requests tab (where the company's emails about it link too).
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feedback } from "../../src/server/db/schema";
import { createCompletedProfile, createProjectWithStatus, json, type SignedInUser, signedInUser } from "../factories";
import { signedInAs } from "../setup/browser";
import { ADMIN, type Journey, startJourney } from "../setup/journey";
import type { TestServer } from "../setup/test-server";

const WAIT = { timeout: 30_000 };
let journey: Journey;
let server: TestServer;
let browser: Browser;
let owner: SignedInUser;
let admin: SignedInUser;
let project: { id: string; projectCode: string };

beforeAll(async () => {
  journey = await startJourney();
  ({ server, browser } = journey);
  owner = await signedInUser(server.app, { email: "links.e2e@northside.example", name: "Lina Links" });
  admin = await signedInUser(server.app, ADMIN);
  const db = server.app.ctx.db;
  await createCompletedProfile(db, { userId: owner.userId, fullName: "Lina Links", ndaStatus: "approved" });
  project = await createProjectWithStatus(db, {
    ownerId: owner.userId,
    status: "testing",
    prototypeUrl: "https://proto.example/app",
  });
});

afterAll(() => journey?.close());

const call = (method: "POST" | "PATCH", url: string, who: SignedInUser, payload: object) =>
  server.app.inject({ method, url, payload, headers: { cookie: who.cookie, ...json, origin: server.url } });

async function openBellItem(page: Page, title: string) {
  await page.getByTestId("notification-bell").click();
  await page.getByRole("menuitem").filter({ hasText: title }).first().click();
}

const linkedItem = (page: Page) => page.locator('[data-linked-id][aria-current="true"]');

describe("the bell opens the item", () => {
  it("takes the customer to the feedback item the team answered, scrolled to, marked and focused", async () => {
    const db = server.app.ctx.db;
    // Enough items that the answered one, the oldest, is below the fold.
    const rows = await db
      .insert(feedback)
      .values(
        Array.from({ length: 6 }, (_, n) => ({
          projectId: project.id,
          authorId: owner.userId,
          feedbackType: "error" as const,
          issueFaced: n === 0 ? "The calendar shows last week." : `Another issue number ${n}`,
          changeDescription: "Show this week.",
          createdAt: new Date(Date.now() - (6 - n) * 60_000),
        })),
      )
      .returning({ id: feedback.id });
    const answered = rows[0]?.id ?? "";
    const done = await call("PATCH", `/api/projects/${project.id}/feedback/${answered}`, admin, {
      status: "done",
      adminComment: "Fixed: the calendar opens on today.",
    });
    expect(done.statusCode).toBe(200);

    const { page, context } = await signedInAs(browser, server, owner);
    await page.goto(`${server.url}/dashboard`);
    await openBellItem(page, "Your feedback has been addressed");
    await page.waitForURL(`${server.url}/testing-feedback?project=${project.projectCode}&item=${answered}`, WAIT);
    await linkedItem(page).waitFor(WAIT);
    expect(await linkedItem(page).getAttribute("data-linked-id")).toBe(answered);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-linked-id") ?? null)).toBe(answered);
    expect(await linkedItem(page).isVisible()).toBe(true);
    const box = await linkedItem(page).boundingBox();
    expect(box && box.y < 900 && box.y + box.height > 0).toBe(true);
    await context.close();
  });

  it("takes the admin to the meeting request in the console's Meeting Requests tab", async () => {
    const created = await call("POST", `/api/projects/${project.id}/meeting-requests`, owner, {
      subject: "Walk through the prototype",
      urgency: "high",
    });
    expect(created.statusCode).toBe(201);
    const requestId = created.json().id as string;

    const { page, context } = await signedInAs(browser, server, admin);
    await page.goto(`${server.url}/admin`);
    await openBellItem(page, "Meeting requested: Walk through the prototype");
    await page.waitForURL(`${server.url}/admin?tab=meetings&request=${requestId}`, WAIT);
    await page.getByRole("tab", { name: "Meeting Requests", selected: true }).waitFor(WAIT);
    await linkedItem(page).waitFor(WAIT);
    expect(await linkedItem(page).innerText()).toContain("Walk through the prototype");
    await context.close();
  });
});
