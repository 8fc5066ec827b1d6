import { eq } from "drizzle-orm";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projects, sessions } from "../../src/server/db/schema";
import { GOOD_ANSWERS, json, newProject, onboardOwner, openTeam } from "../factories";
import { signedInAs } from "../setup/browser";
import { type MailJourney, startJourney } from "../setup/journey";
import type { TestServer } from "../setup/test-server";

const OWNER = "owner.e2e@northside.example";
const MEMBER = "member.e2e@northside.example";

let journey: MailJourney;
let server: TestServer;
let browser: Browser;
let base: string;

beforeAll(async () => {
  journey = await startJourney({ smtp: true });
  ({ server, browser } = journey);
  base = server.url;
});

afterAll(() => journey?.close());

const ANSWERS: [string, string][] = [
  ["Project name", "ClinicFlow appointment booking"],
  ["What problem should the prototype solve?", "Our front desk spends 3 hours a day on the phone booking appointments."],
  ["Who will use it?", "Patients booking from their phone\nReceptionists managing the day"],
  ["How is this handled today?", "Phone calls and a shared Google Calendar, reminders sent by hand."],
  ["What must the prototype do?", "Online booking of free slots\nSMS reminder the day before\nMonthly no-show report (optional)"],
  ["Describe the ideal workflow", "Patient opens the link, picks a slot, confirms, then gets a reminder."],
  ["How will you measure success?", "Half of all bookings online within 3 months\nNo-show rate below 8%"],
  ["Preferred technology stack", "React web app with a Node.js backend; SMS through Twilio."],
];

