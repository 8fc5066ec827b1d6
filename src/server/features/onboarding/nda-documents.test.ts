import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approveNdaAs, signNdaFor, submitProfile } from "../../../../tests/setup/onboarding";
import { pdfText as readPdfText } from "../../../../tests/setup/pdf-text";
import { createTestApp, signIn, type TestApp } from "../../../../tests/setup/test-app";
import { sha256Hex } from "../../auth/secrets";
import { issuedDocuments, ndaSignatures } from "../../db/schema";

let t: TestApp;
let admin: string;
const ADMIN = "admin@blueprint.local";
let dir: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, ADMIN, "Site Admin");
  dir = mkdtempSync(path.join(tmpdir(), "bp-nda-"));
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, cookie?: string) => t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });

const pdfText = (bytes: Buffer) => readPdfText(bytes, { layout: true });

let counter = 0;
async function signedCustomer(fullName = "Katherine Johnson") {
  const email = `doc${++counter}@example.com`;
  const cookie = await signIn(t.app, email, fullName);
  await submitProfile(t.app, cookie, { fullName, company: "Orbital Mechanics Inc" });
  const profileId = await signNdaFor(t.app, cookie, email);
  return { email, cookie, profileId };
}

function expectPdf(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toBe("application/pdf");
  expect(res.headers["x-content-type-options"]).toBe("nosniff");
  expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
}

describe("the draft NDA", () => {
  it("is a real PDF with the customer's and company's names, the terms, and no signature", async () => {
    const email = "draft@example.com";
    const cookie = await signIn(t.app, email, "Dorothy Vaughan");
    await submitProfile(t.app, cookie, { fullName: "Dorothy Vaughan", company: "Fortran Works" });
    const res = await get("/api/nda/generate/draft", cookie);
    expectPdf(res);
    expect(res.headers["content-disposition"]).toMatch(/^inline; filename="NDA-Dorothy-Vaughan-draft.pdf"/);
    const text = pdfText(res.rawPayload);
    expect(text).toContain("Dorothy Vaughan, acting for and on behalf of Fortran Works");
    expect(text).toContain("12 months after the end of the project");
    expect(text).toContain("Draft for review - not signed");
    const [row] = await t.app.ctx.db
      .select()
      .from(issuedDocuments)
      .where(eq(issuedDocuments.sha256, sha256Hex(res.rawPayload)));
    // A draft is for reading: /verify must not vouch for it.
    expect(row).toBeUndefined();
  });

  it("answers 401 to visitors", async () => {
    expect((await get("/api/nda/generate/draft")).statusCode).toBe(401);
  });
});

