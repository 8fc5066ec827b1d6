// GET /api/files/{id}: served only to those who may see the owning project, with the safe headers, on either backend.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customer, json, newProject, openTeam } from "../../../../tests/factories";
import { HTML_BYTES, PDF_BYTES, pngOfSize } from "../../../../tests/setup/images";
import { startS3Server, type TestS3Server } from "../../../../tests/setup/s3";
import { createTestApp, signIn, type TestApp } from "../../../../tests/setup/test-app";
import { FILE_MESSAGES } from "../../../shared/constants/files";
import { AppError } from "../../errors";
import { storeProjectFile } from "./project-files";

let t: TestApp;
let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

const get = (id: string, cookie?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url: `/api/files/${id}`, headers: { ...(cookie ? { cookie } : {}), ...headers } });

describe("GET /api/files/{id}", () => {
  it("serves a project's file to its owner, members and the company, and to no one else", async () => {
    const owner = await customer(t.app, "files-owner@example.com");
    const project = await newProject(t.app, owner);
    await openTeam(t.app, project.id);
    await t.app.inject({
      method: "POST",
      url: `/api/projects/${project.id}/users`,
      payload: { email: "files-viewer@example.com", accessLevel: "view_only" },
      headers: { cookie: owner.cookie, ...json },
    });
    const bytes = pngOfSize(2000);
    const stored = await storeProjectFile(t.app.ctx, {
      projectId: project.id,
      kind: "feedback_screenshot",
      bytes,
      filename: "../../Screen shot «1».png",
      createdBy: owner.userId,
    });
    expect(stored.url).toBe(`/api/files/${stored.fileId}`);

    const mine = await get(stored.fileId, owner.cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.rawPayload.equals(bytes)).toBe(true);
    expect(mine.headers["content-type"]).toBe("image/png");
    expect(mine.headers["x-content-type-options"]).toBe("nosniff");
    expect(mine.headers["content-security-policy"]).toContain("sandbox");
    expect(mine.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(mine.headers["cache-control"]).toBe("private, max-age=31536000, immutable");
    expect(mine.headers["content-disposition"]).toBe(
      `inline; filename="Screen shot 1.png"; filename*=UTF-8''Screen%20shot%20%C2%AB1%C2%BB.png`,
    );
    expect((await get(stored.fileId, owner.cookie, { "if-none-match": `"${stored.fileId}"` })).statusCode).toBe(304);
    expect((await get(`${stored.fileId}?download=1`, owner.cookie)).headers["content-disposition"]).toMatch(/^attachment;/);

    const viewer = await signIn(t.app, "files-viewer@example.com");
    expect((await get(stored.fileId, viewer)).statusCode).toBe(200);
    const admin = await signIn(t.app, "admin@blueprint.local");
    expect((await get(stored.fileId, admin)).statusCode).toBe(200);

    const stranger = await customer(t.app, "files-stranger@example.com");
    const theirs = await get(stored.fileId, stranger.cookie);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ code: "NOT_FOUND" });
    expect(theirs.headers["cache-control"]).toBe("no-store");
    expect((await get(stored.fileId)).statusCode).toBe(401);
    expect((await get("not-a-content-id", owner.cookie)).statusCode).toBe(404);
    expect((await get("f".repeat(64), owner.cookie)).statusCode).toBe(404);
  });

  it("serves documents as attachments", async () => {
    const owner = await customer(t.app, "files-docs@example.com");
    const project = await newProject(t.app, owner);
    const stored = await storeProjectFile(t.app.ctx, {
      projectId: project.id,
      kind: "brd",
      bytes: PDF_BYTES,
      filename: "BRD v2.docx",
      createdBy: null,
    });
    const res = await get(stored.fileId, owner.cookie);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="BRD v2.pdf"; filename*=UTF-8''BRD%20v2.pdf`);
  });

  it("refuses files whose bytes are not of the kind, whatever their name, and images over 5 MB", async () => {
    const owner = await customer(t.app, "files-refuse@example.com");
    const project = await newProject(t.app, owner);
    const attempt = (bytes: Buffer, kind: "feedback_screenshot" | "brd") =>
      storeProjectFile(t.app.ctx, { projectId: project.id, kind, bytes, filename: "photo.png", createdBy: null }).catch(
        (error: unknown) => error as AppError,
      );
    const html = await attempt(HTML_BYTES, "feedback_screenshot");
    expect(html).toMatchObject({ statusCode: 415, fields: { screenshotUrl: FILE_MESSAGES.notAnImage } });
    expect(await attempt(pngOfSize(100), "brd")).toMatchObject({ statusCode: 415, message: FILE_MESSAGES.notADocument });
    const big = await attempt(pngOfSize(5 * 1024 * 1024 + 1), "feedback_screenshot");
    expect(big).toBeInstanceOf(AppError);
    expect(big).toMatchObject({ statusCode: 413, fields: { screenshotUrl: "Image size must be less than 5MB" } });
  });
});

describe("GET /api/files/{id} with S3 storage", () => {
  it("stores the bytes in the bucket and serves them from there", async () => {
    const app = await createTestApp({ S3_URL: s3.url });
    try {
      expect(app.app.ctx.files.backend).toBe("s3");
      const owner = await customer(app.app, "files-s3@example.com");
      const project = await newProject(app.app, owner);
      const bytes = pngOfSize(4096);
      const stored = await storeProjectFile(app.app.ctx, {
        projectId: project.id,
        kind: "feedback_screenshot",
        bytes,
        createdBy: owner.userId,
      });
      expect(await app.app.ctx.files.head(stored.fileId)).toMatchObject({ size: 4096, contentType: "image/png" });
      const res = await app.app.inject({ method: "GET", url: stored.url, headers: { cookie: owner.cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(bytes)).toBe(true);
      expect(res.headers["content-disposition"]).toContain('filename="feedback-screenshot.png"');
    } finally {
      await app.close();
    }
  });
});
