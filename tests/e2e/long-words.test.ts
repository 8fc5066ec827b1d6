// Text that wraps: 300-character words (a URL without spaces and a plain word) in every text a user writes, and every
// screen that shows them opened at 1280 and 375 px. No page scrolls sideways and no dialog's content is wider than
// the dialog. Also the console's questions before a removal, and Close round on Feedback Management.
//
// SCREENS is the list to extend: a screen is a path, who opens it, what to wait for, and (optionally) the clicks
// that open a dialog or tab on it.
import { eq } from "drizzle-orm";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactInquiries, projects } from "../../src/server/db/schema";
import { PROJECT_NAME_MAX_LENGTH } from "../../src/shared/schemas/requirements";
import { createCompletedProfile, newProject, type SignedInUser, signedInUser } from "../factories";
import { signedInAs, signInContext } from "../setup/browser";
import { postFeedback } from "../setup/feedback";
import { type Journey, startJourney } from "../setup/journey";
import { checkScreen, expectNoHorizontalScroll } from "../setup/screen-checks";
import type { TestServer } from "../setup/test-server";

const ADMIN = "admin@blueprint.local";
const WIDTHS = [1280, 375] as const;

/** A word of `length` characters without a break opportunity, starting with `tag` (what the test waits for). */
const word = (tag: string, length = 300) => (tag + "abcdefghijklmnopqrstuvwxyz".repeat(Math.ceil(length / 26))).slice(0, length);
/** A URL of `length` characters without spaces or hyphens. */
const url = (tag: string, length = 300) =>
  `https://example.com/${tag}/${"a1b2c3d4e5f6g7h8i9j0".repeat(Math.ceil(length / 20))}`.slice(0, length);
const both = (tag: string) => `${url(tag.toLowerCase())} ${word(tag)}`;

/** As long as an address may be: 64 characters before the @, two 63-character labels. */
const MEMBER_EMAIL = `${"member".padEnd(64, "m")}@${"d".repeat(63)}.${"e".repeat(63)}.example`;

const TEXT = {
  fullName: word("Fullname"),
  company: word("Companyname"),
  jobTitle: word("Jobtitle"),
  address: both("Address"),
  website: url("website"),
  projectName: word("Projectname", PROJECT_NAME_MAX_LENGTH),
  answer: both("Answer"),
  brief: `# ${word("Briefheading")}\n\n${both("Brief")}\n\n- ${word("Bullet")}\n\n\`${word("Inlinecode")}\``,
  issue: both("Issue"),
  change: both("Change"),
  adminComment: both("Admincomment"),
  subject: word("Subject", 200),
  content: both("Content"),
  reply: both("Reply"),
  meetingSubject: word("Meetingsubject", 200),
  description: both("Description"),
  preferredDates: word("Preferred"),
  adminNotes: both("Adminnotes"),
  brdName: `${word("Brdname", 196)}.pdf`,
  inquiry: both("Inquiry"),
};

let journey: Journey;
let server: TestServer;
let browser: Browser;
let admin: SignedInUser;
let owner: SignedInUser;
let project: { id: string; projectCode: string };

