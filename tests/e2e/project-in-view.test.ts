// The project in view, end to end: a customer with two projects switches on Meeting Requests (the URL keeps the
// project, a reload too, and the stat cards count what the list shows), follows the sidebar to Communications with
// the same project; New Project asks for the package (the profile's preselected) and puts the new project in view; an
// empty project is deleted after a confirm, one with meetings and messages is refused with the reason. Members see
// only the actions their access level allows, on every project page.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectMembers } from "../../src/server/db/schema";
import { createCompletedProfile, json, newProject, type SignedInUser, signedInUser } from "../factories";
import { signedInAs } from "../setup/browser";
import { type Journey, startJourney } from "../setup/journey";
import { checkScreen } from "../setup/screen-checks";
import type { TestServer } from "../setup/test-server";

let journey: Journey;
let server: TestServer;
let browser: Browser;
let owner: SignedInUser;
let alpha: { id: string; projectCode: string };
let beta: { id: string; projectCode: string };

const post = (url: string, payload: object, cookie = owner.cookie) =>
  server.app.inject({ method: "POST", url, payload, headers: { cookie, ...json } });

beforeAll(async () => {
  journey = await startJourney();
  ({ server, browser } = journey);
  owner = await signedInUser(server.app, { email: "two.projects@northside.example", name: "Tess Two" });
  await createCompletedProfile(server.app.ctx.db, { userId: owner.userId, packageType: "advanced" });
  alpha = await newProject(server.app, owner);
  beta = await newProject(server.app, owner);
  for (const subject of ["Alpha kick-off", "Alpha scope review"]) {
    expect((await post(`/api/projects/${alpha.id}/meeting-requests`, { subject, urgency: "medium" })).statusCode).toBe(201);
  }
  expect((await post(`/api/projects/${beta.id}/meeting-requests`, { subject: "Beta demo", urgency: "low" })).statusCode).toBe(
    201,
  );
  for (const [project, subject] of [
    [alpha, "Alpha thread"],
    [beta, "Beta thread"],
  ] as const) {
    const res = await post(`/api/projects/${project.id}/communications`, { type: "message", subject, content: "Hello team" });
    expect(res.statusCode).toBe(201);
  }
});

afterAll(() => journey?.close());

/** Each journey checks several screen states (axe at two widths); a wait that fails says which one. */
const JOURNEY_MS = 240_000;
async function open(who: Parameters<typeof signedInAs>[2]) {
  const opened = await signedInAs(browser, server, who);
  opened.page.setDefaultTimeout(30_000);
  return opened;
}

const stat = (page: Page, label: string) =>
  page.getByRole("region", { name: "Meeting request summary" }).locator("div", { hasText: label }).last();

async function choose(page: Page, projectCode: string) {
  await page.getByRole("combobox", { name: "Project" }).click();
  await page.getByRole("option", { name: new RegExp(`^${projectCode}`) }).click();
}

async function expectMeetings(page: Page, total: string, shown: string[], hidden: string[]) {
  await expect.poll(() => stat(page, "Total Requests").textContent(), { timeout: 30_000 }).toContain(total);
  expect(await stat(page, "Pending").textContent()).toContain(total);
  for (const subject of shown) await page.getByRole("heading", { name: subject }).waitFor();
  for (const subject of hidden) expect(await page.getByRole("heading", { name: subject }).count()).toBe(0);
}

