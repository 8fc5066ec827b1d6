import { describe, expect, it } from "vitest";
import { ndaAgreementText } from "./nda-agreement";

describe("the NDA text", () => {
  const text = ndaAgreementText({ customerName: "  Ada   Lovelace ", companyName: "Engines Ltd", effectiveDate: "2026-03-05" });

  it("names both parties and the date", () => {
    expect(text).toContain("Ada Lovelace, acting for and on behalf of Engines Ltd");
    expect(text).toContain("made on 5 March 2026");
  });

  it.each([
    ["the 12-month non-compete", "For 12 months after the end of the project"],
    ["the 3-year survival", "survive for 3 years"],
    ["the 30 days' notice", "30 days' written notice"],
    ["the project-plus-2-years duration", "the project plus 2 years"],
  ])("states %s", (_term, phrase) => {
    expect(text).toContain(phrase);
  });

  it("is the same text for the same parties and date", () => {
    expect(ndaAgreementText({ customerName: "Ada Lovelace", companyName: "Engines Ltd", effectiveDate: "2026-03-05" })).toBe(
      text,
    );
  });

  it("shows placeholders before the profile is filled in", () => {
    expect(ndaAgreementText({ customerName: "", companyName: "", effectiveDate: "2026-03-05" })).toContain(
      "[Your full name], acting for and on behalf of [Your company]",
    );
  });
});
