import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCompletedProfile, GOOD_ANSWERS, json, newProject } from "../../../../tests/factories";
import { fileUpload, multipart } from "../../../../tests/setup/multipart";
import { approveNdaAs, signNdaFor, submitProfile } from "../../../../tests/setup/onboarding";
import { createTestApp, signIn, type TestApp } from "../../../../tests/setup/test-app";

let t: TestApp;
let signedPdf: Buffer;
let approvedPdf: Buffer;
let ndaDraftPdf: Buffer;
let draftBriefPdf: Buffer;
let confirmedBriefPdf: Buffer;
let projectCode = "";

beforeAll(async () => {
  t = await createTestApp();
  const email = "verify@example.com";
  const cookie = await signIn(t.app, email, "Mary Jackson");
  await submitProfile(t.app, cookie, { fullName: "Mary Jackson", company: "Wind Tunnel Co" });
  const profileId = await signNdaFor(t.app, cookie, email);
  signedPdf = (await t.app.inject({ method: "GET", url: "/api/nda/download/signed", headers: { cookie } })).rawPayload;
  const admin = await signIn(t.app, "admin@blueprint.local", "Site Admin");
  await approveNdaAs(t.app, admin, "admin@blueprint.local", profileId);
  approvedPdf = (await t.app.inject({ method: "GET", url: "/api/nda/download/signed", headers: { cookie } })).rawPayload;
  ndaDraftPdf = (await t.app.inject({ method: "GET", url: "/api/nda/generate/draft", headers: { cookie } })).rawPayload;

  // A customer's brief: downloaded as a draft, then confirmed and downloaded again.
  const author = await signIn(t.app, "brief.author@example.com", "Brie Author");
  const me = (await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie: author } })).json();
  await createCompletedProfile(t.app.ctx.db, { userId: me.id });
  const project = await newProject(t.app, { cookie: author, userId: me.id });
  projectCode = project.projectCode;
  const requirementsUrl = `/api/projects/${project.id}/requirements`;
  const post = (url: string, payload: object) =>
    t.app.inject({ method: "POST", url, payload, headers: { cookie: author, ...json } });
  await post(requirementsUrl, GOOD_ANSWERS);
  await post(`${requirementsUrl}/generate`, {});
  const pdf = () => t.app.inject({ method: "GET", url: `/api/projects/${project.id}/brief.pdf`, headers: { cookie: author } });
  draftBriefPdf = (await pdf()).rawPayload;
  expect((await post(requirementsUrl, { briefConfirmed: true })).statusCode).toBe(200);
  confirmedBriefPdf = (await pdf()).rawPayload;
});
afterAll(async () => {
  await t.close();
});

const pdfUpload = (bytes: Buffer, filename = "nda.pdf", contentType = "application/pdf") =>
  fileUpload(filename, bytes, contentType);

const upload = (body: ReturnType<typeof fileUpload>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url: "/api/verify-document", payload: body.payload, headers: { ...body.headers, ...headers } });

describe("POST /api/verify-document", () => {
  it("recognises a signed NDA the portal issued, with its signers and dates, without signing in", async () => {
    const res = await upload(pdfUpload(approvedPdf));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      valid: true,
      document: {
        kind: "nda_signed",
        title: "Mutual Non-Disclosure Agreement",
        customerName: "Mary Jackson",
        companyName: "Wind Tunnel Co",
        signerEmail: "verify@example.com",
        approvedBy: "admin@blueprint.local",
        status: "approved",
        signedAt: expect.any(String),
        approvedAt: expect.any(String),
      },
    });
  });

  it("still recognises the copy issued before approval, as it was then", async () => {
    const res = await upload(pdfUpload(signedPdf));
    expect(res.json()).toMatchObject({ valid: true, document: { status: "customer_verified", approvedAt: null } });
  });

  it("shows a confirmed brief as the customer's own document with its own title, never as an agreement", async () => {
    const res = await upload(pdfUpload(confirmedBriefPdf, "brief.pdf"));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      valid: true,
      document: {
        kind: "project_brief",
        title: `Project brief ${projectCode}`,
        authoredBy: "customer",
        customerName: null,
        signerEmail: null,
        signedAt: null,
        approvedAt: null,
      },
    });
    expect(res.body).not.toContain("Non-Disclosure");
  });

  it("marks the NDA as issued by Blueprint", async () => {
    expect((await upload(pdfUpload(approvedPdf))).json().document.authoredBy).toBe("blueprint");
  });

  it("does not recognise drafts: an unconfirmed brief or an unsigned NDA", async () => {
    expect(draftBriefPdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect((await upload(pdfUpload(draftBriefPdf, "brief.pdf"))).json()).toMatchObject({ valid: false, document: null });
    expect(ndaDraftPdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect((await upload(pdfUpload(ndaDraftPdf))).json()).toMatchObject({ valid: false, document: null });
  });

  it("says no for a copy changed by one byte", async () => {
    const changed = Buffer.from(approvedPdf);
    const at = Math.floor(changed.length / 2);
    changed[at] = (changed[at] ?? 0) ^ 0x01;
    const res = await upload(pdfUpload(changed));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ valid: false, document: null });
  });

  it("refuses a file that is not a PDF, whatever its name and type say, with 415", async () => {
    const res = await upload(pdfUpload(Buffer.from("<html><script>alert(1)</script></html>"), "nda.pdf", "application/pdf"));
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe("Please upload a PDF file");
  });

  it("refuses a file over 20 MB with 413", async () => {
    const big = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(20 * 1024 * 1024 + 10, 0x20)]);
    const res = await upload(pdfUpload(big));
    expect(res.statusCode).toBe(413);
  });

  it("refuses a JSON body with 415 and a request without a file with 400", async () => {
    const json = await t.app.inject({ method: "POST", url: "/api/verify-document", payload: { file: "x" } });
    expect(json.statusCode).toBe(415);
    const empty = await upload(multipart({}));
    expect(empty.statusCode).toBe(400);
  });

  it("refuses a cross-origin upload", async () => {
    const res = await upload(pdfUpload(approvedPdf), { origin: "https://evil.example" });
    expect(res.statusCode).toBe(403);
  });
});