describe("Prototype Projects in the browser", () => {
  it("takes a customer from a new project to a confirmed brief and a team member who sees it read-only", async () => {
    const { context, page, user } = await signedInAs(browser, server, { email: OWNER, name: "Olive Owner" });
    // Profile and NDA done: the idea comes after the NDA (issue 31).
    await onboardOwner(server.app.ctx.db, user.id);

    await page.goto(`${base}/requirements`);
    await page.getByText("No Project Data Found").waitFor();
    await page.getByRole("button", { name: "New Project" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Create" }).click();
    await page.getByRole("tab", { name: "Requirements Form" }).waitFor();
    const projectCode = (await page.locator("text=/PRJ-\\d{4}-\\d{4}/").first().textContent())?.trim() ?? "";
    expect(projectCode).toMatch(/^PRJ-\d{4}-\d{4}$/);

    // Answered badly: each rule shows its own message.
    await page.getByLabel("Project name").fill("AB");
    await page.getByLabel("What problem should the prototype solve?").fill("too short");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("Please provide a project name (at least 3 characters)").waitFor();
    await page.getByText("Please describe the problem you want to solve (at least 10 characters)").waitFor();

    // Answered well; the draft survives a reload before anything is saved.
    for (const [label, value] of ANSWERS) await page.getByLabel(label).fill(value);
    await page.reload();
    await page.getByText("We restored the answers you typed").waitFor();
    expect(await page.getByLabel("Project name").inputValue()).toBe("ClinicFlow appointment booking");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText(/All changes saved/).waitFor();

    // The brief, written by the built-in composer, then confirmed and locked.
    await page.getByRole("button", { name: "Generate AI Brief" }).click();
    await page.getByRole("heading", { name: "1. Executive summary" }).waitFor();
    await page.getByRole("heading", { name: "Success criteria" }).waitFor();
    await page.getByRole("button", { name: "Confirm Brief" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Confirm Brief" }).click();
    await page.getByText("This brief is confirmed and locked.").waitFor();
    expect(await page.getByRole("button", { name: "Confirm Brief" }).count()).toBe(0);

    const pdf = await page.request.get(
      await page
        .getByRole("link", { name: "Download PDF" })
        .getAttribute("href")
        .then((h) => `${base}${h}`),
    );
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

    // The prototype is published (the team opens in testing, issue 30), and a view-only member is invited by email.
    const [created] = await server.app.ctx.db.select({ id: projects.id }).from(projects).where(eq(projects.userId, user.id));
    await openTeam(server.app, created?.id ?? "");
    await page.goto(`${base}/user-management`);
    await page.getByText("No users added yet").waitFor();
    await page.getByRole("button", { name: "Add First User" }).click();
    await page.getByLabel("Email Address").fill(MEMBER);
    await page.getByLabel("Access Level").click();
    await page.getByRole("option", { name: /^View Only/ }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Add User" }).click();
    await page.getByText(MEMBER, { exact: true }).waitFor();
    const invitation = await journey.smtp.waitFor((m) => m.to === MEMBER && m.subject.includes(projectCode));
    expect(invitation.text).toContain(`${base}/dashboard?project=${projectCode}`);
    await context.close();

    // The member signs in (the sign-in journeys test the screen itself) and sees the project, read-only.
    const { context: memberContext, page: memberPage } = await signedInAs(
      browser,
      server,
      { email: MEMBER, name: "Mia Member" },
      { viewport: { width: 375, height: 800 } },
    );
    await memberPage.goto(`${base}/requirements`);
    await memberPage.getByRole("region", { name: "Project summary" }).getByText(projectCode).waitFor();
    await memberPage.getByText(/You have View Only access to this project/).waitFor();
    expect(await memberPage.getByRole("button", { name: "Save", exact: true }).count()).toBe(0);
    await memberPage.getByRole("tab", { name: "Generated Brief" }).click();
    await memberPage.getByRole("heading", { name: "1. Executive summary" }).waitFor();
    await memberContext.close();
  });
});

/** A customer with a session (the login fixture), and the session's cookie for API calls. */
async function signedInContext(email: string) {
  const { context, user, cookie } = await signedInAs(browser, server, { email, name: "Sol Session" });
  await onboardOwner(server.app.ctx.db, user.id);
  return { who: { userId: user.id, cookie }, context };
}

/** The session ends on the server (expired or signed out elsewhere) while the page stays open. */
async function endSessionsOf(userId: string) {
  await server.app.ctx.db.delete(sessions).where(eq(sessions.userId, userId));
  await server.app.changeFeed.caughtUp();
}

async function projectWithBrief(who: { cookie: string; userId: string }) {
  const { cookie } = who;
  const project = await newProject(server.app, who);
  const post = (url: string, payload: object) =>
    server.app.inject({ method: "POST", url, payload, headers: { cookie, ...json } });
  expect((await post(`/api/projects/${project.id}/requirements`, GOOD_ANSWERS)).statusCode).toBe(200);
  expect((await post(`/api/projects/${project.id}/requirements/generate`, {})).statusCode).toBe(200);
  return { project, post };
}

async function openBrief(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${base}/requirements`);
  await page.getByRole("tab", { name: "Generated Brief" }).click();
  await page.getByRole("heading", { name: "1. Executive summary" }).waitFor();
  return page;
}

describe("a lost session and failures on Prototype Projects", () => {
  it("New Project after the session ended says 'Please Login' and goes to /auth", async () => {
    const { who, context } = await signedInContext("lost-new@northside.example");
    const page = await context.newPage();
    await page.goto(`${base}/requirements`);
    await page.getByText("No Project Data Found").waitFor();
    await endSessionsOf(who.userId);
    await page.getByRole("button", { name: "New Project" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Create" }).click();
    await page.getByText("Please Login", { exact: true }).first().waitFor();
    await page.waitForURL(`${base}/auth`);
    await page.getByRole("button", { name: "Send Login Code" }).waitFor();
    await context.close();
  });

  it("New Project that the server fails says 'Failed to create new project:' with the reason", async () => {
    const { context } = await signedInContext("fail-new@northside.example");
    const page = await context.newPage();
    await page.goto(`${base}/requirements`);
    await page.getByText("No Project Data Found").waitFor();
    // The server is briefly unavailable (a proxy answering 503 in front of it).
    await page.route(`${base}/api/projects`, (route) =>
      route.request().method() === "POST"
        ? route.fulfill({
            status: 503,
            contentType: "application/json",
            body: JSON.stringify({ message: "Service temporarily unavailable", code: "UNAVAILABLE" }),
          })
        : route.continue(),
    );
    await page.getByRole("button", { name: "New Project" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Create" }).click();
    await page.getByText("Failed to create new project: Service temporarily unavailable").first().waitFor();
    await page.getByText("No Project Data Found").waitFor();
    expect(page.url()).toBe(`${base}/requirements`);
    await context.close();
  });

  it("Confirm Brief after the session ended says Unauthorized, logging in again, and goes through /api/login", async () => {
    const { who, context } = await signedInContext("lost-confirm@northside.example");
    await projectWithBrief(who);
    const page = await openBrief(context);
    await page.getByRole("button", { name: "Confirm Brief" }).click();
    await endSessionsOf(who.userId);
    // The toast is on screen only for the 0.5 s before the page leaves for /api/login, shorter than a busy machine's
    // polling step: the page reports every toast it draws, so the check cannot miss it.
    const toasts: string[] = [];
    await page.exposeFunction("reportToast", (text: string) => toasts.push(text));
    await page.evaluate(() => {
      const report = (window as unknown as { reportToast: (text: string) => void }).reportToast;
      new MutationObserver(() => {
        for (const item of document.querySelectorAll("li"))
          if (item.textContent?.includes("Unauthorized")) report(item.innerText);
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    const viaLogin = page.waitForRequest(`${base}/api/login`);
    await page.getByRole("dialog").getByRole("button", { name: "Confirm Brief" }).click();
    await viaLogin;
    await page.waitForURL(`${base}/auth`);
    expect(toasts.some((text) => /^Unauthorized\s+You are logged out\. Logging in again\.\.\./.test(text))).toBe(true);
    await context.close();
  });

  it("Confirm Brief refused by the server says 'Failed to confirm brief', then shows the brief as the server holds it", async () => {
    const { who, context } = await signedInContext("fail-confirm@northside.example");
    const { project, post } = await projectWithBrief(who);
    // No live updates reach this tab (its stream is cut, as behind a proxy that drops it): the page cannot know yet.
    await context.route(`${base}/api/events`, (route) => route.abort());
    const page = await openBrief(context);
    // Someone else on the team confirmed it meanwhile: the server now refuses any change.
    expect((await post(`/api/projects/${project.id}/requirements`, { briefConfirmed: true })).statusCode).toBe(200);
    await page.getByRole("button", { name: "Confirm Brief" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Confirm Brief" }).click();
    await page.getByText("Failed to confirm brief", { exact: true }).first().waitFor();
    await page.getByText("This brief is confirmed and locked.").waitFor();
    expect(page.url()).toBe(`${base}/requirements`);
    await context.close();
  });
});

describe("User Management in the browser", () => {
  it("says the projects could not be loaded (not 'no project') when the list fails, and Retry recovers", async () => {
    const { who, context } = await signedInContext("team-retry@northside.example");
    await newProject(server.app, who);
    const page = await context.newPage();
    // The project list is briefly unavailable (a proxy answering 503 in front of the server).
    await page.route(`${base}/api/projects`, (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: '{"message":"Unavailable","code":"UNAVAILABLE"}' }),
    );
    await page.goto(`${base}/user-management`);
    await page.getByText("Your projects could not be loaded.").waitFor();
    expect(await page.getByText("No project found").count()).toBe(0);
    await page.unroute(`${base}/api/projects`);
    await page.getByRole("button", { name: "Retry" }).click();
    await page.getByText("No users added yet").waitFor();
    await context.close();
  });

  it("polls the team, names the package, disables Add User on the last seat and reports a failed removal", async () => {
    const { who, context } = await signedInContext("team-poll@northside.example");
    const project = await newProject(server.app, who);
    await openTeam(server.app, project.id);
    const addMember = (email: string, accessLevel: string) =>
      server.app.inject({
        method: "POST",
        url: `/api/projects/${project.id}/users`,
        payload: { email, accessLevel },
        headers: { cookie: who.cookie, ...json },
      });
    const page = await context.newPage();
    await page.goto(`${base}/user-management`);
    await page.getByText("No users added yet").waitFor();
    await page.getByRole("region", { name: "Team summary" }).getByText("Basic package").waitFor();

    // Added from elsewhere (another tab, a teammate): the list shows them without a reload.
    const added = [];
    for (const [i, level] of ["admin", "user", "view_only", "user"].entries()) {
      const res = await addMember(`poll${i}@northside.example`, level);
      expect(res.statusCode).toBe(201);
      added.push(res.json() as { id: string; email: string });
    }
    await page.getByText("poll3@northside.example").waitFor();
    const header = page.getByRole("button", { name: "Add User" }).first();
    expect(await header.isDisabled()).toBe(false);

    // The fifth seat is taken here; then no slot is left.
    await header.click();
    await page.getByLabel("Email Address").fill("fifth@northside.example");
    await page.getByLabel("Access Level").click();
    await page.getByRole("option", { name: /^User/ }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Add User" }).click();
    await page.getByText("fifth@northside.example", { exact: true }).waitFor();
    await expect.poll(() => header.isDisabled()).toBe(true);
    await page.getByText("All slots are in use").waitFor();

    // Someone removed poll0 while this user was confirming its removal: confirming fails with the shared message.
    const first = added[0];
    if (!first) throw new Error("no member added");
    await page.getByRole("button", { name: `Remove ${first.email}` }).click();
    const confirm = page.getByRole("dialog").getByRole("button", { name: "Remove" });
    await confirm.waitFor();
    await server.app.inject({
      method: "DELETE",
      url: `/api/projects/${project.id}/users/${first.id}`,
      headers: { cookie: who.cookie },
    });
    await confirm.click();
    await page
      .getByText(/^Failed to remove user/)
      .first()
      .waitFor();
    await context.close();
  });
});
