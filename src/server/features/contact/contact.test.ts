import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSmtpServer, type TestSmtpServer } from "../../../../tests/setup/smtp";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app";
import { CONTACT_MESSAGES } from "../../../shared/schemas/contact";
import { contactInquiries, outgoingEmails, rateLimitHits } from "../../db/schema";
import { CONTACT_SEND_LIMITS } from "./submit-contact-inquiry";

let t: TestApp;
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, ADMIN_EMAILS: "inbox@blueprint.local,second@blueprint.local" });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(async () => {
  // Each test starts with a clean throttle, so the order of tests does not matter.
  await t.app.ctx.db.delete(rateLimitHits);
});

let nextIp = 1;
const send = (payload: Record<string, unknown>, ip = `10.0.0.${nextIp++}`) =>
  t.app.inject({ method: "POST", url: "/api/contact", payload, remoteAddress: ip });

describe("sending the 'Send Us a Message' card", () => {
  it("stores the message and emails it to the company inbox and a confirmation to the sender", async () => {
    const res = await send({
      name: "Priya Shah",
      email: "Priya@Example.com",
      mobile: "+91 98765 43210",
      country: "India",
      remarks: "We want to validate a clinic booking app.",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: "Message sent successfully!" });

    const [row] = await t.app.ctx.db.select().from(contactInquiries).where(eq(contactInquiries.email, "priya@example.com"));
    expect(row).toMatchObject({
      form: "short",
      name: "Priya Shah",
      mobile: "+91 98765 43210",
      country: "India",
      remarks: "We want to validate a clinic booking app.",
      message: null,
    });

    await t.app.emailWorker.drain();
    const toCompany = await smtp.waitFor((m) => m.subject === "New contact message from Priya Shah");
    expect(toCompany.to).toBe("inbox@blueprint.local");
    expect(toCompany.text).toContain("Country: India");
    expect(toCompany.text).toContain("Mobile: +91 98765 43210");
    expect(toCompany.text).toContain("We want to validate a clinic booking app.");
    const confirmation = await smtp.waitFor((m) => m.to === "priya@example.com");
    expect(confirmation.text).toContain("We'll get back to you within 24 hours.");
    // Whoever typed the address, the acknowledgement repeats nothing they typed.
    expect(confirmation.text).not.toContain("clinic booking app");
    expect(confirmation.text).not.toContain("Priya");
    expect(confirmation.html).not.toContain("clinic booking app");
  });

  it("accepts the card with only a name and an email", async () => {
    const res = await send({ name: "Sam Ortiz", email: "sam@example.com", mobile: "", country: "", remarks: "" });
    expect(res.statusCode).toBe(200);
    const [row] = await t.app.ctx.db.select().from(contactInquiries).where(eq(contactInquiries.email, "sam@example.com"));
    expect(row).toMatchObject({ form: "short", mobile: null, country: null, remarks: null });
  });
});

