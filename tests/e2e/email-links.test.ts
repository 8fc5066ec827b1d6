// Every email's link, followed as its reader would: on another device, signed out. The link leads to sign-in, the
// code comes by email, and the reader lands on exactly the linked page (path and query) showing the thing the email
// was about. Customer emails and the company's emails alike; the welcome toast stays clear of the page's buttons.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { json, newProject, openTeam, type SignedInUser, signedInUser } from "../factories";
import { codeFieldCleared, countCodeFieldClears } from "../setup/code-field";
import { GOOD_FEEDBACK, patchFeedback, postFeedback } from "../setup/feedback";
import { ADMIN, type MailJourney, startJourney } from "../setup/journey";
import { approveNdaAs, signNdaFor, submitProfile } from "../setup/onboarding";
import { checkScreen, DESKTOP, PHONE } from "../setup/screen-checks";
import { type CapturedMail, codeIn, type TestSmtpServer } from "../setup/smtp";
import type { TestServer } from "../setup/test-server";

const OWNER = { email: "links.owner@northside.example", name: "Lena Link" };

let journey: MailJourney;
let smtp: TestSmtpServer;
let server: TestServer;
let browser: Browser;
let owner: SignedInUser;
let admin: SignedInUser;
let project: { id: string; projectCode: string };
// Each case signs in through the screen with a code from the mail, in a fresh browser: more than the default minute
// on a busy machine.
vi.setConfig({ testTimeout: 180_000 });
/** The customer's thread, whose first message the company is emailed about. */
let threadId: string;

beforeAll(async () => {
  journey = await startJourney({ smtp: true });
  ({ smtp, server, browser } = journey);
  owner = await signedInUser(server.app, OWNER);
  admin = await signedInUser(server.app, ADMIN);
  project = await newProject(server.app, owner);
});

afterAll(() => journey?.close());

