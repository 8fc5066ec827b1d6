import { describe, expect, it } from "vitest";
import { taxIdProblem } from "../domain/tax-ids";
import { billingFieldsSchema, companyLegalFormSchema, LEGAL_MESSAGES, refineBilling } from "./legal";

const legal = {
  legalName: "Blueprint Labs Private Limited",
  address: "12 MG Road\nBengaluru 560001",
  country: "in",
  region: "Karnataka",
  taxId: "29abcde1234f1zw",
  taxLabel: "GST",
  taxRatePercent: "18",
  invoicePrefix: "bp",
  governingLaw: "The laws of India; courts of Bengaluru",
  signatoryName: "Asha Rao",
  signatoryTitle: "Director",
  contactEmail: "legal@blueprint.example",
  advancePercent: "50",
};

const billing = billingFieldsSchema.superRefine(refineBilling);

describe("the company's legal details", () => {
  it("normalises the country, prefix and GSTIN and keeps the rate in basis points", () => {
    const parsed = companyLegalFormSchema.parse(legal);
    expect(parsed).toMatchObject({ country: "IN", taxId: "29ABCDE1234F1ZW", invoicePrefix: "BP", taxRatePercent: 1800 });
  });

  it("refuses a GSTIN of another state, a bad check character, a rate without a registration and a bad prefix", () => {
    const issues = (input: object) =>
      companyLegalFormSchema.safeParse({ ...legal, ...input }).error?.issues.map((issue) => issue.path.join("."));
    expect(issues({ region: "Delhi" })).toEqual(["taxId"]);
    expect(issues({ taxId: "29ABCDE1234F1ZX" })).toEqual(["taxId"]);
    expect(issues({ taxId: "" })).toEqual(["taxRatePercent"]);
    expect(issues({ invoicePrefix: "bp inv" })).toEqual(["invoicePrefix"]);
    expect(issues({ taxRatePercent: "101" })).toEqual(["taxRatePercent"]);
    expect(issues({ region: "" })).toEqual(["region"]);
  });
});

describe("the customer's billing entity", () => {
  it("is optional, and checks a tax ID against its country", () => {
    expect(billing.parse({})).toEqual({
      billingName: null,
      billingAddress: null,
      billingCountry: null,
      billingRegion: null,
      billingTaxId: null,
    });
    expect(billing.parse({ billingCountry: "de", billingTaxId: "de 123 456 789" }).billingTaxId).toBe("DE123456789");
    const wrong = billing.safeParse({ billingCountry: "DE", billingTaxId: "FR12345678901" });
    expect(wrong.error?.issues[0]).toMatchObject({ path: ["billingTaxId"] });
    expect(billing.safeParse({ billingTaxId: "DE123456789" }).error?.issues[0]?.message).toBe(LEGAL_MESSAGES.country);
    expect(billing.safeParse({ billingAddress: "x".repeat(501) }).success).toBe(false);
  });

  it("knows the formats of India, the EU, the UK, Australia and the US", () => {
    expect(taxIdProblem("27AAPFU0939F1ZV", "IN", "Maharashtra")).toBeNull();
    expect(taxIdProblem("EL123456789", "GR")).toBeNull();
    expect(taxIdProblem("GB123456789", "GB")).toBeNull();
    expect(taxIdProblem("12-3456789", "US")).toBeNull();
    expect(taxIdProblem("123456789", "US")).not.toBeNull();
  });
});