async function call(who: SignedInUser, method: "POST" | "PATCH", path: string, payload: object) {
  const res = await server.app.inject({ method, url: path, headers: { cookie: who.cookie }, payload });
  if (res.statusCode >= 300) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body}`);
  return res.json();
}

beforeAll(async () => {
  journey = await startJourney();
  ({ server, browser } = journey);
  const db = server.app.ctx.db;
  admin = await signedInUser(server.app, { email: ADMIN, name: "Site Admin", role: "company" });
  owner = await signedInUser(server.app, { email: "long.words@e2e.example", name: TEXT.fullName });
  await createCompletedProfile(db, {
    userId: owner.userId,
    fullName: TEXT.fullName,
    company: TEXT.company,
    jobTitle: TEXT.jobTitle,
    companyAddress: TEXT.address,
    companyWebsite: TEXT.website,
    packageType: "premium",
    ndaStatus: "approved",
  });
  project = await newProject(server.app, owner);
  await call(admin, "PATCH", `/api/company/projects/${project.id}`, { projectName: TEXT.projectName, status: "testing" });
  await call(owner, "POST", `/api/projects/${project.id}/requirements`, {
    projectName: TEXT.projectName,
    problemStatement: TEXT.answer,
    targetUsers: TEXT.answer,
    currentSolution: TEXT.answer,
    coreFunctionality: TEXT.answer,
    idealWorkflow: TEXT.answer,
    successCriteria: TEXT.answer,
    techStack: TEXT.answer,
    additionalRequirements: TEXT.answer,
    generatedBrief: TEXT.brief,
  });
  // A prototype address as long as a pasted one (nothing answers there: the viewer says it cannot load it).
  await db
    .update(projects)
    .set({ prototypeUrl: `http://127.0.0.1:9/${word("prototype", 280)}` })
    .where(eq(projects.id, project.id));
  await call(admin, "POST", `/api/company/projects/${project.id}/brd-upload`, {
    documentUrl: `https://example.com/${word("brd", 200)}.pdf`,
    documentName: TEXT.brdName,
  });

  const feedback = await postFeedback(server.app, project.id, owner.cookie, {
    feedbackType: "error",
    issueFaced: TEXT.issue,
    changeDescription: TEXT.change,
  });
  if (feedback.statusCode !== 201) throw new Error(`feedback: ${feedback.statusCode} ${feedback.body}`);
  await call(admin, "PATCH", `/api/projects/${project.id}/feedback/${feedback.json().id}`, { adminComment: TEXT.adminComment });

  const thread = await call(owner, "POST", `/api/projects/${project.id}/communications`, {
    type: "message",
    subject: TEXT.subject,
    content: TEXT.content,
  });
  await call(admin, "POST", `/api/projects/${project.id}/communications/${thread.id}/replies`, { content: TEXT.reply });

  const meeting = await call(owner, "POST", `/api/projects/${project.id}/meeting-requests`, {
    subject: TEXT.meetingSubject,
    description: TEXT.description,
    preferredDates: TEXT.preferredDates,
    urgency: "high",
  });
  await call(admin, "PATCH", `/api/company/meeting-requests/${meeting.id}`, { status: "pending", adminNotes: TEXT.adminNotes });

  await call(owner, "POST", `/api/projects/${project.id}/users`, { email: MEMBER_EMAIL, accessLevel: "user" });

  await db.insert(contactInquiries).values({
    form: "long",
    name: word("Inquirer"),
    email: MEMBER_EMAIL,
    company: word("Inquirycompany"),
    phone: "+1 415 555 0100",
    message: TEXT.inquiry,
    remarks: TEXT.inquiry,
  });
}, 120_000);

afterAll(() => journey?.close());

type Screen = {
  name: string;
  who: "owner" | "admin" | "visitor";
  path: string;
  /** A text the screen shows once its data is in. */
  ready: string;
  /** Opens the dialog or tab to check, after the page is ready; answers what to wait for next. */
  open?: (page: Page) => Promise<void>;
};

const consoleTab = (tab: string, ready: string): Screen => ({
  name: `admin-${tab}`,
  who: "admin",
  path: `/admin?tab=${tab}`,
  ready,
});