describe("sending the Contact page's project inquiry", () => {
  it("stores every field and emails the inquiry with its options", async () => {
    const res = await send({
      name: "Li Wei",
      email: "li@example.com",
      company: "Acme Clinics",
      phone: "(415) 555-0100",
      projectType: "SaaS Platform",
      budget: "$15,000 - $50,000",
      timeline: "2-4 weeks",
      message: "Scheduling for 40 clinics.",
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.app.ctx.db.select().from(contactInquiries).where(eq(contactInquiries.email, "li@example.com"));
    expect(row).toMatchObject({ form: "long", company: "Acme Clinics", projectType: "SaaS Platform", timeline: "2-4 weeks" });

    await t.app.emailWorker.drain();
    const mail = await smtp.waitFor((m) => m.subject === "New project inquiry from Li Wei");
    expect(mail.text).toContain("Budget: $15,000 - $50,000");
    expect(mail.text).toContain("Scheduling for 40 clinics.");
    await smtp.waitFor((m) => m.to === "li@example.com");
  });

  it("escapes what the sender typed in the HTML email", async () => {
    await send({ name: "Eve <b>Bold</b>", email: "eve@example.com", message: '<img src=x onerror="alert(1)">' });
    await t.app.emailWorker.drain();
    const mail = await smtp.waitFor((m) => m.subject === "New project inquiry from Eve <b>Bold</b>");
    expect(mail.html).not.toContain("<img");
    expect(mail.html).toContain("&lt;img src=x");
  });
});

describe("refusing bad input with clear 400s", () => {
  it.each([
    [{ email: "x@example.com" }, "name", CONTACT_MESSAGES.nameRequired],
    [{ name: "", email: "x@example.com" }, "name", CONTACT_MESSAGES.nameRequired],
    [{ name: "Xavier", email: "not-an-email" }, "email", CONTACT_MESSAGES.invalidEmail],
    [{ name: "Xavier", email: "x@example.com", country: "Atlantis" }, "country", CONTACT_MESSAGES.chooseFromList],
    [{ name: "Xavier", email: "x@example.com", company: "Acme" }, "message", CONTACT_MESSAGES.messageRequired],
    [{ name: "Xavier", email: "x@example.com", message: "Hi", budget: "lots" }, "budget", CONTACT_MESSAGES.chooseFromList],
    [{ name: "Xavier", email: "x@example.com", message: "Hi", remarks: "Hey" }, "remarks", CONTACT_MESSAGES.mixedForms],
    [{ name: "Xavier", email: "x@example.com", isAdmin: true }, "isAdmin", "Unknown field: isAdmin"],
  ])("refuses %j, naming %s", async (payload, field, message) => {
    const res = await send(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "VALIDATION_FAILED", fields: { [field]: message } });
  });

  it("refuses a name that would break an email header", async () => {
    const res = await send({ name: "Mallory\r\nBcc: all@example.com", email: "m@example.com" });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.name).toBe("Name contains invalid characters");
  });

  it("refuses a name with a bidirectional override", async () => {
    const res = await send({ name: "Eve \u202egnikcaH", email: "eve@example.com" });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.name).toBe("Name contains invalid characters");
  });

  it("stores and sends nothing for a refused message", async () => {
    const before = await t.app.ctx.db.select().from(outgoingEmails);
    await send({ name: "Nobody", email: "broken" });
    expect(await t.app.ctx.db.select().from(outgoingEmails)).toHaveLength(before.length);
    expect(await t.app.ctx.db.select().from(contactInquiries).where(eq(contactInquiries.name, "Nobody"))).toHaveLength(0);
  });
});

describe("keeping bots out", () => {
  it("answers a filled honeypot like a success but stores and sends nothing", async () => {
    const emailsBefore = (await t.app.ctx.db.select().from(outgoingEmails)).length;
    const res = await send({ name: "Spam Bot", email: "bot@example.com", website: "http://spam.example" });
    expect(res.statusCode).toBe(200);
    expect(await t.app.ctx.db.select().from(contactInquiries).where(eq(contactInquiries.email, "bot@example.com"))).toEqual([]);
    expect(await t.app.ctx.db.select().from(outgoingEmails)).toHaveLength(emailsBefore);
  });

  it("throttles one address after its fifth message in ten minutes, with Retry-After, and no one else", async () => {
    const ip = "192.0.2.50";
    for (let i = 0; i < CONTACT_SEND_LIMITS.perIpShort.max; i++) {
      expect((await send({ name: "Flood Test", email: `flood${i}@example.com` }, ip)).statusCode).toBe(200);
    }
    const refused = await send({ name: "Flood Test", email: "flood-last@example.com" }, ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(
      await t.app.ctx.db.select().from(contactInquiries).where(eq(contactInquiries.email, "flood-last@example.com")),
    ).toEqual([]);
    expect((await send({ name: "Someone Else", email: "else@example.com" }, "192.0.2.51")).statusCode).toBe(200);
  });

  it("refuses a cross-site post", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: { name: "Xavier", email: "x@example.com" },
      headers: { origin: "https://evil.example" },
    });
    expect(res.statusCode).toBe(403);
  });
});