describe("the project in view", () => {
  it(
    "switches on Meeting Requests, keeps the project in the URL and across a reload and the sidebar",
    async () => {
      const { context, page } = await open(owner);
      await page.goto(`${server.url}/meeting-requests`);
      // The first project by default: its cards and its list.
      await expectMeetings(page, "2", ["Alpha kick-off", "Alpha scope review"], ["Beta demo"]);
      await checkScreen(page, "project-in-view-selector");

      await choose(page, beta.projectCode);
      await page.waitForURL((url: URL) => url.searchParams.get("project") === beta.projectCode);
      await expectMeetings(page, "1", ["Beta demo"], ["Alpha kick-off"]);
      const card = page.getByRole("complementary", { name: "Sidebar" }).getByRole("region", { name: "Current project" });
      await card.getByText(beta.projectCode).waitFor();

      await page.reload();
      await expectMeetings(page, "1", ["Beta demo"], ["Alpha kick-off"]);
      expect(await page.getByRole("combobox", { name: "Project" }).textContent()).toContain(beta.projectCode);

      // Through the sidebar: the same project on Communications.
      await page.getByRole("complementary", { name: "Sidebar" }).getByRole("link", { name: "Communications" }).click();
      await page.waitForURL(`${server.url}/communications?project=${beta.projectCode}`);
      await page.getByText("Beta thread").waitFor();
      expect(await page.getByText("Alpha thread").count()).toBe(0);

      // Back to the first one on this page: the list follows.
      await choose(page, alpha.projectCode);
      await page.getByText("Alpha thread").waitFor();
      expect(await page.getByText("Beta thread").count()).toBe(0);

      // An unknown code shows the first project and the URL says so.
      await page.goto(`${server.url}/meeting-requests?project=PRJ-1999-9999`);
      await page.waitForURL((url: URL) => url.searchParams.get("project") === alpha.projectCode);
      await expectMeetings(page, "2", ["Alpha kick-off"], ["Beta demo"]);

      await page.setViewportSize({ width: 375, height: 800 });
      await page.getByRole("combobox", { name: "Project" }).waitFor();
      await checkScreen(page, "project-in-view-selector");
      await choose(page, beta.projectCode);
      await expectMeetings(page, "1", ["Beta demo"], ["Alpha kick-off"]);
      await checkScreen(page, "project-in-view-switched");
      await context.close();
    },
    JOURNEY_MS,
  );

  it(
    "asks for the package on New Project, puts the new project in view, and deletes it after a confirm",
    async () => {
      const { context, page } = await open(owner);
      await page.goto(`${server.url}/requirements?project=${beta.projectCode}`);
      await page.getByRole("region", { name: "Project summary" }).getByText(beta.projectCode).waitFor();

      await page.getByRole("button", { name: "New Project" }).click();
      const dialog = page.getByRole("dialog", { name: "New Project" });
      // The profile's package is the default.
      await expect.poll(() => dialog.getByRole("radio", { name: /^Advanced/ }).isChecked(), { timeout: 30_000 }).toBe(true);
      await checkScreen(page, "project-new-project-dialog");
      await page.setViewportSize({ width: 375, height: 800 });
      await checkScreen(page, "project-new-project-dialog");
      await page.setViewportSize({ width: 1280, height: 900 });
      // Nothing is created until Create.
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "detached" });
      const before = await server.app.inject({ method: "GET", url: "/api/projects", headers: { cookie: owner.cookie } });
      expect(before.json().items).toHaveLength(2);

      await page.getByRole("button", { name: "New Project" }).click();
      await dialog.getByRole("radio", { name: /^Premium/ }).check({ force: true });
      await dialog.getByRole("button", { name: "Create" }).click();
      await page.waitForURL(
        (url) =>
          /^PRJ-\d{4}-\d{4}$/.test(url.searchParams.get("project") ?? "") && url.searchParams.get("project") !== beta.projectCode,
      );
      const created = new URL(page.url()).searchParams.get("project") ?? "";
      expect([alpha.projectCode, beta.projectCode]).not.toContain(created);
      const summary = page.getByRole("region", { name: "Project summary" });
      await summary.getByText(created).waitFor();
      await summary.getByText("PREMIUM").waitFor();

      await summary.getByRole("button", { name: "Delete project" }).click();
      const confirm = page.getByRole("dialog", { name: `Delete ${created}?` });
      await confirm.waitFor();
      await checkScreen(page, "project-delete-confirm");
      await page.setViewportSize({ width: 375, height: 800 });
      await checkScreen(page, "project-delete-confirm");
      await page.setViewportSize({ width: 1280, height: 900 });
      await confirm.getByRole("button", { name: "Delete project" }).click();
      await confirm.waitFor({ state: "detached" });
      await page.getByText(`${created} was deleted.`).first().waitFor();
      // Gone: the page shows the first project, the selector no longer offers it.
      await page.waitForURL((url: URL) => url.searchParams.get("project") === alpha.projectCode);
      await page.getByRole("combobox", { name: "Project" }).click();
      await page.getByRole("option", { name: new RegExp(`^${beta.projectCode}`) }).waitFor();
      expect(await page.getByRole("option", { name: new RegExp(`^${created}`) }).count()).toBe(0);
      await page.keyboard.press("Escape");

      // A project with meetings and messages is refused, with the reason, and stays.
      await page.getByRole("region", { name: "Project summary" }).getByRole("button", { name: "Delete project" }).click();
      const refuse = page.getByRole("dialog", { name: `Delete ${alpha.projectCode}?` });
      await refuse.getByRole("button", { name: "Delete project" }).click();
      await refuse
        .getByText(
          "This project can't be deleted because it has messages and meeting requests. Only an empty project can be deleted.",
        )
        .waitFor();
      await refuse.getByRole("button", { name: "Cancel" }).click();
      const after = await server.app.inject({ method: "GET", url: "/api/projects", headers: { cookie: owner.cookie } });
      expect(after.json().items.map((p: { projectCode: string }) => p.projectCode)).toEqual([
        alpha.projectCode,
        beta.projectCode,
      ]);
      await context.close();
    },
    JOURNEY_MS,
  );
});

