// Testing & Feedback in Chromium: the viewer's states, the bridge, Submit Feedback with every rule, view_only, and
// the admin's answer seen by the customer. Prototypes are small local http servers; PROTOTYPE_FRAME_ORIGINS lets
// the portal's CSP frame them (in production only https origins are framed: docs/decisions/0013-prototype-viewer.md).
import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import { eq } from "drizzle-orm";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectMembers, projects } from "../../src/server/db/schema";
import { FEEDBACK_CLOSED_MESSAGES } from "../../src/shared/domain/feedback-open";
import { createProjectWithStatus, createSessionFor, createUser, type User } from "../factories";
import { signedInAs } from "../setup/browser";
import { HTML_BYTES, pngOfSize } from "../setup/images";
import { type MailJourney, startJourney } from "../setup/journey";
import { saveScreenshot } from "../setup/screen-checks";
import type { TestServer } from "../setup/test-server";

const MB = 1024 * 1024;

type Prototype = { url: string; close(): Promise<void> };

/** Whether `/fixed-later` still refuses frames (the site's owner fixes it during a test). */
let fixedLater = false;

/**
 * A tiny prototype site: `/` frameable (with the bridge when asked), `/blocked` refusing to be framed, `/fixed-later`
 * refusing until `fixedLater`.
 */
