// Feedback that closes its loop (issue 28, part 4), in Chromium: version 1 is published and the customer reports an
// item on it; the team publishes version 2 and marks the item fixed in it from Feedback Management; the customer sees
// "Fixed in version 2" arrive live, tries to reopen without a reason (refused), then reopens it with one; the console
// shows it reopened with the reason; version 3 fixes it and the customer confirms. Each state at 1280 and 375 px.
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feedback } from "../../src/server/db/schema";
import type { FeedbackId } from "../../src/shared/domain/ids";
import { FEEDBACK_MESSAGES } from "../../src/shared/schemas/feedback";
import { json } from "../factories";
import { type ProjectJourney, startProjectJourney } from "../setup/journey";
import { LIVE_WAIT } from "../setup/live-page";
import { checkScreenAtBothWidths } from "../setup/screen-checks";
import type { TestServer } from "../setup/test-server";

let journey: ProjectJourney;
let server: TestServer;
let page: Page;
let console: Page;
let itemId: FeedbackId;

const ISSUE = "The Book button does nothing on the second step of the booking form.";

beforeAll(async () => {
  journey = await startProjectJourney({
    owner: { email: "loop.e2e@northside.example", name: "Priya Rao" },
    project: { status: "development" },
    confirmedBrief: {},
  });
  ({ server, page } = journey);
  console = await journey.adminContext.newPage();
});
afterAll(() => journey?.close());

const publish = async (n: number, releaseNotes: string) => {
  const res = await journey.asAdmin("POST", `/api/company/projects/${journey.projectId}/versions`, {
    url: `${journey.prototypeUrl}/v${n}`,
    releaseNotes,
  });
  expect(res.statusCode).toBe(201);
};
const item = (on: Page) => on.getByTestId("feedback-item").filter({ hasText: ISSUE });
/** The item in view, then full-page pictures at 1280 and 375 px. */
const bothWidths = (on: Page, name: string) => checkScreenAtBothWidths(on, name, item(on));

describe("the feedback loop", () => {
  it("the customer reports an item on version 1", async () => {
    await publish(1, "First prototype: the booking flow and the clinic calendar.");
    await page.goto(`${server.url}/testing-feedback`);
    await page.getByTestId("viewer-version").getByText("Version 1").waitFor();
    const reported = await server.app.inject({
      method: "POST",
      url: `/api/projects/${journey.projectId}/feedback`,
      payload: {
        feedbackType: "error",
        issueFaced: ISSUE,
        changeDescription: "Pressing Book should confirm the slot and show the booking reference.",
      },
      headers: { cookie: journey.owner.cookie, ...json },
    });
    expect(reported.json()).toMatchObject({ versionNumber: 1, status: "pending" });
    itemId = reported.json().id;
    await item(page).getByText("Reported on version 1").first().waitFor(LIVE_WAIT);
    await bothWidths(page, "feedback-loop-reported");
  }, 180_000);

  it("the team marks it fixed in version 2 from Feedback Management; the customer sees it live", async () => {
    await publish(2, "Fixes **the Book button** on the second step.");
    await console.goto(`${server.url}/admin?tab=feedback`);
    await item(console).getByRole("button", { name: "Mark fixed…" }).click();
    const dialog = console.getByRole("dialog");
    await dialog.getByRole("combobox", { name: "Fixed in version" }).waitFor();
    expect(await dialog.getByRole("combobox", { name: "Fixed in version" }).textContent()).toContain("Version 2");
    await dialog.getByRole("button", { name: "Mark fixed" }).click();
    await item(console).getByTestId("resolution-badge").getByText("Fixed in version 2").waitFor();
    await bothWidths(console, "feedback-loop-console-fixed");

    // No reload on the customer's side: the change notice refreshes Testing & Feedback.
    await item(page).getByTestId("resolution-badge").getByText("Fixed in version 2").waitFor(LIVE_WAIT);
    await item(page).getByText("Fixed in version 2. Does it work for you now?").waitFor();
    await item(page).getByTestId("history-event").filter({ hasText: "Fixed in version 2" }).waitFor();
    await bothWidths(page, "feedback-loop-fixed");
  }, 180_000);

  it("the customer reopens it with a reason (none is refused); the console shows it reopened with the reason", async () => {
    await page.reload();
    await item(page).getByRole("button", { name: "Reopen" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Reopen" }).click();
    await dialog.getByText(FEEDBACK_MESSAGES.reopenReasonRequired).waitFor();
    const [unchanged] = await server.app.ctx.db.select().from(feedback).where(eq(feedback.id, itemId));
    expect(unchanged?.status).toBe("done");
    await dialog.getByLabel("What is still wrong?").fill("On a phone the Book button still does nothing.");
    await dialog.getByRole("button", { name: "Reopen" }).click();
    await dialog.waitFor({ state: "hidden" });
    await item(page).getByTestId("resolution-badge").getByText("Reopened").waitFor();
    await item(page).getByText("Round 2 of 3").waitFor();

    const notice = item(console).getByTestId("reopened-notice");
    await notice.getByText("On a phone the Book button still does nothing.").waitFor(LIVE_WAIT);
    await notice.getByText(/Reopened by Priya Rao/).waitFor();
    await bothWidths(console, "feedback-loop-console-reopened");
  }, 180_000);

  it("version 3 fixes it and the customer confirms; the whole history shows in order", async () => {
    await publish(3, "The Book button works on phones too.");
    const fixed = await journey.asAdmin("POST", `/api/company/projects/${journey.projectId}/feedback/${itemId}/resolution`, {
      resolution: "fixed",
      versionNumber: 3,
    });
    expect(fixed.statusCode).toBe(200);
    await item(page).getByText("Fixed in version 3. Does it work for you now?").waitFor(LIVE_WAIT);
    await item(page).getByRole("button", { name: "Confirm fix" }).click();
    await item(page).getByTestId("resolution-badge").getByText("Fix confirmed · version 3").waitFor();
    const history = item(page).getByTestId("history-event");
    await expect.poll(() => history.count()).toBe(5);
    const lines = await history.allTextContents();
    expect(lines.map((line) => line.split(" · ")[0])).toEqual([
      "Reported on version 1",
      "Fixed in version 2",
      "Reopened",
      "Fixed in version 3",
      "Fix confirmed",
    ]);
    await bothWidths(page, "feedback-loop-confirmed");
  }, 180_000);
});