const detailsTab = (label: string, ready: string): Screen => ({
  name: `admin-details-${label.toLowerCase().replace(/\W+/g, "-")}`,
  who: "admin",
  path: "/admin?tab=projects",
  ready: "Projectname",
  open: async (page) => {
    await page.getByRole("button", { name: "View Details" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("tab", { name: label }).click();
    await dialog.getByText(ready).filter({ visible: true }).first().waitFor();
  },
});

/** An owner's screen checked once one click (a tab, a thread) has brought up `shows`. */
const ownerAfterClick = (name: string, path: string, ready: string, target: (page: Page) => Locator, shows: string): Screen => ({
  name,
  who: "owner",
  path,
  ready,
  open: async (page) => {
    await target(page).click();
    await page.getByText(shows).filter({ visible: true }).first().waitFor();
  },
});

const SCREENS: Screen[] = [
  { name: "pricing", who: "visitor", path: "/pricing", ready: "What each package includes" },
  { name: "dashboard", who: "owner", path: "/dashboard", ready: "Recent Activity" },
  { name: "profile", who: "owner", path: "/profile", ready: "Profile Information" },
  { name: "onboarding", who: "owner", path: "/onboarding", ready: "Company Setup" },
  ownerAfterClick(
    "requirements",
    "/requirements",
    "Projectname",
    (page) => page.getByRole("tab", { name: "Generated Brief" }),
    "Briefheading",
  ),
  { name: "user-management", who: "owner", path: "/user-management", ready: "membermmm" },
  { name: "testing-feedback", who: "owner", path: "/testing-feedback", ready: "Admincomment" },
  { name: "communications", who: "owner", path: "/communications", ready: "Subject" },
  ownerAfterClick("communications-thread", "/communications", "Subject", (page) => page.getByText("Subject").first(), "Reply"),
  { name: "meeting-requests", who: "owner", path: "/meeting-requests", ready: "Meetingsubject" },
  consoleTab("projects", "Projectname"),
  consoleTab("activity", "Fullname"),
  consoleTab("feedback", "Admincomment"),
  consoleTab("nda", "NDA Management"),
  consoleTab("meetings", "Adminnotes"),
  consoleTab("inquiries", "Inquirycompany"),
  consoleTab("audit", "Projectname"),
  detailsTab("Overview", "Brdname"),
  detailsTab("Customer Profile", "Jobtitle"),
  detailsTab("Requirements", "Briefheading"),
  detailsTab("NDA Status", "Fullname"),
  detailsTab("Communications", "Reply"),
  detailsTab("Feedback", "Admincomment"),
  detailsTab("Audit Log", "Projectname"),
  {
    name: "admin-edit-details",
    who: "admin",
    path: "/admin?tab=projects",
    ready: "Projectname",
    open: async (page) => {
      await page.getByRole("button", { name: "Edit Details" }).first().click();
      await page.getByRole("dialog").getByText("Phase 4 Final Documents & Deployment").waitFor();
    },
  },
];

/** Every open dialog fits the viewport, and nothing in it is wider than it (it scrolls only vertically). */
async function expectDialogsFit(page: Page): Promise<void> {
  const problems = await page.evaluate(() => {
    const out: string[] = [];
    const viewport = document.documentElement.clientWidth;
    for (const dialog of document.querySelectorAll<HTMLElement>('[role="dialog"], [role="alertdialog"]')) {
      const box = dialog.getBoundingClientRect();
      if (box.left < -0.5 || box.right > viewport + 0.5) out.push(`dialog spans ${box.left}–${box.right} of ${viewport} px`);
      if (dialog.scrollWidth > dialog.clientWidth + 1)
        out.push(`dialog content is ${dialog.scrollWidth - dialog.clientWidth} px wider`);
      for (const element of dialog.querySelectorAll<HTMLElement>("*")) {
        // What a scroller inside the dialog holds (the tab strip, a code block) may be wider: it scrolls itself.
        let scrolled = false;
        for (let a = element.parentElement; a && a !== dialog; a = a.parentElement) {
          if (getComputedStyle(a).overflowX !== "visible") scrolled = true;
        }
        const rect = element.getBoundingClientRect();
        if (!scrolled && rect.width > 0 && rect.right > box.right + 0.5) {
          out.push(
            `${element.tagName.toLowerCase()} "${(element.textContent ?? "").slice(0, 30)}" ends ${Math.round(rect.right - box.right)} px past the dialog`,
          );
        }
      }
    }
    return out.slice(0, 5);
  });
  expect(problems).toEqual([]);
}

async function openScreen(screen: Screen, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  if (screen.who !== "visitor") await signInContext(context, server, screen.who === "admin" ? admin : owner);
  const page = await context.newPage();
  await page.goto(`${server.url}${screen.path}`);
  await page.getByText(screen.ready).filter({ visible: true }).first().waitFor();
  await screen.open?.(page);
  return { context, page };
}

/** Lets the page lay itself out again after a resize (a media query's listener renders on the next frame). */
const nextFrames = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

describe("300-character words wrap on every screen", () => {
  // Each screen is opened once and checked at each width in turn (the page resized, as a window or a turned phone is).
  for (const screen of SCREENS) {
    it(`${screen.name} at ${WIDTHS.join(" and ")} px`, async () => {
      const { context, page } = await openScreen(screen, WIDTHS[0]);
      try {
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 900 });
          await nextFrames(page);
          await expectNoHorizontalScroll(page);
          await expectDialogsFit(page);
          if (screen.name === "admin-details-overview" || screen.name === "admin-details-customer-profile") {
            await checkScreen(page, `long-words-${screen.name}`);
          }
        }
      } finally {
        await context.close();
      }
    });
  }
});

describe("removals in the console ask first", () => {
  for (const width of WIDTHS) {
    it(`the BRD's trash icon asks before removing, and Cancel keeps it (${width} px)`, async () => {
      const { context, page } = await signedInAs(browser, server, admin, { viewport: { width, height: 900 } });
      await page.goto(`${server.url}/admin?tab=projects`);
      const remove = page.getByRole("button", { name: `Remove BRD of ${project.projectCode}` });
      await remove.click();
      const question = page.getByRole("alertdialog", { name: "Remove the BRD?" });
      await question.waitFor();
      await question.getByText(/will be removed from/).waitFor();
      await checkScreen(page, "confirm-remove-brd");
      await expectDialogsFit(page);
      await question.getByRole("button", { name: "Cancel" }).click();
      await question.waitFor({ state: "hidden" });
      await remove.waitFor();
      const [row] = await server.app.ctx.db.select().from(projects).where(eq(projects.id, project.id));
      expect(row?.brdDocumentName).toBe(TEXT.brdName);
      await context.close();
    });
  }
});

