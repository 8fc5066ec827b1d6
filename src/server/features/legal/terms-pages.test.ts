// The public /terms, /privacy and /refunds pages (issue 48 §2): filled from the company's legal details at request
// time (legal name, address, governing law), a notice while they are not set up, and the new text as soon as they
// change; revalidated by ETag.
import { describe, expect, it } from "vitest";
import { COMPANY_LEGAL, setCompanyLegal } from "../../../../tests/factories";
import { openForFile } from "../../../../tests/setup/per-file";
import { createTestApp } from "../../../../tests/setup/test-app";
import { LEGAL_NOT_SET_UP_NOTICE } from "../../../shared/legal-pages";
import { companyLegalSettings } from "../../db/schema";

const t = openForFile(() => createTestApp());

const visit = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");

describe("the public terms pages", () => {
  it("render with the trading name and a notice before the legal details are set up", async () => {
    await t.app.ctx.db.delete(companyLegalSettings);
    for (const url of ["/terms", "/privacy", "/refunds"]) {
      const res = await visit(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
      expect(text(res.body)).toContain(LEGAL_NOT_SET_UP_NOTICE);
    }
    expect(text((await visit("/terms")).body)).toContain('between Blueprint ("we", the "Provider")');
  });

  it.each([
    ["/terms", "Project Terms"],
    ["/privacy", "Privacy Notice"],
    ["/refunds", "Refund and Cancellation Policy"],
  ])("%s names the legal entity, its address and its contact once set up", async (url, heading) => {
    await setCompanyLegal(t.app.ctx.db);
    const page = text((await visit(url)).body);
    expect(page).toContain(heading);
    expect(page).toContain(COMPANY_LEGAL.legalName);
    expect(page).toContain("12 MG Road, Bengaluru 560001, India");
    expect(page).toContain(COMPANY_LEGAL.contactEmail);
    expect(page).not.toContain(LEGAL_NOT_SET_UP_NOTICE);
  });

  it("states the governing law, the signatory and the company's payment schedule in the terms", async () => {
    await setCompanyLegal(t.app.ctx.db, { advancePercent: 30 });
    const page = text((await visit("/terms")).body);
    expect(page).toContain(`These terms are governed by ${COMPANY_LEGAL.governingLaw}`);
    expect(page).toContain(`${COMPANY_LEGAL.signatoryName}, ${COMPANY_LEGAL.signatoryTitle}, signs for the Provider`);
    expect(page).toContain("30 % is due as an advance");
    expect(page).toContain("The remaining 70 % is due on delivery");
  });

  it("shows changed details at once, escapes them, and answers 304 while they are unchanged", async () => {
    await setCompanyLegal(t.app.ctx.db, { legalName: "Blueprint <Labs> & Co" });
    const first = await visit("/terms");
    expect(first.body).toContain("Blueprint &lt;Labs&gt; &amp; Co");
    expect(first.body).not.toContain("<Labs>");
    const again = await visit("/terms", { "if-none-match": String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    await setCompanyLegal(t.app.ctx.db, { legalName: "Blueprint Global Ltd" });
    const changed = await visit("/terms", { "if-none-match": String(first.headers.etag) });
    expect(changed.statusCode).toBe(200);
    expect(text(changed.body)).toContain("Blueprint Global Ltd");
  });
});
