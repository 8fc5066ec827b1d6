// The NDA names the company's legal entity, address, governing law and approving signatory (issue 48 §2) once the
// legal details are set, and "Blueprint" alone before; a signature keeps the text it was made over, so an agreement
// signed before the details changed is drawn, and verified, as it was signed.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { COMPANY_LEGAL, setCompanyLegal } from "../../../../tests/factories";
import { approveNdaAs, signNdaFor, VALID_PROFILE } from "../../../../tests/setup/onboarding";
import { pdfText } from "../../../../tests/setup/pdf-text";
import { openForFile } from "../../../../tests/setup/per-file";
import { createTestApp, signIn } from "../../../../tests/setup/test-app";
import { isoDay } from "../../../shared/domain/dates";
import { ndaAgreementText } from "../../../shared/domain/nda-agreement";
import { sha256Hex } from "../../auth/secrets";
import { companyLegalSettings, ndaSignatures } from "../../db/schema";

const t = openForFile(() => createTestApp());

const PROVIDER = {
  legalName: COMPANY_LEGAL.legalName,
  address: "12 MG Road, Bengaluru 560001, India",
  governingLaw: COMPANY_LEGAL.governingLaw,
  signatoryName: COMPANY_LEGAL.signatoryName,
  signatoryTitle: COMPANY_LEGAL.signatoryTitle,
};

let counter = 0;
async function customerWithProfile() {
  const email = `nda-provider-${++counter}@example.com`;
  const cookie = await signIn(t.app, email, "Ada Lovelace");
  const saved = await t.app.inject({ method: "POST", url: "/api/profile", headers: { cookie }, payload: VALID_PROFILE });
  expect(saved.statusCode).toBe(200);
  return { email, cookie, saved: saved.json() };
}
const get = (url: string, cookie: string) => t.app.inject({ method: "GET", url, headers: { cookie } });
const oneLine = (text: string) => text.replace(/\s+/g, " ");

describe("the NDA's Provider", () => {
  it("is Blueprint alone before the legal details are set, and an agreement signed then keeps that text", async () => {
    await t.app.ctx.db.delete(companyLegalSettings);
    const c = await customerWithProfile();
    expect(c.saved.ndaProvider).toBeNull();
    const draft = oneLine(pdfText((await get("/api/nda/generate/draft", c.cookie)).rawPayload));
    expect(draft).toContain('between Blueprint (the "Provider")');
    const profileId = await signNdaFor(t.app, c.cookie, c.email);
    const [before] = await t.app.ctx.db.select().from(ndaSignatures).where(eq(ndaSignatures.profileId, profileId));

    // The details are set afterwards: the signed copy is still drawn from the words signed, and its hash holds.
    await setCompanyLegal(t.app.ctx.db);
    const signed = oneLine(pdfText((await get("/api/nda/generate/signed", c.cookie)).rawPayload));
    expect(signed).toContain('between Blueprint (the "Provider")');
    expect(signed).not.toContain(COMPANY_LEGAL.legalName);
    expect(signed).toContain(before?.agreementSha256 ?? "missing");
    expect(before?.agreementText).not.toContain("Governing Law");
  });

  it("names the legal entity, address, governing law and signatory in the text shown, signed, hashed and drawn", async () => {
    await setCompanyLegal(t.app.ctx.db);
    const c = await customerWithProfile();
    const profile = (await get("/api/profile", c.cookie)).json();
    expect(profile.ndaProvider).toEqual(PROVIDER);
    expect(c.saved.ndaProvider).toEqual(PROVIDER);

    const draft = oneLine(pdfText((await get("/api/nda/generate/draft", c.cookie)).rawPayload));
    expect(draft).toContain(`between ${COMPANY_LEGAL.legalName}, trading as Blueprint, of 12 MG Road, Bengaluru 560001, India`);
    expect(draft).toContain(`governed by ${COMPANY_LEGAL.governingLaw}`);

    const profileId = await signNdaFor(t.app, c.cookie, c.email);
    const [signature] = await t.app.ctx.db.select().from(ndaSignatures).where(eq(ndaSignatures.profileId, profileId));
    const expected = ndaAgreementText({
      customerName: signature?.signerName ?? "",
      companyName: signature?.companyName ?? "",
      effectiveDate: isoDay(signature?.signedAt ?? new Date()),
      provider: PROVIDER,
    });
    expect(signature?.agreementText).toBe(expected);
    expect(signature?.agreementSha256).toBe(sha256Hex(expected));
    expect(expected).toContain(
      `${COMPANY_LEGAL.signatoryName}, ${COMPANY_LEGAL.signatoryTitle}, approves it for ${COMPANY_LEGAL.legalName}`,
    );

    const admin = await signIn(t.app, "admin@blueprint.local", "Site Admin");
    await approveNdaAs(t.app, admin, "admin@blueprint.local", profileId);
    const approved = oneLine(pdfText((await get("/api/nda/generate/signed", c.cookie)).rawPayload));
    expect(approved).toContain(COMPANY_LEGAL.legalName);
    expect(approved).toContain(`${COMPANY_LEGAL.signatoryName}, ${COMPANY_LEGAL.signatoryTitle}`);
    expect(approved).toContain(`governed by ${COMPANY_LEGAL.governingLaw}`);

    // Changed details later: the signed copy keeps the signed words (and no longer names today's entity in its box).
    await setCompanyLegal(t.app.ctx.db, { legalName: "Blueprint Global Ltd" });
    const later = oneLine(pdfText((await get("/api/nda/generate/signed", c.cookie)).rawPayload));
    expect(later).toContain(`between ${COMPANY_LEGAL.legalName}, trading as Blueprint`);
    expect(later).not.toContain("Blueprint Global Ltd");
  });
});