async function api(method: "POST" | "PATCH", url: string, cookie: string, payload: object) {
  const res = await server.app.inject({ method, url, payload, headers: { cookie, ...json } });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** The email's action link (its "Label: URL" line in the text part), which the HTML part's button carries too. */
function actionLink(mail: CapturedMail, label: string): string {
  const line = mail.text.split("\n").find((l) => l.startsWith(`${label}: `));
  if (!line) throw new Error(`no "${label}" link in "${mail.subject}"`);
  const link = line.slice(label.length + 2).trim();
  expect(mail.html).toContain(`href="${link.replaceAll("&", "&amp;")}"`);
  expect(link.startsWith(`${server.url}/`)).toBe(true);
  return link;
}

const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

/**
 * Opens the link in a fresh, signed-out browser and signs in through the screen with the code from the mail. Answers
 * once the page is the link's page again; a customer page passes through /auth?next=…, the console (/admin) is
 * itself a visitor's sign-in screen and keeps its query.
 */
async function followSignedOut(
  link: string,
  who: { email: string; name: string },
  viewport = DESKTOP,
): Promise<{ page: Page; signInUrl: string }> {
  const context = await browser.newContext({ viewport });
  context.setDefaultTimeout(60_000);
  const page = await context.newPage();
  await countCodeFieldClears(page);
  await page.goto(link);
  await page.getByRole("button", { name: "Send Login Code" }).waitFor();
  const signInUrl = page.url();
  const since = smtp.messages.length;
  await page.getByLabel("Email Address").fill(who.email);
  await page.getByLabel("Your Name").fill(who.name);
  await page.getByRole("button", { name: "Send Login Code" }).click();
  const mail = await smtp.waitFor(
    (m) => m.to === who.email && m.subject.endsWith("sign-in code") && smtp.messages.indexOf(m) >= since,
  );
  await codeFieldCleared(page);
  await page.getByLabel("6-digit code").fill(codeIn(mail.text));
  await page.getByRole("button", { name: "Verify & Login" }).click();
  await holdWelcomeToast(page);
  await page.getByRole("button", { name: "User menu" }).waitFor();
  expect(pathOf(page.url())).toBe(pathOf(link));
  return { page, signInUrl };
}

/** The welcome toast, held up by the pointer (Radix pauses a toast's timer while the pointer is over it). */
async function holdWelcomeToast(page: Page) {
  const toast = page
    .getByRole("region", { name: /Notifications/ })
    .locator("li")
    .filter({ hasText: "You have been logged in successfully." });
  await toast.hover();
  return toast;
}

/** The welcome toast is up and no button, link or field of the page lies under it. */
async function expectToastClearOfActions(page: Page) {
  const toast = await holdWelcomeToast(page);
  await toast.hover();
  const box = await toast.boundingBox();
  expect(box).not.toBeNull();
  const actions = page.getByRole("main").locator("button:visible, a:visible, [role=tab]:visible, input:visible");
  const boxes = await actions.evaluateAll((elements) =>
    elements.map((e) => {
      const r = e.getBoundingClientRect();
      return {
        name: (e.textContent ?? "").trim() || e.getAttribute("aria-label") || e.tagName,
        x: r.x,
        y: r.y,
        w: r.width,
        h: r.height,
      };
    }),
  );
  expect(boxes.length).toBeGreaterThan(0);
  if (!box) return;
  const covered = boxes.filter(
    (b) => b.w > 0 && b.h > 0 && b.x < box.x + box.width && box.x < b.x + b.w && b.y < box.y + box.height && box.y < b.y + b.h,
  );
  expect(covered.map((b) => b.name)).toEqual([]);
}

describe("a customer's emails, opened signed out", () => {
  it("the company's reply: sign-in with the way back, then the thread open on Communications for the project", async () => {
    const thread = await api("POST", `/api/projects/${project.id}/communications`, owner.cookie, {
      type: "message",
      subject: "Brand colours for the booking page",
      content: "Which blue should the buttons use?",
    });
    threadId = thread.id;
    await api("POST", `/api/projects/${project.id}/communications/${threadId}/replies`, admin.cookie, {
      content: "Use **#1D4ED8** for every primary button.",
    });
    const mail = await smtp.waitFor((m) => m.to === OWNER.email && m.subject.startsWith("Re: "));
    const link = actionLink(mail, "Open the conversation");
    expect(pathOf(link)).toBe(`/communications?thread=${threadId}&project=${project.projectCode}`);

    const context = await browser.newContext({ viewport: DESKTOP });
    const visitor = await context.newPage();
    await visitor.goto(link);
    await visitor.getByRole("button", { name: "Send Login Code" }).waitFor();
    const signIn = new URL(visitor.url());
    expect(signIn.pathname).toBe("/auth");
    expect(signIn.searchParams.get("next")).toBe(pathOf(link));
    await checkScreen(visitor, "links-sign-in-return");
    await visitor.setViewportSize(PHONE);
    await checkScreen(visitor, "links-sign-in-return");

    const { page } = await followSignedOut(link, OWNER);
    await page.getByRole("heading", { name: "Communications" }).waitFor();
    await page.getByRole("list", { name: "Replies" }).getByText("for every primary button.").waitFor();
    await page.locator("strong", { hasText: "#1D4ED8" }).waitFor();
    await expectToastClearOfActions(page);
    expect(pathOf(page.url())).toBe(pathOf(link));
  });

  it("a meeting request answered: Meeting Requests for the project, the request scheduled", async () => {
    const request = await api("POST", `/api/projects/${project.id}/meeting-requests`, owner.cookie, {
      subject: "Walk through the prototype",
      description: "Thirty minutes with the whole team.",
      urgency: "medium",
    });
    const at = new Date(Date.now() + 3 * 86_400_000).toISOString();
    await api("PATCH", `/api/company/meeting-requests/${request.id}`, admin.cookie, {
      status: "scheduled",
      scheduledAt: at,
      meetingLink: "https://meet.google.com/abc-defg-hij",
    });
    const mail = await smtp.waitFor((m) => m.to === OWNER.email && m.subject.includes("Walk through the prototype"));
    const link = actionLink(mail, "View your meeting requests");
    // The link names the request itself: after sign-in it is the one marked and brought into view.
    expect(pathOf(link)).toBe(`/meeting-requests?project=${project.projectCode}&request=${request.id}`);

    const { page } = await followSignedOut(link, OWNER, PHONE);
    await page.getByRole("heading", { name: "Meeting Requests" }).waitFor();
    await page.getByText("Walk through the prototype").first().waitFor();
    expect(await page.locator('[data-linked-id][aria-current="true"]').getAttribute("data-linked-id")).toBe(request.id);
    await expectToastClearOfActions(page);
  });

  it("feedback marked done: Testing & Feedback for the project, the feedback and the answer", async () => {
    const created = (await postFeedback(server.app, project.id, owner.cookie)).json();
    const done = await patchFeedback(server.app, project.id, created.id, admin.cookie, {
      status: "done",
      adminComment: "Fixed in build 42: the button saves every time.",
      adminUpdatedAt: "2020-01-01T00:00:00Z",
    });
    expect(done.statusCode).toBe(200);
    const mail = await smtp.waitFor((m) => m.to === OWNER.email && m.subject.startsWith("Feedback addressed"));
    const link = actionLink(mail, "Open Testing & Feedback");
    expect(pathOf(link)).toBe(`/testing-feedback?project=${project.projectCode}&item=${created.id}`);

    const { page } = await followSignedOut(link, OWNER);
    await page.getByRole("heading", { name: "Testing & Feedback" }).waitFor();
    await page.getByText(GOOD_FEEDBACK.issueFaced).first().waitFor();
    expect(await page.locator('[data-linked-id][aria-current="true"]').getAttribute("data-linked-id")).toBe(created.id);
    await page.getByText("Fixed in build 42: the button saves every time.").first().waitFor();
  });

  it("an invitation: the invited member signs in and lands on the project's dashboard", async () => {
    const member = { email: "links.member@northside.example", name: "Mia Member" };
    await openTeam(server.app, project.id);
    await api("POST", `/api/projects/${project.id}/users`, owner.cookie, { email: member.email, accessLevel: "user" });
    const mail = await smtp.waitFor((m) => m.to === member.email && m.subject.includes(project.projectCode));
    const link = actionLink(mail, "Sign in to Blueprint");
    expect(pathOf(link)).toBe(`/dashboard?project=${project.projectCode}`);

    const { page } = await followSignedOut(link, member);
    await page.getByText(project.projectCode).first().waitFor();
  });

  it("a reminder to finish the profile: Onboarding", async () => {
    const newcomer = await signedInUser(server.app, { email: "links.newcomer@northside.example", name: "Nico New" });
    await api("POST", `/api/company/users/${newcomer.userId}/profile-reminder`, admin.cookie, {});
    const mail = await smtp.waitFor((m) => m.to === newcomer.email && m.subject.includes("profile"));
    const link = actionLink(mail, "Complete your profile");
    expect(pathOf(link)).toBe("/onboarding");

    const { page } = await followSignedOut(link, { email: newcomer.email, name: "Nico New" });
    await page.getByRole("heading", { name: "Onboarding", exact: true }).waitFor();
  });
});

describe("the company's emails, opened signed out", () => {
  it("the company's message: the admin's link opens the thread in the console's inbox", async () => {
    const mail = await smtp.waitFor(
      (m) => m.to === ADMIN.email && m.subject === `[${project.projectCode}] Brand colours for the booking page`,
    );
    const link = actionLink(mail, "Open the conversation");
    expect(pathOf(link)).toBe(`/admin?tab=inbox&thread=${threadId}`);

    const { page, signInUrl } = await followSignedOut(link, ADMIN);
    expect(pathOf(signInUrl)).toBe(pathOf(link));
    await page.getByText("Company Admin", { exact: true }).first().waitFor();
    await page.getByText("Which blue should the buttons use?").first().waitFor();
    await expectToastClearOfActions(page);
  });
  it("a meeting request: the console's Meeting Requests tab with the request", async () => {
    const request = await api("POST", `/api/projects/${project.id}/meeting-requests`, owner.cookie, {
      subject: "Pricing questions before launch",
      urgency: "high",
    });
    const mail = await smtp.waitFor((m) => m.to === ADMIN.email && m.subject.includes("Pricing questions before launch"));
    const link = actionLink(mail, "Respond in the admin console");
    expect(pathOf(link)).toBe(`/admin?tab=meetings&request=${request.id}`);

    const { page } = await followSignedOut(link, ADMIN, PHONE);
    await page.getByRole("tab", { name: /Meeting/, selected: true }).waitFor();
    await page.getByText("Pricing questions before launch").first().waitFor();
    await expectToastClearOfActions(page);
  });

  it("an NDA to approve, then the customer's approval: NDA Management, and the customer's dashboard", async () => {
    const signer = await signedInUser(server.app, { email: "links.signer@engines.example", name: "Ada Lovelace" });
    await submitProfile(server.app, signer.cookie, { company: "Difference Engines Ltd" });
    const profileId = await signNdaFor(server.app, signer.cookie, signer.email);
    const notice = await smtp.waitFor((m) => m.to === ADMIN.email && m.subject.startsWith("NDA awaiting your approval"));
    const link = actionLink(notice, "Open NDA Management");
    expect(pathOf(link)).toBe("/admin?tab=nda");

    const { page } = await followSignedOut(link, ADMIN);
    await page.getByRole("tab", { name: /NDA/, selected: true }).waitFor();
    await page
      .getByText(/Difference Engines Ltd|Engines/)
      .first()
      .waitFor();

    await approveNdaAs(server.app, admin.cookie, ADMIN.email, profileId);
    const approved = await smtp.waitFor((m) => m.to === signer.email && m.subject.includes("approved"));
    const dashboardLink = actionLink(approved, "Open your dashboard");
    expect(pathOf(dashboardLink)).toBe("/dashboard");
    const customer = await followSignedOut(dashboardLink, { email: signer.email, name: "Ada Lovelace" });
    await customer.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).waitFor();
  });
});
