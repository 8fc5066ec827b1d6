// Members are members, and the guidance is true: in Chromium, the dashboard of a new customer (Submit Requirements,
// nothing ticked that is not done), of projects in development, testing and completed (each card true to the state),
// and of a view-only member (none of the owner's prompts, no payment amounts); the admin's User Activity lists the
// member as a member and offers no reminder.

import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { meetingRequests, projectMembers, projects, requirements } from "../../src/server/db/schema";
import { createCompletedProfile, createProjectWithStatus, type SignedInUser, signedInUser } from "../factories";
import { signedInAs } from "../setup/browser";
import { type Journey, startJourney } from "../setup/journey";
import { checkScreen, SCREEN_CHECKS_TIMEOUT } from "../setup/screen-checks";
import type { TestServer } from "../setup/test-server";

let journey: Journey;
let server: TestServer;
let browser: Browser;

const PROTOTYPE = "https://prototype.example/app";
const DAY = 86_400_000;

beforeAll(async () => {
  journey = await startJourney();
  ({ server, browser } = journey);
});
afterAll(() => journey?.close());

type Status = "requirements" | "development" | "testing" | "completed";

/** An owner past the profile and NDA, with one project in `status`; answers saved when `answered`. */
async function ownerWith(name: string, status: Status, extra: { answered?: boolean; prototype?: boolean } = {}) {
  const owner = await signedInUser(server.app, { email: `${name.toLowerCase()}@guidance.example`, name });
  await createCompletedProfile(server.app.ctx.db, { userId: owner.userId, fullName: `${name} Owner`, ndaStatus: "approved" });
  const project = await createProjectWithStatus(server.app.ctx.db, {
    ownerId: owner.userId,
    status,
    ...(extra.prototype ? { prototypeUrl: PROTOTYPE } : {}),
  });
  if (extra.answered) {
    await server.app.ctx.db
      .insert(requirements)
      .values({ projectId: project.id, problemStatement: "Clinics lose a third of their bookings to no-shows." });
  }
  return { owner, project };
}

async function dashboardOf(who: SignedInUser): Promise<Page> {
  const { page } = await signedInAs(browser, server, who);
  await page.goto(`${server.url}/dashboard`);
  await page.getByTestId("next-action").waitFor();
  return page;
}

const text = (page: Page, testId: string) => page.getByTestId(testId).innerText();
const stepState = (page: Page, title: string) =>
  page.getByTestId("journey").locator("li").filter({ hasText: title }).getAttribute("data-state");

const progressItem = (page: Page, label: string) =>
  page.getByTestId("your-progress").locator("li").filter({ hasText: label }).innerText();

