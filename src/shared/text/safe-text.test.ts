import { describe, expect, it } from "vitest";
import { requestCodeSchema } from "../schemas/auth";
import { contactMessageSchema, contactRequestSchema } from "../schemas/contact";
import { legacySendOtpSchema, sendNdaOtpSchema } from "../schemas/nda";
import { profileFormSchema } from "../schemas/profile";
import { saveErrors } from "../schemas/requirements";
import { hasUnsafeCharacters, oneLineExcerpt } from "./safe-text";

const RLO = "\u202e";
const LRI = "\u2066";
const PDI = "\u2069";

describe("the one text filter for names and typed text", () => {
  it.each([
    ["a right-to-left override", `Ann ${RLO}eel`],
    ["an isolate", `Ann ${LRI}Lee${PDI}`],
    ["a line break", "Ann\nLee"],
    ["a C1 control", "Ann\u0085Lee"],
    ["DEL", "Ann\u007fLee"],
    ["NUL", "Ann\u0000"],
  ])("refuses %s on one line", (_what, value) => {
    expect(hasUnsafeCharacters(value)).toBe(true);
  });

  it("lets multi-line text keep line breaks and tabs, but not overrides", () => {
    expect(hasUnsafeCharacters("1 Way\n\tLondon", { multiline: true })).toBe(false);
    expect(hasUnsafeCharacters(`1 Way\n${RLO}London`, { multiline: true })).toBe(true);
  });

  it("accepts real names in any script", () => {
    for (const name of ["José Ñúñez", "Zoë O'Brien-Smith", "محمد علي", "李小龍", "Þórunn"]) {
      expect(hasUnsafeCharacters(name)).toBe(false);
    }
  });

  const name = `Eve ${RLO}gnikcaH`;
  it.each([
    ["sign-in", () => requestCodeSchema.safeParse({ email: "e@example.com", name })],
    ["contact card", () => contactMessageSchema.safeParse({ name, email: "e@example.com" })],
    ["contact inquiry", () => contactRequestSchema.safeParse({ name, email: "e@example.com", message: "Hello" })],
    [
      "contact inquiry company",
      () => contactRequestSchema.safeParse({ name: "Eve", email: "e@example.com", company: `Acme${RLO}`, message: "Hi" }),
    ],
    [
      "NDA code request",
      () => sendNdaOtpSchema.safeParse({ customerEmail: "e@example.com", customerName: name, companyName: "Acme" }),
    ],
    [
      "NDA company name",
      () => sendNdaOtpSchema.safeParse({ customerEmail: "e@example.com", customerName: "Eve Adams", companyName: `Acme ${RLO}` }),
    ],
    ["older NDA code request", () => legacySendOtpSchema.safeParse({ email: "e@example.com", customerName: name })],
    ["profile", () => profileFormSchema.safeParse({ fullName: name })],
  ])("is applied to the %s form", (_form, parse) => {
    const result = parse();
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).toMatch(/invalid characters/);
  });

  it("is applied to the project name", () => {
    expect(saveErrors({ projectName: `Clinic ${RLO}wolF` }).projectName).toMatch(/invalid characters/);
    expect(saveErrors({ projectName: "ClinicFlow" }).projectName).toBeUndefined();
  });
});

describe("one-line excerpts of typed text (email subjects)", () => {
  it("joins lines, drops unsafe characters and caps the length with an ellipsis", () => {
    expect(oneLineExcerpt(`Acme\r\n  ${RLO}Corp`, 60)).toBe("Acme Corp");
    const long = oneLineExcerpt("x".repeat(5000), 60);
    expect(long).toHaveLength(60);
    expect(long.endsWith("…")).toBe(true);
  });
});