describe("members see only what their access allows", () => {
  it(
    "a view-only member has no Submit Feedback, New Message, reply, Request Meeting, Add User or remove",
    async () => {
      await server.app.ctx.db.insert(projectMembers).values([
        { projectId: beta.id, email: "viewer.e2e@northside.example", accessLevel: "view_only", addedBy: owner.userId },
        { projectId: beta.id, email: "tester.e2e@northside.example", accessLevel: "user", addedBy: owner.userId },
      ]);
      const { context, page } = await open({ email: "viewer.e2e@northside.example", name: "Vera View" });

      await page.goto(`${server.url}/testing-feedback`);
      await page.getByText("You have view-only access").waitFor();
      expect(await page.getByRole("button", { name: "Submit Feedback" }).count()).toBe(0);

      await page.goto(`${server.url}/communications`);
      await page.getByText("Beta thread").click();
      await page.getByText("Hello team").first().waitFor();
      expect(await page.getByRole("button", { name: "New Message" }).count()).toBe(0);
      expect(await page.getByRole("textbox", { name: "Reply" }).count()).toBe(0);

      await page.goto(`${server.url}/meeting-requests`);
      await page.getByRole("heading", { name: "Beta demo" }).waitFor();
      expect(await page.getByRole("button", { name: /Request (Meeting|Your First Meeting)/ }).count()).toBe(0);

      await page.goto(`${server.url}/user-management`);
      await page.getByText("tester.e2e@northside.example").waitFor();
      expect(await page.getByRole("button", { name: /Add (First )?User/ }).count()).toBe(0);
      expect(await page.getByRole("button", { name: /^Remove / }).count()).toBe(0);
      await page.getByRole("button", { name: "Leave this project" }).waitFor();
      await checkScreen(page, "project-member-view-only");
      await context.close();
    },
    JOURNEY_MS,
  );

  it(
    "a user member may post but not manage the team",
    async () => {
      const { context, page } = await open({ email: "tester.e2e@northside.example", name: "Tom Test" });
      await page.goto(`${server.url}/communications`);
      await page.getByRole("button", { name: "New Message" }).waitFor();
      await page.goto(`${server.url}/user-management`);
      await page.getByText("viewer.e2e@northside.example").waitFor();
      expect(await page.getByRole("button", { name: /Add (First )?User/ }).count()).toBe(0);
      expect(await page.getByRole("button", { name: /^Remove / }).count()).toBe(0);
      await context.close();
    },
    JOURNEY_MS,
  );

  it(
    "the owner removes a member only after confirming",
    async () => {
      const { context, page } = await open(owner);
      await page.goto(`${server.url}/user-management?project=${beta.projectCode}`);
      await page.getByRole("button", { name: "Remove tester.e2e@northside.example" }).click();
      const confirm = page.getByRole("dialog", { name: "Remove user?" });
      await confirm.getByRole("button", { name: "Cancel" }).click();
      await confirm.waitFor({ state: "detached" });
      await page.getByText("tester.e2e@northside.example").waitFor();
      await page.getByRole("button", { name: "Remove tester.e2e@northside.example" }).click();
      await confirm.getByRole("button", { name: "Remove" }).click();
      await page.getByText("tester.e2e@northside.example no longer has access to this project.").first().waitFor();
      await context.close();
    },
    JOURNEY_MS,
  );
});
