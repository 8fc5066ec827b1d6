// Testing & Feedback in Chromium: the viewer's states, the bridge, Submit Feedback with every rule, view_only, and
// the admin's answer seen by the customer. Prototypes are small local http servers; PROTOTYPE_FRAME_ORIGINS lets
// the portal's CSP frame them (in production only https origins are framed: docs/decisions/prototype-viewer.md).
import { createServer, type Server } from "node:http";
import { eq } from "drizzle-orm";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, sessionCookieName } from "../../src/server/auth/sessions";
import { projectMembers, projects } from "../../src/server/db/schema";
import { createProjectWithStatus, createUser } from "../factories";
import { launchBrowser } from "../setup/browser";
import { HTML_BYTES, pngOfSize } from "../setup/images";
import { startSmtpServer, type TestSmtpServer } from "../setup/smtp";
import { startTestServer, type TestServer } from "../setup/test-server";

const MB = 1024 * 1024;
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR;

type Prototype = { url: string; close(): Promise<void> };

/** A tiny prototype site: `/` frameable (with the bridge when asked), `/blocked` refusing to be framed. */
async function startPrototype(portal: () => string): Promise<Prototype> {
  const server: Server = createServer((req, res) => {
    if (req.url?.startsWith("/blocked")) {
      res.writeHead(200, {
        "content-type": "text/html",
        "x-frame-options": "DENY",
        "content-security-policy": "frame-ancestors 'none'",
      });
      res.end("<h1>Not for frames</h1>");
      return;
    }
    res.writeHead(200, { "content-type": "text/html" });
    res.end(`<!doctype html><html><head><title>Booking prototype</title>
<script src="${portal()}/feedback-bridge.js"></script></head>
<body style="font-family:sans-serif;padding:24px;background:#f8fafc">
<h1>ClinicFlow booking</h1><p>Pick a slot to book your visit.</p>
<button id="go" onclick="history.pushState({}, '', '/booking/step-2'); console.error('Slot list failed to load: 500')">Next step</button>
</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

let smtp: TestSmtpServer;
let server: TestServer;
let prototype: Prototype;
let browser: Browser;

beforeAll(async () => {
  smtp = await startSmtpServer();
  let portalUrl = "";
  prototype = await startPrototype(() => portalUrl);
  server = await startTestServer({ SMTP_URL: smtp.url, PROTOTYPE_FRAME_ORIGINS: prototype.url });
  portalUrl = server.url;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await prototype?.close();
  await smtp?.close();
});

/** A browser context signed in as this user (the session is created directly; sign-in has its own journey). */
async function signedIn(
  userId: string,
  role: "customer" | "company",
  width = 1280,
): Promise<{ context: BrowserContext; page: Page }> {
  const { token } = await createSession(server.app.ctx.db, { id: userId, role }, {});
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addCookies([{ name: sessionCookieName(server.app.ctx.config), value: token, url: server.url }]);
  return { context, page: await context.newPage() };
}

async function customerWithProject(email: string, prototypeUrl?: string) {
  const user = await createUser(server.app.ctx.db, { email, name: "Olive Owner" });
  const project = await createProjectWithStatus(server.app.ctx.db, { ownerId: user.id, status: "testing", prototypeUrl });
  await server.app.ctx.db.update(projects).set({ projectName: "ClinicFlow" }).where(eq(projects.id, project.id));
  return { user, project };
}

async function shot(page: Page, name: string) {
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
}

describe("the prototype viewer", () => {
  it("says Prototype Not Ready when there is no prototype link", async () => {
    const { user } = await customerWithProject("nolink@e2e.example");
    const { context, page } = await signedIn(user.id, "customer");
    await page.goto(`${server.url}/testing-feedback`);
    await page.getByRole("heading", { name: "Prototype Not Ready" }).waitFor();
    await page.getByText("You will be notified as soon as it is ready for testing.").waitFor();
    await page.getByText("No feedback yet").waitFor();
    await shot(page, "not-ready-1280");
    await context.close();
  });

  it("says Unable to Load Prototype for a site that refuses framing, with Open Directly", async () => {
    const { user } = await customerWithProject("blocked@e2e.example", `${prototype.url}/blocked`);
    const { context, page } = await signedIn(user.id, "customer");
    await page.goto(`${server.url}/testing-feedback`);
    await page.getByRole("heading", { name: "Unable to Load Prototype" }).waitFor();
    await page.getByText(/security restrictions/).waitFor();
    const direct = page.getByRole("link", { name: "Open Directly" });
    expect(await direct.getAttribute("href")).toBe(`${prototype.url}/blocked`);
    expect(await direct.getAttribute("target")).toBe("_blank");
    await page.getByRole("button", { name: "Try Again" }).click();
    await page.getByRole("heading", { name: "Unable to Load Prototype" }).waitFor();
    await shot(page, "blocked-1280");
    await context.close();
  });
});

describe("submitting feedback", () => {
  it("checks every rule, takes a 4 MB screenshot with the page and console errors from the bridge, and the admin's answer locks it", async () => {
    const { user, project } = await customerWithProject("tester@e2e.example", `${prototype.url}/`);
    const { context, page } = await signedIn(user.id, "customer");
    await page.goto(`${server.url}/testing-feedback`);
    await page.getByText("Loaded · page tracking on").waitFor();
    const frame = page.frameLocator("iframe[title^='Prototype']");
    await frame.getByRole("button", { name: "Next step" }).click();
    await shot(page, "loaded-1280");

    await page.getByRole("button", { name: "Submit Feedback" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Submit Feedback" }).click();
    await dialog.getByText("Please select feedback type").waitFor();
    await dialog.getByText("Please describe the issue (at least 10 characters)").waitFor();
    await dialog.getByText("Please describe the change needed (at least 10 characters)").waitFor();

    const chooser = dialog.locator("input[type=file]");
    await chooser.setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: pngOfSize(6.5 * MB) });
    await dialog.getByText("Image size must be less than 5MB").waitFor();
    await chooser.setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: HTML_BYTES });
    await dialog.getByText("Please choose a PNG, JPG, WebP or GIF image").waitFor();
    await chooser.setInputFiles({ name: "screen.png", mimeType: "image/png", buffer: pngOfSize(4 * MB) });
    await dialog.getByRole("img", { name: "Screenshot preview" }).waitFor();
    expect(await dialog.getByText("Please choose a PNG, JPG, WebP or GIF image").count()).toBe(0);

    await dialog.getByLabel("Feedback Type").click();
    await page.getByRole("option", { name: /Error/ }).click();
    await dialog.getByLabel("Issue Faced").fill("The slot list fails to load on step 2 of booking.");
    await dialog.getByLabel("Change Needed").fill("Show the free slots, or a clear message when none are free.");
    await shot(page, "dialog-1280");
    const answer = page.waitForResponse(
      (r) => r.url().endsWith(`/api/projects/${project.id}/feedback`) && r.request().method() === "POST",
    );
    await dialog.getByRole("button", { name: "Submit Feedback" }).click();
    expect((await answer).status()).toBe(201);
    await page.getByText("Feedback submitted successfully").first().waitFor();
    const item = page.getByTestId("feedback-item").first();
    await item.getByText("The slot list fails to load on step 2 of booking.").waitFor();
    await item.getByText(`${prototype.url}/booking/step-2`).waitFor();
    await item.getByText("1 console error").waitFor();
    await item.getByRole("button", { name: "Edit" }).waitFor();

    const created = (await (await answer).json()) as {
      id: string;
      screenshotUrl: string;
      context: { consoleErrors: Array<{ message: string }> };
    };
    expect(created.context.consoleErrors[0]?.message).toBe("Slot list failed to load: 500");
    const stored = await server.app.ctx.files.head(created.screenshotUrl.split("/").pop() ?? "");
    expect(stored?.size).toBe(4 * MB);

    const admin = await createUser(server.app.ctx.db, { email: "admin.e2e@blueprint.local", name: "Ada Admin", role: "company" });
    const adminSession = await createSession(server.app.ctx.db, { id: admin.id, role: "company" }, {});
    const patched = await fetch(`${server.url}/api/projects/${project.id}/feedback/${created.id}`, {
      method: "PATCH",
      headers: {
        "content-type": "application/json",
        cookie: `${sessionCookieName(server.app.ctx.config)}=${adminSession.token}`,
      },
      body: JSON.stringify({ status: "done", adminComment: "Fixed: slots load again and an empty day says so." }),
    });
    expect(patched.status).toBe(200);
    await page.reload();
    const reviewed = page.getByTestId("feedback-item").first();
    await reviewed.getByText("Fixed: slots load again and an empty day says so.").waitFor();
    await reviewed.getByText("Done", { exact: true }).waitFor();
    await reviewed.getByText("Reviewed by our team — this feedback can no longer be edited.").waitFor();
    expect(await reviewed.getByRole("button", { name: "Edit" }).count()).toBe(0);
    await server.app.emailWorker.drain();
    await smtp.waitFor((m) => m.to === "tester@e2e.example" && m.subject.startsWith("Feedback addressed"));
    await reviewed.getByRole("button", { name: "Enlarge screenshot" }).click();
    await page.getByRole("dialog").getByRole("img").waitFor();
    await page.keyboard.press("Escape");
    await shot(page, "reviewed-1280");

    await page.setViewportSize({ width: 375, height: 800 });
    await shot(page, "reviewed-375");
    await context.close();
  });

  it("lets a view_only member see the list but not submit", async () => {
    const { user, project } = await customerWithProject("owner2@e2e.example", `${prototype.url}/`);
    const viewer = await createUser(server.app.ctx.db, { email: "viewer@e2e.example", name: "Vera Viewer" });
    await server.app.ctx.db
      .insert(projectMembers)
      .values({ projectId: project.id, email: viewer.email, accessLevel: "view_only", addedBy: user.id });
    const { context, page } = await signedIn(viewer.id, "customer", 375);
    await page.goto(`${server.url}/testing-feedback`);
    await page.getByText("You have view-only access").waitFor();
    await page.getByText("No feedback yet").waitFor();
    expect(await page.getByRole("button", { name: "Submit Feedback" }).count()).toBe(0);
    await shot(page, "view-only-375");
    await context.close();
  });
});