async function startPrototype(portal: () => string): Promise<Prototype> {
  const server: Server = createServer((req, res) => {
    if (req.url?.startsWith("/blocked") || (req.url?.startsWith("/fixed-later") && !fixedLater)) {
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

let journey: MailJourney;
let server: TestServer;
let prototype: Prototype;
let browser: Browser;

beforeAll(async () => {
  let portalUrl = "";
  prototype = await startPrototype(() => portalUrl);
  journey = await startJourney({ smtp: true, env: { PROTOTYPE_FRAME_ORIGINS: prototype.url } });
  ({ server, browser } = journey);
  portalUrl = server.url;
});

afterAll(async () => {
  await journey?.close();
  await prototype?.close();
});

/** A browser page signed in as this user through the login fixture (sign-in has its own journey). */
const signedIn = (user: User, width = 1280) => signedInAs(browser, server, user, { viewport: { width, height: 900 } });

async function customerWithProject(email: string, prototypeUrl?: string) {
  const user = await createUser(server.app.ctx.db, { email, name: "Olive Owner" });
  const project = await createProjectWithStatus(server.app.ctx.db, { ownerId: user.id, status: "testing", prototypeUrl });
  await server.app.ctx.db.update(projects).set({ projectName: "ClinicFlow" }).where(eq(projects.id, project.id));
  return { user, project };
}

describe("the prototype viewer", () => {
  it("says Prototype Not Ready when there is no prototype link", async () => {
    const { user } = await customerWithProject("nolink@e2e.example");
    const { context, page } = await signedIn(user);
    await page.goto(`${server.url}/testing-feedback`);
    await page.getByRole("heading", { name: "Prototype Not Ready" }).waitFor();
    await page.getByText("You will be notified as soon as it is ready for testing.").waitFor();
    await page.getByText("No feedback yet").waitFor();
    await saveScreenshot(page, "viewer-not-ready");
    await context.close();
  });

  it("says Unable to Load Prototype for a site that refuses framing, with Open Directly", async () => {
    const { user } = await customerWithProject("blocked@e2e.example", `${prototype.url}/blocked`);
    const { context, page } = await signedIn(user);
    await page.goto(`${server.url}/testing-feedback`);
    await page.getByRole("heading", { name: "Unable to Load Prototype" }).waitFor();
    await page.getByText(/security restrictions/).waitFor();
    const direct = page.getByRole("link", { name: "Open Directly" });
    expect(await direct.getAttribute("href")).toBe(`${prototype.url}/blocked`);
    expect(await direct.getAttribute("target")).toBe("_blank");
    await page.getByRole("button", { name: "Try Again" }).click();
    await page.getByRole("heading", { name: "Unable to Load Prototype" }).waitFor();
    await saveScreenshot(page, "viewer-blocked");
    await context.close();
  });

  it("checks the site again on Try Again and loads the frame once the site allows it", async () => {
    fixedLater = false;
    const { user } = await customerWithProject("fixed-later@e2e.example", `${prototype.url}/fixed-later`);
    const { context, page } = await signedIn(user);
    const checks: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith("/prototype/frame-check")) checks.push(url.search);
    });
    await page.goto(`${server.url}/testing-feedback`);
    await page.getByRole("heading", { name: "Unable to Load Prototype" }).waitFor();
    fixedLater = true;
    await page.getByRole("button", { name: "Try Again" }).click();
    await page.getByText("Loaded", { exact: false }).first().waitFor();
    expect(checks).toEqual(["", "?fresh=true"]);
    await page.frameLocator("iframe[title^='Prototype']").getByRole("heading", { name: "ClinicFlow booking" }).waitFor();
    await context.close();
  });

  it("says Unable to Load Prototype for a host that does not answer, never Loaded over the browser's error page", async () => {
    const silent = createServer();
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const address = silent.address();
    const port = typeof address === "object" && address ? address.port : 0;
    await new Promise<void>((resolve) => silent.close(() => resolve()));
    const { user } = await customerWithProject("no-answer@e2e.example", `http://127.0.0.1:${port}/`);
    const { context, page } = await signedIn(user, 375);
    await page.goto(`${server.url}/testing-feedback`);
    await page.getByRole("heading", { name: "Unable to Load Prototype" }).waitFor();
    await page.getByText(/did not answer/).waitFor();
    expect(await page.getByText("Loaded", { exact: true }).count()).toBe(0);
    expect(await page.locator("iframe[title^='Prototype']").count()).toBe(0);
    await saveScreenshot(page, "viewer-no-answer");
    await context.close();
  });
});

describe("submitting feedback", () => {
  it("checks every rule, takes a 4 MB screenshot with the page and console errors from the bridge, and the admin's answer locks it", async () => {
    const { user, project } = await customerWithProject("tester@e2e.example", `${prototype.url}/`);
    const { context, page } = await signedIn(user);
    await page.goto(`${server.url}/testing-feedback`);
    await page.getByText("Loaded · page tracking on").waitFor();
    const frame = page.frameLocator("iframe[title^='Prototype']");
    await frame.getByRole("button", { name: "Next step" }).click();
    await saveScreenshot(page, "viewer-loaded");

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
    await saveScreenshot(page, "viewer-dialog");
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

    const admin = await createUser(server.app.ctx.db, { email: "admin@blueprint.local", name: "Ada Admin", role: "company" });
    const adminSession = await createSessionFor(server.app, admin);
    const patched = await fetch(`${server.url}/api/projects/${project.id}/feedback/${created.id}`, {
      method: "PATCH",
      headers: {
        "content-type": "application/json",
        cookie: adminSession.header,
      },
      body: JSON.stringify({ status: "done", adminComment: "Fixed: slots load again and an empty day says so." }),
    });
    expect(patched.status).toBe(200);
    await page.reload();
    const reviewed = page.getByTestId("feedback-item").first();
    const answerText = "Fixed: slots load again and an empty day says so.";
    await reviewed.getByRole("region", { name: "Response from our team" }).getByText(answerText).waitFor();
    await reviewed.getByRole("list", { name: "Feedback history" }).getByText(answerText).waitFor();
    await reviewed.getByText("Done", { exact: true }).waitFor();
    await reviewed.getByText("Reviewed by our team — this feedback can no longer be edited.").waitFor();
    expect(await reviewed.getByRole("button", { name: "Edit" }).count()).toBe(0);
    await server.app.emailWorker.drain();
    await journey.smtp.waitFor((m) => m.to === "tester@e2e.example" && m.subject.startsWith("Feedback addressed"));
    await reviewed.getByRole("button", { name: "Enlarge screenshot" }).click();
    await page.getByRole("dialog").getByRole("img").waitFor();
    await page.keyboard.press("Escape");
    await saveScreenshot(page, "viewer-reviewed");

    await page.setViewportSize({ width: 375, height: 800 });
    await saveScreenshot(page, "viewer-reviewed");
    await context.close();
  }, 120_000); // A 4 MB screenshot through the bridge, the upload and the admin's answer: over a minute on a busy machine.

  it("lets a view_only member see the list but not submit", async () => {
    const { user, project } = await customerWithProject("owner2@e2e.example", `${prototype.url}/`);
    const viewer = await createUser(server.app.ctx.db, { email: "viewer@e2e.example", name: "Vera Viewer" });
    await server.app.ctx.db
      .insert(projectMembers)
      .values({ projectId: project.id, email: viewer.email, accessLevel: "view_only", addedBy: user.id });
    const { context, page } = await signedIn(viewer, 375);
    await page.goto(`${server.url}/testing-feedback`);
    await page.getByText("You have view-only access").waitFor();
    await page.getByText("No feedback yet").waitFor();
    expect(await page.getByRole("button", { name: "Submit Feedback" }).count()).toBe(0);
    await saveScreenshot(page, "viewer-view-only");
    await context.close();
  });

  it("offers no Submit Feedback once the project is completed, and says why (issue 42)", async () => {
    const { user, project } = await customerWithProject("closed@e2e.example", `${prototype.url}/`);
    await server.app.ctx.db.update(projects).set({ status: "completed" }).where(eq(projects.id, project.id));
    const { context, page } = await signedIn(user);
    await page.goto(`${server.url}/testing-feedback`);
    await page.getByTestId("feedback-closed").getByText(FEEDBACK_CLOSED_MESSAGES.completed).waitFor();
    await page.getByText("No feedback yet").waitFor();
    expect(await page.getByRole("button", { name: "Submit Feedback" }).count()).toBe(0);
    await saveScreenshot(page, "feedback-closed");
    await context.close();
  });
});

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/**
 * An image drawn by the browser (base64): a white "screen" with a title and a band of 1 px checkerboard standing for
 * private data (x 100-700, y 280-380), 800 x 500. `shade` makes each test's image its own.
 */
async function browserImage(page: Page, type: "image/png" | "image/jpeg", shade = 0): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ({ type, shade }) => {
      const canvas = document.createElement("canvas");
      canvas.width = 800;
      canvas.height = 500;
      const ctx = canvas.getContext("2d");
      if (!ctx) throw new Error("no 2d context");
      ctx.fillStyle = "#ffffff";
      ctx.fillRect(0, 0, 800, 500);
      ctx.fillStyle = `rgb(${shade}, 23, 42)`;
      ctx.font = "24px sans-serif";
      ctx.fillText("Booking - step 2", 440, 40);
      const band = ctx.createImageData(600, 100);
      for (let y = 0; y < 100; y++) {
        for (let x = 0; x < 600; x++) {
          const value = (x + y) % 2 === 0 ? 0 : 255;
          band.data.set([value, value, value, 255], (y * 600 + x) * 4);
        }
      }
      ctx.putImageData(band, 100, 280);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.95));
      if (!blob) throw new Error("no image");
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = "";
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    },
    { type, shade },
  );
  return Buffer.from(base64, "base64");
}

