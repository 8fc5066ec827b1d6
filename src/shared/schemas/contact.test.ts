import { describe, expect, it } from "vitest";
import { CONTACT_MESSAGES, contactFormKind, contactMessageSchema, contactRequestSchema, projectInquirySchema } from "./contact";

function fieldErrors(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));
}

describe("the short contact form", () => {
  it("needs only a name and an email", () => {
    expect(contactMessageSchema.safeParse({ name: "Priya Shah", email: "priya@example.com" }).success).toBe(true);
  });

  it("accepts every optional field, with a country from the fixed list", () => {
    const result = contactMessageSchema.safeParse({
      name: "Priya Shah",
      email: "priya@example.com",
      mobile: "+91 98765 43210",
      country: "India",
      remarks: "We need an ordering app.",
    });
    expect(result.success).toBe(true);
  });

  it.each([
    [{ name: "", email: "priya@example.com" }, "name", CONTACT_MESSAGES.nameRequired],
    [{ name: "Priya", email: "priya@" }, "email", CONTACT_MESSAGES.invalidEmail],
    [{ name: "Priya", email: "priya@example.com", mobile: "call me" }, "mobile", CONTACT_MESSAGES.invalidPhone],
    [{ name: "Priya", email: "priya@example.com", country: "Atlantis" }, "country", CONTACT_MESSAGES.chooseFromList],
    [{ name: "Priya", email: "priya@example.com", remarks: "x".repeat(5001) }, "remarks", CONTACT_MESSAGES.tooLong(5000)],
    [{ name: "Priya\r\nBcc: x@evil.test", email: "priya@example.com" }, "name", "Name contains invalid characters"],
  ])("refuses %j with a message on %s", (input, field, message) => {
    expect(fieldErrors(contactMessageSchema.safeParse(input))[field]).toBe(message);
  });

  it("treats an empty mobile and country as not given", () => {
    expect(contactMessageSchema.safeParse({ name: "Priya", email: "p@example.com", mobile: "", country: "" }).success).toBe(true);
  });
});

describe("the long project inquiry", () => {
  it("needs a name, an email and a message", () => {
    expect(fieldErrors(projectInquirySchema.safeParse({ name: "Li Wei", email: "li@example.com", message: "  " }))).toEqual({
      message: CONTACT_MESSAGES.messageRequired,
    });
  });

  it("accepts the contact form's option lists and refuses anything else", () => {
    const base = { name: "Li Wei", email: "li@example.com", message: "A SaaS for clinics" };
    const ok = { ...base, projectType: "SaaS Platform", budget: "$15,000 - $50,000", timeline: "ASAP (Rush)" };
    expect(projectInquirySchema.safeParse(ok).success).toBe(true);
    expect(fieldErrors(projectInquirySchema.safeParse({ ...base, budget: "a million" }))).toEqual({
      budget: CONTACT_MESSAGES.chooseFromList,
    });
  });
});

describe("the route's body", () => {
  it("reads a body with only short-form fields as the short form", () => {
    const parsed = contactRequestSchema.parse({ name: "Priya", email: "p@example.com", remarks: "hello" });
    expect(contactFormKind(parsed)).toBe("short");
  });

  it("reads a body with any long-form field as the long form, whose message is then required", () => {
    const result = contactRequestSchema.safeParse({ name: "Li Wei", email: "li@example.com", company: "Acme" });
    expect(fieldErrors(result)).toEqual({ message: CONTACT_MESSAGES.messageRequired });
    const parsed = contactRequestSchema.parse({ name: "Li Wei", email: "li@example.com", message: "Hi" });
    expect(contactFormKind(parsed)).toBe("long");
  });

  it("refuses a body that mixes the two forms", () => {
    const result = contactRequestSchema.safeParse({ name: "Li", email: "li@example.com", message: "Hi", remarks: "Hey" });
    expect(fieldErrors(result)).toEqual({ remarks: CONTACT_MESSAGES.mixedForms });
  });

  it("refuses fields neither form has", () => {
    expect(contactRequestSchema.safeParse({ name: "Li", email: "li@example.com", role: "company" }).success).toBe(false);
  });
});
