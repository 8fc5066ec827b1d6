// Members are not owners; the NDA comes before the idea (issue 31): in Chromium, a brand-new customer's Prototype
// Projects page leads to onboarding (no New Project), and an invited member's Profile Settings is a personal profile
// (no company form, NDA or completion figure) while /onboarding shows them no Company Setup.

import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectMembers } from "../../src/server/db/schema";
import { createCompletedProfile, createProjectWithStatus, signedInUser } from "../factories";
import { signedInAs } from "../setup/browser";
import { type Journey, startJourney } from "../setup/journey";
import { checkScreen, SCREEN_CHECKS_TIMEOUT } from "../setup/screen-checks";
import type { TestServer } from "../setup/test-server";

let journey: Journey;
let server: TestServer;
let browser: Browser;
const WAIT = { timeout: 30_000 };

beforeAll(async () => {
  journey = await startJourney();
  ({ server, browser } = journey);
});
afterAll(() => journey?.close());

async function invitedMember() {
  const owner = await signedInUser(server.app, { email: "olga@owners.example", name: "Olga Owner" });
  await createCompletedProfile(server.app.ctx.db, { userId: owner.userId, ndaStatus: "approved" });
  const project = await createProjectWithStatus(server.app.ctx.db, { ownerId: owner.userId, status: "requirements" });
  await server.app.ctx.db
    .insert(projectMembers)
    .values({ projectId: project.id, email: "kiran@kolkata.example", accessLevel: "user" });
  return signedInAs(browser, server, { email: "kiran@kolkata.example", name: "kiran" });
}

describe("the NDA comes before the idea", () => {
  it(
    "a brand-new customer's Prototype Projects page leads to onboarding and offers no New Project",
    async () => {
      const { page, context } = await signedInAs(browser, server, { email: "brand.new@la.example", name: "Ana Lopez" });
      await page.goto(`${server.url}/requirements`);
      await page.getByRole("heading", { name: "Sign the NDA before you share your idea" }).waitFor(WAIT);
      expect(await page.getByRole("button", { name: "New Project" }).count()).toBe(0);
      expect(await page.getByText("Create one with New Project").count()).toBe(0);
      await checkScreen(page, "requirements-before-nda");
      await page.getByRole("link", { name: "Complete Profile Setup" }).click();
      await page.waitForURL(/\/onboarding$/);
      await page.getByRole("tab", { name: /Company Setup/ }).waitFor();
      await context.close();
    },
    SCREEN_CHECKS_TIMEOUT,
  );

  it(
    "a member's Profile Settings is a personal profile: their name saved, no company form, NDA or completion",
    async () => {
      const { page, context } = await invitedMember();
      await page.goto(`${server.url}/profile`);
      await page.getByText("Personal Profile").waitFor(WAIT);
      for (const owners of ["Company Name", "Legal Documentation", "Profile Completion", "Not started", "60%"]) {
        expect(await page.getByText(owners, { exact: false }).count(), owners).toBe(0);
      }
      await page.getByText("Time Zone", { exact: true }).waitFor();
      await page.getByRole("link", { name: "Download my data" }).waitFor();
      await page.getByLabel("Your name").fill("Kiran Rao");
      await page.getByRole("button", { name: "Save name" }).click();
      await page.getByText("Name saved").first().waitFor(WAIT);
      await checkScreen(page, "member-personal-profile");
      await page.setViewportSize({ width: 375, height: 800 });
      await checkScreen(page, "member-personal-profile");
      await page.setViewportSize({ width: 1280, height: 900 });

      await page.goto(`${server.url}/onboarding`);
      await page.getByRole("heading", { name: "Nothing to set up" }).waitFor(WAIT);
      expect(await page.getByRole("tab", { name: /Company Setup/ }).count()).toBe(0);
      await checkScreen(page, "member-onboarding");
      await context.close();
    },
    SCREEN_CHECKS_TIMEOUT,
  );
});

describe("one package for a project", () => {
  it("Profile Settings shows the project's package; the profile's own choice only seeds new projects", async () => {
    const owner = await signedInUser(server.app, { email: "paco@owners.example", name: "Paco Owner" });
    await createCompletedProfile(server.app.ctx.db, { userId: owner.userId, ndaStatus: "approved", packageType: "premium" });
    const project = await createProjectWithStatus(server.app.ctx.db, {
      ownerId: owner.userId,
      status: "requirements",
      packageType: "advanced",
    });
    const { page, context } = await signedInAs(browser, server, { email: "paco@owners.example", name: "Paco Owner" });
    await page.goto(`${server.url}/profile`);
    const packageShown = page.locator("dt", { hasText: /^Package$/ }).locator("xpath=following-sibling::dd[1]");
    await packageShown.waitFor(WAIT);
    expect(await packageShown.innerText()).toContain("ADVANCED");
    const field = page.getByLabel("Package for new projects");
    await field.waitFor();
    await page.getByText(`${project.projectCode} stays on ADVANCED`).waitFor();
    await context.close();
  });
});
