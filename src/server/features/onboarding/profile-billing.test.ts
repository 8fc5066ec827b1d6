// The customer's billing entity (issue 48 §3): optional fields of POST /api/profile, saved and answered; a tax ID
// that does not fit its country, or a billing address over its limit, is a 400 with the field's message and nothing
// is saved; an older client that sends no billing fields keeps what is stored.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { VALID_PROFILE } from "../../../../tests/setup/onboarding";
import { openForFile } from "../../../../tests/setup/per-file";
import { createTestApp, signIn } from "../../../../tests/setup/test-app";
import { taxIdProblem } from "../../../shared/domain/tax-ids";
import { LEGAL_MESSAGES } from "../../../shared/schemas/legal";
import { profiles, users } from "../../db/schema";

const t = openForFile(() => createTestApp());

const BILLING = {
  billingName: "Engines Analytical Pvt Ltd",
  billingAddress: "4 Residency Road\nBengaluru 560025",
  billingCountry: "in",
  billingRegion: "Karnataka",
  billingTaxId: "29abcde1234f1zw",
};

const save = (cookie: string, payload: object) =>
  t.app.inject({ method: "POST", url: "/api/profile", headers: { cookie }, payload });
const storedProfile = async (email: string) => {
  const [row] = await t.app.ctx.db
    .select({ profile: profiles })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(users.email, email));
  return row?.profile ?? null;
};

describe("the profile's billing entity", () => {
  it("is saved normalised, answered, and kept when an older client saves without it", async () => {
    const cookie = await signIn(t.app, "billing-ada@example.com", "Ada Lovelace");
    const res = await save(cookie, { ...VALID_PROFILE, ...BILLING });
    expect(res.statusCode).toBe(200);
    const billing = {
      billingName: "Engines Analytical Pvt Ltd",
      billingAddress: "4 Residency Road\nBengaluru 560025",
      billingCountry: "IN",
      billingRegion: "Karnataka",
      billingTaxId: "29ABCDE1234F1ZW",
    };
    expect(res.json()).toMatchObject(billing);
    expect((await t.app.inject({ method: "GET", url: "/api/profile", headers: { cookie } })).json()).toMatchObject(billing);

    const older = await save(cookie, { ...VALID_PROFILE, jobTitle: "Founder" });
    expect(older.statusCode).toBe(200);
    expect(older.json()).toMatchObject({ jobTitle: "Founder", ...billing });

    const cleared = await save(cookie, {
      ...VALID_PROFILE,
      billingName: "",
      billingAddress: "",
      billingCountry: "",
      billingRegion: "",
      billingTaxId: "",
    });
    expect(cleared.json()).toMatchObject({ billingName: null, billingAddress: null, billingCountry: null, billingTaxId: null });
  });

  it("is optional: a profile without it saves with nulls", async () => {
    const cookie = await signIn(t.app, "billing-none@example.com", "Nora None");
    const res = await save(cookie, VALID_PROFILE);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ billingName: null, billingCountry: null, billingTaxId: null });
  });

  it.each([
    [
      "a GSTIN with a wrong check character",
      { billingTaxId: "29ABCDE1234F1ZX" },
      "billingTaxId",
      taxIdProblem("29ABCDE1234F1ZX", "IN")?.message,
    ],
    [
      "a GSTIN of another state",
      { billingRegion: "Delhi" },
      "billingTaxId",
      taxIdProblem("29ABCDE1234F1ZW", "IN", "Delhi")?.message,
    ],
    [
      "a VAT number that does not fit Germany",
      { billingCountry: "DE", billingRegion: "", billingTaxId: "FR123" },
      "billingTaxId",
      taxIdProblem("FR123", "DE")?.message,
    ],
    ["a tax ID without a country", { billingCountry: "" }, "billingCountry", LEGAL_MESSAGES.country],
    ["India without its state", { billingRegion: "" }, "billingRegion", LEGAL_MESSAGES.region],
    ["a billing address over 500 characters", { billingAddress: "x".repeat(501) }, "billingAddress", LEGAL_MESSAGES.tooLong(500)],
  ])("refuses %s with the field's message and saves nothing", async (_what, change, field, message) => {
    const email = `billing-bad-${field}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const cookie = await signIn(t.app, email, "Bad Input");
    const res = await save(cookie, { ...VALID_PROFILE, ...BILLING, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields?.[field]).toBe(message);
    expect(await storedProfile(email)).toBeNull();
  });
});