describe("the BRD removal, confirmed", () => {
  it("removes the BRD once the admin says so", async () => {
    const { context, page } = await signedInAs(browser, server, admin);
    await page.goto(`${server.url}/admin?tab=projects`);
    await page.getByRole("button", { name: `Remove BRD of ${project.projectCode}` }).click();
    const question = page.getByRole("alertdialog", { name: "Remove the BRD?" });
    await question.getByRole("button", { name: "Remove BRD" }).click();
    await question.waitFor({ state: "hidden" });
    await page.getByText("BRD document deleted successfully").first().waitFor();
    await page.getByRole("button", { name: `Remove BRD of ${project.projectCode}` }).waitFor({ state: "detached" });
    const [row] = await server.app.ctx.db.select().from(projects).where(eq(projects.id, project.id));
    expect(row?.brdDocumentName).toBeNull();
    await context.close();
  });
});

describe("Close round on Feedback Management", () => {
  /** A project in testing with two items in round 1, one of them done. */
  async function projectWithRound(n: number) {
    const customer = await signedInUser(server.app, { email: `round-${n}@e2e.example`, name: "Rhea Round" });
    await createCompletedProfile(server.app.ctx.db, { userId: customer.userId, fullName: "Rhea Round" });
    const created = await newProject(server.app, customer);
    await call(admin, "PATCH", `/api/company/projects/${created.id}`, { projectName: "Round trip", status: "testing" });
    const ids: string[] = [];
    for (const issueFaced of ["The booking button does nothing.", "The calendar shows last week."]) {
      const res = await postFeedback(server.app, created.id, customer.cookie, {
        feedbackType: "error",
        issueFaced,
        changeDescription: "It should work.",
      });
      ids.push(res.json().id);
    }
    await call(admin, "PATCH", `/api/projects/${created.id}/feedback/${ids[0]}`, { status: "done" });
    return created;
  }

  it("is unavailable until a project is chosen", async () => {
    const { context, page } = await signedInAs(browser, server, admin);
    await page.goto(`${server.url}/admin?tab=feedback`);
    await page.getByRole("heading", { name: "Feedback Management" }).waitFor();
    expect(await page.getByRole("button", { name: "Close round" }).isDisabled()).toBe(true);
    await context.close();
  });

  for (const width of WIDTHS) {
    it(`closes the chosen project's round after asking, shows the result, and says why a second close is refused (${width} px)`, async () => {
      const chosen = await projectWithRound(width);
      const { context, page } = await signedInAs(browser, server, admin, { viewport: { width, height: 900 } });
      await page.goto(
        `${server.url}/admin?tab=feedback&feedback-project=${chosen.id}&feedback-code=${encodeURIComponent(chosen.projectCode)}`,
      );
      await page.getByText("The calendar shows last week.").waitFor();
      await page.getByRole("button", { name: "Close round" }).click();
      const question = page.getByRole("alertdialog", { name: "Close round 1 of 3?" });
      await question.getByText(/pending items move to the next round/).waitFor();
      await checkScreen(page, "feedback-close-round-confirm");
      await question.getByRole("button", { name: "Close round" }).click();
      await question.waitFor({ state: "hidden" });
      const result = page.getByTestId("close-round-result");
      await result.getByText("Round 1 closed: 1 item done, 1 pending carried to round 2. Iterations used: 1 of 3.").waitFor();
      await checkScreen(page, "feedback-close-round-closed");
      const [row] = await server.app.ctx.db.select().from(projects).where(eq(projects.id, chosen.id));
      expect(row?.iterationsUsed).toBe(1);

      // Nothing of round 2 is done yet: the server's reason is shown, nothing changes.
      await page.getByRole("button", { name: "Close round" }).click();
      await page.getByRole("alertdialog", { name: "Close round 2 of 3?" }).getByRole("button", { name: "Close round" }).click();
      await result.getByText("Mark at least one item of this round as done before closing it.").waitFor();
      const [after] = await server.app.ctx.db.select().from(projects).where(eq(projects.id, chosen.id));
      expect(after?.iterationsUsed).toBe(1);
      await context.close();
    });
  }
});