async function atBothWidths(page: Page, name: string) {
  await checkScreen(page, name);
  await page.setViewportSize({ width: 375, height: 800 });
  await checkScreen(page, name);
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe("guidance that is true", () => {
  it("tells a new customer with no answers to submit them, and ticks nothing not done", async () => {
    const { owner } = await ownerWith("Nora", "requirements");
    const page = await dashboardOf(owner);
    const next = await text(page, "next-action");
    expect(next).toContain("Submit Requirements");
    expect(next).not.toContain("Under Review");
    const progress = await text(page, "your-progress");
    expect(progress).toContain("33% complete");
    expect(await progressItem(page, "Requirements submitted")).toContain("(not done yet)");
    expect(await progressItem(page, "NDA signed")).toContain("(done)");
    expect(await stepState(page, "Requirements")).toBe("current");
    expect(await stepState(page, "Kick-off Meeting")).toBe("upcoming");
    expect(await stepState(page, "Scope Discussion")).toBe("upcoming");
    expect(await text(page, "current-task")).toContain("Requirements gathering");
    await page.context().close();
  });

  it("shows requirements under review only once submitted, and the meeting done only once it happened", async () => {
    const { owner, project } = await ownerWith("Rhea", "requirements", { answered: true });
    await server.app.ctx.db
      .insert(meetingRequests)
      .values({ projectId: project.id, subject: "Kick-off", status: "scheduled", scheduledAt: new Date(Date.now() + 3 * DAY) });
    const page = await dashboardOf(owner);
    expect(await text(page, "next-action")).toContain("Requirements Under Review");
    expect(await text(page, "current-task")).toContain("Requirements under review");
    expect(await stepState(page, "Requirements")).toBe("completed");
    expect(await stepState(page, "Kick-off Meeting")).toBe("current");

    // The meeting took place: the journey moves on.
    await server.app.ctx.db
      .update(meetingRequests)
      .set({ status: "completed", scheduledAt: new Date(Date.now() - DAY) })
      .where(eq(meetingRequests.projectId, project.id));
    await page.reload();
    await expect.poll(() => stepState(page, "Kick-off Meeting")).toBe("completed");
    expect(await stepState(page, "Scope Discussion")).toBe("current");
    await page.context().close();
  });

  it("follows a project in development", async () => {
    const { owner, project } = await ownerWith("Dev", "development", { answered: true });
    // The confirmed brief and the advance started the delivery clock: the scope is agreed.
    await server.app.ctx.db.update(projects).set({ deliveryStartedAt: new Date() }).where(eq(projects.id, project.id));
    const page = await dashboardOf(owner);
    expect(await text(page, "next-action")).toContain("Development in Progress");
    expect(await text(page, "current-task")).toContain("Prototype development");
    expect(await stepState(page, "Development")).toBe("current");
    // Development runs on the package's clock, not the spec's generic "7-14 days".
    expect(await page.getByTestId("journey").locator("li").filter({ hasText: "Development" }).textContent()).toContain(
      "48 hours",
    );
    // No kick-off meeting took place and the journey has moved past it: not needed, never "completed" or "upcoming".
    expect(await stepState(page, "Kick-off Meeting")).toBe("not_needed");
    expect(await page.getByTestId("journey").locator("li").filter({ hasText: "Kick-off Meeting" }).textContent()).toContain(
      "Not needed",
    );
    expect(await stepState(page, "Scope Discussion")).toBe("completed");
    expect(await progressItem(page, "Development started")).toContain("(done)");
    await page.context().close();
  });

  it("follows a prototype in testing: User Management is open, so Add Team Members is offered", async () => {
    const { owner } = await ownerWith("Tess", "testing", { answered: true, prototype: true });
    const page = await dashboardOf(owner);
    expect(await text(page, "next-action")).toContain("Prototype Ready - Add Team Members");
    const task = await text(page, "current-task");
    expect(task).toContain("Testing your prototype");
    expect(await page.getByTestId("current-task").getByRole("link", { name: "Test Prototype" }).getAttribute("href")).toBe(
      "/testing-feedback",
    );
    expect(await stepState(page, "Iterations")).toBe("current");
    await page.context().close();
  });

  it(
    "says a completed project is completed, with a planned deployment shown as Planned",
    async () => {
      const { owner, project } = await ownerWith("Cora", "completed", { answered: true, prototype: true });
      const ahead = new Date(Date.now() + 10 * DAY);
      await server.app.ctx.db
        .update(projects)
        .set({ deploymentDate: ahead, deliveryStartedAt: new Date(Date.now() - 15 * DAY) })
        .where(eq(projects.id, project.id));
      await server.app.ctx.db.insert(meetingRequests).values({
        projectId: project.id,
        subject: "Kick-off",
        status: "completed",
        scheduledAt: new Date(Date.now() - 20 * DAY),
      });
      const page = await dashboardOf(owner);
      const next = await text(page, "next-action");
      expect(next).toContain("Project Completed!");
      expect(next).not.toContain("Add Team Members");
      // The client's developers can still be invited after completion, for the hand-over.
      const users = await text(page, "authorized-users");
      expect(users).toContain("Add New User");
      expect(users).not.toContain("(Project Completed)");
      expect(await text(page, "current-task")).toContain("Project completed");
      const details = await text(page, "project-details");
      expect(details).toContain("Planned");
      expect(details).not.toContain("Deployed");
      // Every step happened but the deployment, which is planned: it is not "completed" before its date.
      expect(await page.getByTestId("journey").locator('li[data-state="completed"]').count()).toBe(8);
      expect(await stepState(page, "Deployment")).toBe("upcoming");
      await atBothWidths(page, "dashboard-completed");

      // Once the date has passed it reads Deployed.
      await server.app.ctx.db
        .update(projects)
        .set({ deploymentDate: new Date(Date.now() - DAY) })
        .where(eq(projects.id, project.id));
      await page.reload();
      await expect.poll(() => text(page, "project-details")).toContain("Deployed");
      expect(await stepState(page, "Deployment")).toBe("completed");
      await page.context().close();
    },
    SCREEN_CHECKS_TIMEOUT,
  );
});

describe("members are members", () => {
  let member: SignedInUser;
  let projectCode: string;

  beforeAll(async () => {
    const { project } = await ownerWith("Pam", "testing", { answered: true, prototype: true });
    projectCode = project.projectCode;
    await server.app.ctx.db
      .update(projects)
      .set({ advancePaymentAmount: "2500", advancePaymentLink: "https://pay.example/advance", balancePaymentAmount: "2500" })
      .where(eq(projects.id, project.id));
    member = await signedInUser(server.app, { email: "viola.viewer@guidance.example", name: "Viola Viewer" });
    await server.app.ctx.db
      .insert(projectMembers)
      .values({ projectId: project.id, email: member.email, accessLevel: "view_only" });
  });

  it(
    "gives a view-only member their own dashboard: none of the owner's prompts, no payment amounts",
    async () => {
      const page = await dashboardOf(member);
      const next = await text(page, "next-action");
      expect(next).toContain("Preview the Prototype");
      const main = await page.getByRole("main").innerText();
      for (const ownerPrompt of [
        "Complete Your Profile",
        "Sign NDA",
        "NDA signed",
        "Signed NDA",
        "Not signed yet",
        "Payment Information",
        "Pay Now",
        "2,500",
        "Add New User",
        "Add Team Members",
        "Submit Requirements",
        "slots available",
        "Send Message",
        "Schedule Meeting",
      ]) {
        expect(main, ownerPrompt).not.toContain(ownerPrompt);
      }
      expect(await text(page, "authorized-users")).toContain("Project Team");
      expect(await text(page, "project-details")).not.toContain("User limit");
      expect(await text(page, "current-task")).toContain("Open Prototype");
      expect(await page.getByTestId("journey").locator("li").count()).toBe(7);
      const nav = page.getByRole("navigation", { name: "Main" });
      expect(await nav.getByRole("link", { name: "Dashboard" }).count()).toBe(1);
      expect(await nav.getByRole("link", { name: "Onboarding" }).count()).toBe(0);
      await atBothWidths(page, "dashboard-member");
      await page.context().close();
    },
    SCREEN_CHECKS_TIMEOUT,
  );

  it("lists the member as a member in the admin's User Activity, with no reminder offered", async () => {
    const admin = await signedInUser(server.app, { email: "admin@blueprint.local", name: "Site Admin", role: "company" });
    const { page, context } = await signedInAs(browser, server, admin);
    await page.goto(`${server.url}/company?tab=activity&activity-activity=member`);
    const row = page.getByRole("listitem").filter({ hasText: member.email });
    await row.waitFor();
    const shown = await row.innerText();
    expect(shown).toContain("Project Member");
    expect(shown).toContain(`Member of ${projectCode} (View Only)`);
    expect(await row.getByRole("button", { name: "Incomplete" }).count()).toBe(0);
    expect(shown).not.toContain("Login Only");
    await context.close();
  });
});
