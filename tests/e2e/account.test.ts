// The account's own settings in the browser: notification choices, "Download my data" (the ZIP read with unzip)
// and deleting the account from the danger zone with the emailed code (a wrong code first).
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Customer, customer, newProject, openTeam } from "../factories";
import { signedInAs } from "../setup/browser";
import { type Journey, startJourney } from "../setup/journey";
import { submitProfile } from "../setup/onboarding";
import { DESKTOP, PHONE } from "../setup/screen-checks";
import { latestCodeFor } from "../setup/test-app";
import type { TestServer } from "../setup/test-server";

let journey: Journey;
let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let owner: Customer;
let downloads: string;

beforeAll(async () => {
  journey = await startJourney();
  ({ server, browser } = journey);
  owner = await customer(server.app, "account.e2e@northside.example", "Dana Data");
  await submitProfile(server.app, owner.cookie);
  await newProject(server.app, owner);
  ({ context, page } = await signedInAs(browser, server, { email: owner.email }, { viewport: DESKTOP, acceptDownloads: true }));
  downloads = mkdtempSync(join(tmpdir(), "bp-e2e-export-"));
});

afterAll(async () => {
  await journey?.close();
  if (downloads) rmSync(downloads, { recursive: true, force: true });
});

const api = (path: string) =>
  server.app.inject({ method: "GET", url: path, headers: { cookie: owner.cookie } }).then((res) => res);

describe("User Management: leaving a project", () => {
  it("an invited member leaves after confirming, and the project is gone from their list", async () => {
    const host = await customer(server.app, "host.e2e@northside.example", "Hana Host");
    const project = await newProject(server.app, host);
    await openTeam(server.app, project.id);
    const invited = await server.app.inject({
      method: "POST",
      url: `/api/projects/${project.id}/users`,
      payload: { email: "guest.e2e@northside.example", accessLevel: "view_only" },
      headers: { cookie: host.cookie, "content-type": "application/json" },
    });
    expect(invited.statusCode).toBe(201);
    const guest = await customer(server.app, "guest.e2e@northside.example", "Gil Guest");
    const { context: guestContext, page: guestPage } = await signedInAs(
      browser,
      server,
      { email: guest.email },
      { viewport: PHONE },
    );
    await guestPage.goto(`${server.url}/user-management`);
    await guestPage.getByRole("button", { name: "Leave this project" }).click();
    const dialog = guestPage.getByRole("dialog", { name: `Leave ${project.projectCode}?` });
    await dialog.getByRole("button", { name: "Leave project" }).click();
    await guestPage.getByText("You have left the project.").first().waitFor();
    await guestPage.getByText("No project found").waitFor();
    const left = await server.app.inject({ method: "GET", url: "/api/projects", headers: { cookie: guest.cookie } });
    expect(left.json().items).toEqual([]);
    await guestContext.close();
  });
});

describe("Profile Settings: the account's own data", () => {
  it("saves a notification choice", async () => {
    await page.goto(`${server.url}/profile`);
    await page.getByRole("heading", { name: "Notifications" }).waitFor();
    await page.getByRole("combobox", { name: "Messages" }).click();
    await page.getByRole("option", { name: "Daily digest" }).click();
    await page.getByRole("button", { name: "Save notifications" }).click();
    await page.getByText("Your email choices are saved.").first().waitFor();
    expect((await api("/api/me/notification-preferences")).json()).toMatchObject({ messages: "digest", team: "email" });
  });

  it("downloads my data as a ZIP the unzip command reads", async () => {
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download my data" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^blueprint-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const file = join(downloads, download.suggestedFilename());
    await download.saveAs(file);
    const names = execFileSync("unzip", ["-Z1", file], { encoding: "utf8" });
    expect(names).toContain("profile.json");
    const profile = JSON.parse(execFileSync("unzip", ["-p", file, "profile.json"], { encoding: "utf8" }));
    expect(profile.account.email).toBe(owner.email);
    expect(profile.notificationPreferences.messages).toBe("digest");
  });

  it("deletes the account from the danger zone: a wrong code is refused and changes nothing, the right one signs out", async () => {
    await page.getByRole("button", { name: "Delete account" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await dialog.getByRole("button", { name: "Email me a code" }).click();
    await dialog.getByText("We emailed you a 6-digit code").waitFor();
    const code = await latestCodeFor(server.app, owner.email);
    const wrong = code === "111111" ? "222222" : "111111";

    await dialog.getByLabel("6-digit code").fill(wrong);
    await dialog.getByLabel('Type "DELETE" to confirm').fill("DELETE");
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await dialog.getByText("Invalid code. Please check it and try again.").waitFor();
    expect((await api("/api/auth/user")).statusCode).toBe(200);

    await dialog.getByLabel("6-digit code").fill(code);
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await page.waitForURL(`${server.url}/`);
    expect((await api("/api/auth/user")).statusCode).toBe(401);
    const cookies = await context.cookies(server.url);
    expect(cookies.find((c) => c.name === "bp_session")).toBeUndefined();
  });
});