/** Opens Submit Feedback and fills type, issue and change; the screenshot is each test's business. */
async function openFilledDialog(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: "Submit Feedback" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Submit Feedback" });
  await dialog.getByLabel("Feedback Type").click();
  await page.getByRole("option", { name: /Enhancement/ }).click();
  await dialog.getByLabel("Issue Faced").fill("The booking summary shows the patient's phone number in full.");
  await dialog.getByLabel("Change Needed").fill("Mask all but the last three digits of the phone number.");
  return dialog;
}

/** Sends the dialog; answers the created item. */
async function send(page: Page, dialog: Locator, projectId: string): Promise<{ id: string; screenshotUrl: string }> {
  const answer = page.waitForResponse(
    (r) => r.url().endsWith(`/api/projects/${projectId}/feedback`) && r.request().method() === "POST",
  );
  await dialog.getByRole("button", { name: "Submit Feedback" }).click();
  const response = await answer;
  expect(response.status()).toBe(201);
  await page.getByText("Feedback submitted successfully").first().waitFor();
  return response.json();
}

async function storedFile(cookie: string, url: string): Promise<Buffer> {
  const response = await fetch(`${server.url}${url}`, { headers: { cookie } });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** Drags on the mark-up canvas between two points given in the image's own pixels (800 x 500). */
async function drag(page: Page, canvas: Locator, from: [number, number], to: [number, number]) {
  const box = await canvas.boundingBox();
  if (!box) throw new Error("the canvas is not shown");
  const scale = box.width / 800;
  await page.mouse.move(box.x + from[0] * scale, box.y + from[1] * scale);
  await page.mouse.down();
  await page.mouse.move(box.x + to[0] * scale, box.y + to[1] * scale, { steps: 50 });
  await page.mouse.up();
}

const isPng = (bytes: Buffer) => bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
const isJpeg = (bytes: Buffer) => bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]));