describe("the signed NDA", () => {
  it("embeds the signature image and ends with the audit page, named from the customer's full name", async () => {
    const c = await signedCustomer();
    const res = await get("/api/nda/download/signed", c.cookie);
    expectPdf(res);
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="NDA-Katherine-Johnson.pdf"; filename*=UTF-8''NDA-Katherine-Johnson.pdf`,
    );

    const pdf = await PDFDocument.load(res.rawPayload);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(3);
    expect(pdf.getTitle()).toBe("Mutual Non-Disclosure Agreement - Katherine Johnson");
    expect(res.rawPayload.includes(Buffer.from("/Subtype /Image"))).toBe(true);

    const text = pdfText(res.rawPayload);
    const [signature] = await t.app.ctx.db.select().from(ndaSignatures).where(eq(ndaSignatures.profileId, c.profileId));
    const lastPage =
      text
        .split("\f")
        .filter((page) => page.trim())
        .at(-1) ?? "";
    expect(lastPage).toContain("Signing Certificate and Audit Trail");
    for (const label of ["Signing code sent", "Signing code verified", "Agreement signed"]) expect(lastPage).toContain(label);
    expect(lastPage).toContain(c.email);
    expect(lastPage).toContain("IP address: 127.0.0.1");
    expect(lastPage).toContain("Browser:");
    expect(lastPage.replace(/\s+/g, "")).toContain(signature?.agreementSha256);
    expect(text).toContain("Awaiting company approval");
  });

  it("is the same file every time until something changes, and its SHA-256 is recorded", async () => {
    const c = await signedCustomer();
    const first = await get("/api/nda/generate/signed", c.cookie);
    const second = await get("/api/nda/download/signed", c.cookie);
    expect(first.rawPayload.equals(second.rawPayload)).toBe(true);
    expect(first.headers["x-document-sha256"]).toBe(sha256Hex(first.rawPayload));
    const rows = await t.app.ctx.db.select().from(issuedDocuments).where(eq(issuedDocuments.profileId, c.profileId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "nda_signed", sha256: sha256Hex(first.rawPayload) });
  });

  it("shows the company's approval once approved, drawn by the approval's signature over the Provider's box", async () => {
    const c = await signedCustomer();
    await approveNdaAs(t.app, admin, ADMIN, c.profileId);
    const res = await get("/api/nda/download/signed", c.cookie);
    // In content order (-raw) the signature's appearance follows the page's own "Awaiting company approval".
    const file = path.join(dir, "approved.pdf");
    writeFileSync(file, res.rawPayload);
    const text = execFileSync("pdftotext", ["-raw", file, "-"], { encoding: "utf8" });
    expect(text).toMatch(new RegExp(`Approved electronically\\nBlueprint\\n${ADMIN}\\nApproved \\d{4}-\\d\\d-\\d\\d`));
  });

  it("draws typed values as text, never as markup", async () => {
    const name = "Łukasz <script>alert(1)</script> (O'Brien) \\ Ωmega";
    const c = await signedCustomer(name);
    const res = await get("/api/nda/download/signed", c.cookie);
    expectPdf(res);
    const text = pdfText(res.rawPayload);
    expect(text).toContain("Łukasz <script>alert(1)</script> (O'Brien) \\ Ωmega");
    expect(res.headers["content-disposition"]).toContain(
      "filename*=UTF-8''NDA-%C5%81ukasz-script-alert-1-script-O-Brien-%CE%A9mega.pdf",
    );
  });

  it("answers 404 when the customer has not signed", async () => {
    const cookie = await signIn(t.app, "notsigned@example.com", "Not Signed");
    expect((await get("/api/nda/download/signed", cookie)).statusCode).toBe(404);
    await submitProfile(t.app, cookie);
    expect((await get("/api/nda/generate/signed", cookie)).statusCode).toBe(404);
  });
});

describe("GET /api/nda/download/{profileId}", () => {
  it("gives the owner and a company admin the file, and another customer a 404", async () => {
    const owner = await signedCustomer();
    const url = `/api/nda/download/${owner.profileId}`;
    expectPdf(await get(url, owner.cookie));
    expectPdf(await get(url, admin));
    const other = await signIn(t.app, "other.customer@example.com", "Other Customer");
    const res = await get(url, other);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe("NOT_FOUND");
    expect((await get(url)).statusCode).toBe(401);
    expect((await get("/api/nda/download/not-a-uuid", admin)).statusCode).toBe(404);
  });
});

describe("how the signed PDF looks", () => {
  it("renders every page to PNG with pdftoppm", async () => {
    const c = await signedCustomer();
    await approveNdaAs(t.app, admin, ADMIN, c.profileId);
    const res = await get("/api/nda/download/signed", c.cookie);
    const file = path.join(dir, "signed.pdf");
    writeFileSync(file, res.rawPayload);
    execFileSync("pdftoppm", ["-png", "-r", "50", file, path.join(dir, "page")]);
    const pages = readdirSync(dir).filter((name) => name.startsWith("page") && name.endsWith(".png"));
    expect(pages.length).toBe((await PDFDocument.load(res.rawPayload)).getPageCount());
    for (const page of pages) {
      const png = readFileSync(path.join(dir, page));
      expect(png.subarray(1, 4).toString()).toBe("PNG");
    }
    if (process.env.NDA_PREVIEW_DIR && existsSync(process.env.NDA_PREVIEW_DIR)) {
      writeFileSync(path.join(process.env.NDA_PREVIEW_DIR, "signed-nda.pdf"), res.rawPayload);
    }
  });
});
