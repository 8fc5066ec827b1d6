// Issue 26, item 11. A member of a project (any level) could download the owner's invoice by its file id, although
// the documents list shows members no invoices: GET /api/files/{id} now applies the documents list's rule (invoices:
// the owner and the company only). And the request log wrote unsubscribe tokens (any token in a query string) in its
// URLs: only known, harmless parameters keep their values now.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectMembers, projects } from "../../src/server/db/schema";
import { unsubscribeUrl } from "../../src/server/email/unsubscribe";
import { storeProjectFile } from "../../src/server/features/files/project-files";
import { fileUrl } from "../../src/shared/constants/files";
import { MEMBER_ACCESS_LEVELS } from "../../src/shared/domain/project-access";
import { createCompletedProfile, createProjectWithStatus, signedInUser } from "../factories";
import { createTestApp, signIn, type TestApp } from "../setup/test-app";

const logLines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: "info" }, { logStream: { write: (line) => void logLines.push(line) } });
});
afterAll(async () => {
  await t?.close();
});

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`);
const get = (url: string, cookie: string) => t.app.inject({ method: "GET", url, headers: { cookie } });

describe("GET /api/files/{id} follows the documents list's rule", () => {
  it("gives the owner's invoice to the owner and the company, never to a member of any level; the BRD to all", async () => {
    const owner = await signedInUser(t.app, { email: "invoice-owner@files.example", name: "Olive Owner" });
    await createCompletedProfile(t.app.ctx.db, { userId: owner.userId, ndaStatus: "approved" });
    const project = await createProjectWithStatus(t.app.ctx.db, { ownerId: owner.userId, status: "requirements" });
    const invoice = await storeProjectFile(t.app.ctx, {
      projectId: project.id,
      kind: "invoice",
      bytes: pdf("advance invoice"),
      filename: "advance.pdf",
      createdBy: null,
    });
    const brd = await storeProjectFile(t.app.ctx, {
      projectId: project.id,
      kind: "brd",
      bytes: pdf("requirements"),
      filename: "brd.pdf",
      createdBy: null,
    });
    await t.app.ctx.db
      .update(projects)
      .set({ advanceInvoiceUrl: fileUrl(invoice.fileId), brdDocumentUrl: fileUrl(brd.fileId) })
      .where(eq(projects.id, project.id));
    const admin = await signIn(t.app, "admin@blueprint.local", "Ada Admin");
    expect((await get(invoice.url, owner.cookie)).statusCode).toBe(200);
    expect((await get(invoice.url, admin)).statusCode).toBe(200);
    for (const level of MEMBER_ACCESS_LEVELS) {
      const member = await signedInUser(t.app, { email: `invoice-${level}@files.example`, name: "Mia Member" });
      await t.app.ctx.db.insert(projectMembers).values({ projectId: project.id, email: member.email, accessLevel: level });
      await t.app.changeFeed.caughtUp();
      const listed = (await get(`/api/projects/${project.id}/documents`, member.cookie)).json() as Array<{ kind: string }>;
      expect(listed.map((document) => document.kind)).not.toContain("advance_invoice");
      const refused = await get(invoice.url, member.cookie);
      expect(refused.statusCode, level).toBe(404);
      expect(refused.body).not.toContain("advance invoice");
      expect((await get(brd.url, member.cookie)).statusCode, level).toBe(200);
    }
  });
});

describe("the request log", () => {
  it("writes no unsubscribe token, nor any other unknown query value, in the URLs it records", async () => {
    const owner = await signedInUser(t.app, { email: "log-reader@files.example", name: "Lou Logs" });
    const link = new URL(unsubscribeUrl(t.app.ctx.config, owner.userId, "digest"));
    const token = link.searchParams.get("t") ?? "";
    expect(token.length).toBeGreaterThan(10);
    logLines.length = 0;
    expect((await t.app.inject({ method: "GET", url: `${link.pathname}${link.search}` })).statusCode).toBe(200);
    await t.app.inject({ method: "GET", url: "/api/auth/user?token=secret-token-value-123&code=654321&page=2" });
    const log = logLines.join("");
    expect(log).toContain('"url":"/unsubscribe?');
    expect(log).not.toContain(token);
    expect(log).not.toContain(encodeURIComponent(token));
    expect(log).not.toContain(owner.userId);
    expect(log).not.toContain("secret-token-value-123");
    expect(log).not.toContain("654321");
    expect(log).toContain("page=2");
  });
});