describe("the screenshot", () => {
  it("is marked up (a box, a blur, an arrow taken back by Undo) and the marked-up image is what is stored", async () => {
    const { user, project } = await customerWithProject("markup@e2e.example", `${prototype.url}/`);
    const { context, page, cookie } = await signedIn(user);
    await page.goto(`${server.url}/testing-feedback`);
    await page.getByText("Loaded · page tracking on").waitFor();
    const original = await browserImage(page, "image/png");

    const dialog = await openFilledDialog(page);
    await dialog.locator("input[type=file]").setInputFiles({ name: "booking.png", mimeType: "image/png", buffer: original });
    await dialog.getByRole("button", { name: "Mark up" }).click();
    const editor = page.getByRole("dialog", { name: "Mark up screenshot" });
    const canvas = editor.getByLabel("Screenshot being marked up");
    await canvas.waitFor();
    expect(await editor.getByRole("button", { name: "Undo" }).isDisabled()).toBe(true);

    await drag(page, canvas, [100, 60], [400, 200]); // Box is the first tool
    await editor.getByRole("button", { name: "Blur" }).click();
    await drag(page, canvas, [150, 330], [650, 330]);
    await editor.getByRole("button", { name: "Arrow" }).click();
    await drag(page, canvas, [500, 80], [700, 220]);
    await editor.getByRole("button", { name: "Undo" }).click();
    await saveScreenshot(page, "viewer-markup");
    await editor.getByRole("button", { name: "Use marked-up image" }).click();
    await editor.waitFor({ state: "hidden" });
    await dialog.getByRole("img", { name: "Screenshot preview" }).waitFor();

    const created = await send(page, dialog, project.id);
    const stored = await storedFile(cookie, created.screenshotUrl);
    expect(isPng(stored) || isJpeg(stored)).toBe(true);
    expect(stored.equals(original)).toBe(false);
    expect(created.screenshotUrl).toBe(`/api/files/${sha256(stored)}`);

    // Read the stored image back through the browser's decoder (a valid image, or createImageBitmap throws).
    const probe = await page.evaluate(async (url) => {
      const bitmap = await createImageBitmap(await (await fetch(url)).blob());
      const canvas = document.createElement("canvas");
      canvas.width = bitmap.width;
      canvas.height = bitmap.height;
      const ctx = canvas.getContext("2d");
      if (!ctx) throw new Error("no 2d context");
      ctx.drawImage(bitmap, 0, 0);
      const pixel = (x: number, y: number) => Array.from(ctx.getImageData(x, y, 1, 1).data);
      /** Mean difference of neighbouring pixels along a row: 255 for the 1 px checkerboard, low once pixelated. */
      const contrast = (y: number) => {
        const row = ctx.getImageData(200, y, 400, 1).data;
        let sum = 0;
        for (let x = 1; x < 400; x++) sum += Math.abs((row[x * 4] ?? 0) - (row[(x - 1) * 4] ?? 0));
        return sum / 399;
      };
      return {
        width: bitmap.width,
        height: bitmap.height,
        boxEdge: pixel(100, 130),
        arrowMiddle: pixel(600, 150),
        blurred: contrast(330),
        untouched: contrast(290),
      };
    }, created.screenshotUrl);
    expect([probe.width, probe.height]).toEqual([800, 500]);
    const [red = 0, green = 0, blue = 0] = probe.boxEdge;
    expect(red).toBeGreaterThan(200);
    expect(green).toBeLessThan(120);
    expect(blue).toBeLessThan(120);
    expect(probe.arrowMiddle.slice(0, 3)).toEqual([255, 255, 255]); // the undone arrow is not in the image
    expect(probe.untouched).toBeGreaterThan(200); // the band outside the blur keeps its detail
    expect(probe.blurred).toBeLessThan(60); // under the blur brush it is gone
    await context.close();
  });

  it("is pasted from the clipboard into the dialog", async () => {
    const { user, project } = await customerWithProject("paste@e2e.example", `${prototype.url}/`);
    const { context, page, cookie } = await signedIn(user);
    await page.goto(`${server.url}/testing-feedback`);
    const image = await browserImage(page, "image/png", 40);
    const dialog = await openFilledDialog(page);

    await dialog.getByLabel("Issue Faced").focus();
    await page.evaluate((base64) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], "image.png", { type: "image/png" }));
      const target = document.activeElement ?? document.body;
      target.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    }, image.toString("base64"));
    await dialog.getByRole("img", { name: "Screenshot preview" }).waitFor();
    // The image went to the screenshot, not into the text.
    expect(await dialog.getByLabel("Issue Faced").inputValue()).toBe(
      "The booking summary shows the patient's phone number in full.",
    );

    const created = await send(page, dialog, project.id);
    expect(created.screenshotUrl).toBe(`/api/files/${sha256(image)}`);
    expect((await storedFile(cookie, created.screenshotUrl)).equals(image)).toBe(true);
    await page.getByTestId("feedback-item").first().getByRole("button", { name: "Enlarge screenshot" }).waitFor();
    await context.close();
  });

  it("is dropped on the drop zone, and a dropped non-image is refused by its bytes", async () => {
    const { user, project } = await customerWithProject("drop@e2e.example", `${prototype.url}/`);
    const { context, page, cookie } = await signedIn(user, 375);
    await page.goto(`${server.url}/testing-feedback`);
    const image = await browserImage(page, "image/jpeg", 80);
    const dialog = await openFilledDialog(page);

    const drop = (bytes: Buffer, name: string, type: string) =>
      page.evaluate(
        ({ base64, name, type }) => {
          const data = new DataTransfer();
          data.items.add(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], name, { type }));
          const zone = document.querySelector("[data-testid=screenshot-dropzone]");
          if (!zone) throw new Error("no drop zone");
          for (const kind of ["dragenter", "dragover", "drop"]) {
            zone.dispatchEvent(new DragEvent(kind, { dataTransfer: data, bubbles: true, cancelable: true }));
          }
        },
        { base64: bytes.toString("base64"), name, type },
      );

    await drop(HTML_BYTES, "notes.png", "image/png");
    await dialog.getByText("Please choose a PNG, JPG, WebP or GIF image").waitFor();
    expect(await dialog.getByLabel(/Screenshot/).getAttribute("aria-invalid")).toBe("true");
    await saveScreenshot(page, "viewer-drop-refused");
    await drop(image, "phone.jpg", "image/jpeg");
    await dialog.getByRole("img", { name: "Screenshot preview" }).waitFor();
    expect(await dialog.getByText("Please choose a PNG, JPG, WebP or GIF image").count()).toBe(0);
    await saveScreenshot(page, "viewer-dialog");

    const created = await send(page, dialog, project.id);
    const stored = await storedFile(cookie, created.screenshotUrl);
    expect(isJpeg(stored)).toBe(true);
    expect(stored.equals(image)).toBe(true);
    await saveScreenshot(page, "viewer-list");
    await context.close();
  });
});
