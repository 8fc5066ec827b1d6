import { describe, expect, it } from "vitest";
import { EMPTY_PROFILE } from "../../../tests/setup/profile-form";
import { isValidWebsite, normalizeWebsite, PROFILE_MESSAGES, profileFormSchema, stripScheme } from "./profile";

const valid = {
  fullName: "Ada Lovelace",
  jobTitle: "Founder",
  company: "Engines Ltd",
  companyAddress: "1 Analytical Way, London",
  phone: "+44 20 7946 0958",
  companySize: "11-50",
  industry: "technology",
  companyWebsite: "engines.example",
  primaryContact: "ada@engines.example",
  packageType: "advanced",
  budgetRange: "5k-10k",
  timeline: "4-6 weeks",
};

describe("the website field", () => {
  it.each([
    ["engines.example", "https://engines.example"],
    ["http://engines.example/about", "https://engines.example/about"],
    ["HTTPS://engines.example", "https://engines.example"],
    ["ftp://files.example", "https://files.example"],
    ["https://http://engines.example", "https://engines.example"],
    ["  ", ""],
  ])("stores %s as %s", (typed, stored) => {
    expect(normalizeWebsite(typed)).toBe(stored);
  });

  it("strips a typed scheme for the input", () => {
    expect(stripScheme("https://a.example")).toBe("a.example");
    expect(stripScheme(" HTTP://https://a.example ")).toBe("a.example");
    expect(stripScheme("a.example/path?u=http://b.example")).toBe("a.example/path?u=http://b.example");
  });

  it.each([
    ["https://engines.example", true],
    ["https://not a url", false],
    ["https://nodot", false],
    ["https://user@evil.example", false],
  ])("%s valid: %s", (url, ok) => {
    expect(isValidWebsite(url)).toBe(ok);
  });
});

describe("the profile form", () => {
  it("accepts a complete profile and normalises it", () => {
    const parsed = profileFormSchema.parse(valid);
    expect(parsed.companyWebsite).toBe("https://engines.example");
    expect(parsed.packageType).toBe("advanced");
  });

  it.each([
    ["fullName", 100],
    ["jobTitle", 100],
    ["company", 150],
  ] as const)("says the limit when %s is longer than %i characters", (field, max) => {
    const result = profileFormSchema.safeParse({ ...valid, [field]: "x".repeat(max + 1) });
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      [field, `At most ${max} characters`],
    ]);
  });

  it("gives every required field its own message when all are empty", () => {
    const result = profileFormSchema.safeParse(EMPTY_PROFILE);
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error?.issues.map((i) => [i.path.join("."), i.message]) ?? []);
    expect(messages).toEqual({
      fullName: PROFILE_MESSAGES.fullName,
      jobTitle: PROFILE_MESSAGES.jobTitle,
      company: PROFILE_MESSAGES.company,
      companyAddress: PROFILE_MESSAGES.companyAddress,
      phone: PROFILE_MESSAGES.phone,
      companySize: PROFILE_MESSAGES.companySize,
      industry: PROFILE_MESSAGES.industry,
      primaryContact: PROFILE_MESSAGES.primaryContact,
    });
  });

  it.each([
    ["companyWebsite", "not a website", "Invalid website URL"],
    ["primaryContact", "not-an-email", "Invalid email address"],
    ["phone", "call me", "Please enter a valid phone number"],
    ["companySize", "huge", "Company size is required"],
    ["fullName", "Ada\u0000", "This contains invalid characters"],
    ["fullName", "Ada \u202eecalevoL", "This contains invalid characters"],
    ["company", "Engines \u2066Ltd\u2069", "This contains invalid characters"],
    ["companyAddress", "1 Way\n\u202eLondon", "This contains invalid characters"],
    ["companyWebsite", { href: "https://engines.example" }, "Invalid website URL"],
    ["companyWebsite", "javascript:alert(1)", "Invalid website URL"],
    ["primaryContact", 42, "Invalid email address"],
    ["packageType", "enterprise", "Please choose the basic, advanced or premium package"],
    ["industry", "toString", "Industry is required"],
  ])("refuses %s = %j with %s", (field, value, message) => {
    const result = profileFormSchema.safeParse({ ...valid, [field]: value });
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it("accepts both company size lists and an empty package", () => {
    expect(profileFormSchema.parse({ ...valid, companySize: "201-1000", packageType: "" }).packageType).toBeNull();
    expect(profileFormSchema.parse({ ...valid, companySize: "1000+" }).companySize).toBe("1000+");
  });
});
