import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SIGNATURE, submitProfile } from "../../../../tests/setup/onboarding";
import { openForFile } from "../../../../tests/setup/per-file";
import { makeSignaturePng, pngDataUrl, truncatedPixelsPng } from "../../../../tests/setup/png";
import { createTestApp, latestCodeFor, signIn } from "../../../../tests/setup/test-app";
import { isoDay } from "../../../shared/domain/dates";
import { ndaAgreementText } from "../../../shared/domain/nda-agreement";
import { sha256Hex } from "../../auth/secrets";
import { ndaAuditEvents, ndaSignatures, oneTimeCodes, outgoingEmails, profiles, rateLimitHits } from "../../db/schema";

const t = openForFile(() => createTestApp());

let counter = 0;
/** A new customer with a completed profile. */
async function customer(name = "Ada Lovelace") {
  const email = `signer${++counter}@example.com`;
  const cookie = await signIn(t.app, email, name);
  const profile = await submitProfile(t.app, cookie, { fullName: name });
  return { email, cookie, profileId: profile.id as string };
}

const post = (url: string, payload: unknown, cookie?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url, payload: payload as object, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
/** POST /api/nda/send-otp: the NDA code for `body.customerEmail`, asked for as `cookie`. */
const requestCode = (body: object, cookie?: string) => post("/api/nda/send-otp", body, cookie);
const sendCode = (c: { email: string; cookie: string }) =>
  requestCode({ customerEmail: c.email, customerName: "Ada Lovelace", companyName: "Engines" }, c.cookie);
const verify = (c: { email: string; cookie: string }, customerOtp: string, signature = SIGNATURE, extra: object = {}) =>
  post("/api/nda/verify-customer-otp", { customerEmail: c.email, customerOtp, signature, ...extra }, c.cookie);
const profileOf = async (cookie: string) =>
  (await t.app.inject({ method: "GET", url: "/api/profile", headers: { cookie } })).json();
const wrongFor = (code: string) => (code === "111111" ? "222222" : "111111");

describe("sending the NDA code", () => {
  it("emails the signing code to the customer and tells the company inbox a signature is in progress", async () => {
    const c = await customer();
    const res = await sendCode(c);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: "Check your email for the 6-digit code." });
    const mails = await t.app.ctx.db.select().from(outgoingEmails);
    const toCustomer = mails.find((m) => m.toAddress === c.email && m.kind === "nda-customer-code");
    expect(toCustomer?.subject).toBe("Your Blueprint NDA signing code");
    const toCompany = mails.filter((m) => m.toAddress === "admin@blueprint.local" && m.kind === "nda-company-notice");
    expect(toCompany.at(-1)?.subject).toBe("NDA signature in progress: Analytical Engines Ltd");
    expect(toCompany.at(-1)?.textBody).toContain(c.email);
    const steps = await t.app.ctx.db.select().from(ndaAuditEvents).where(eq(ndaAuditEvents.profileId, c.profileId));
    expect(steps.map((s) => s.step)).toEqual(["code_sent"]);
  });

  it("accepts the older POST /api/send-otp", async () => {
    const c = await customer();
    const res = await post("/api/send-otp", { customerName: "Ada Lovelace", email: c.email }, c.cookie);
    expect(res.statusCode).toBe(200);
    expect(await latestCodeFor(t.app, c.email)).toMatch(/^\d{6}$/);
  });

  it("sends codes only to the address the customer signed in with", async () => {
    const c = await customer();
    const res = await requestCode(
      { customerEmail: "someone.else@example.com", customerName: "Ada Lovelace", companyName: "Engines" },
      c.cookie,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.customerEmail).toBe("The code is sent to the email address you signed in with");
  });

  it("refuses before the company profile is completed", async () => {
    const cookie = await signIn(t.app, "noprofile@example.com", "No Profile");
    const res = await requestCode(
      { customerEmail: "noprofile@example.com", customerName: "No Profile", companyName: "None" },
      cookie,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("PROFILE_REQUIRED");
  });

  it("refuses empty names and email with field messages", async () => {
    const c = await customer();
    const res = await requestCode({ customerEmail: "", customerName: "", companyName: "" }, c.cookie);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(["companyName", "customerEmail", "customerName"]);
  });

  it("refuses missing or mistyped fields with the same readable messages", async () => {
    const c = await customer();
    for (const body of [{}, { customerEmail: 42, customerName: ["Ada"], companyName: null }]) {
      const res = await requestCode(body, c.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({
        customerEmail: "Please enter a valid email address",
        customerName: "Full name is required",
        companyName: "Company name is required",
      });
    }
  });

  it("answers 401 to visitors and 403 to company admins", async () => {
    expect((await requestCode({})).statusCode).toBe(401);
    const admin = await signIn(t.app, "admin@blueprint.local", "Site Admin");
    const res = await requestCode(
      { customerEmail: "admin@blueprint.local", customerName: "Site Admin", companyName: "Blueprint" },
      admin,
    );
    expect(res.statusCode).toBe(403);
  });
});

describe("signing with the code", () => {
  it("records the signature over the exact agreement text and sets the NDA fields itself", async () => {
    const c = await customer();
    await sendCode(c);
    const code = await latestCodeFor(t.app, c.email);
    const res = await verify(c, code, SIGNATURE, { signatureMethod: "drawn" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: "Your NDA is signed and waiting for company approval.",
      profile: { ndaSigned: true, ndaStatus: "customer_verified" },
    });
    const profile = await profileOf(c.cookie);
    expect(profile.ndaSignedAt).not.toBeNull();

    const [signature] = await t.app.ctx.db.select().from(ndaSignatures).where(eq(ndaSignatures.profileId, c.profileId));
    const expectedText = ndaAgreementText({
      customerName: "Ada Lovelace",
      companyName: "Analytical Engines Ltd",
      effectiveDate: isoDay(new Date(profile.ndaSignedAt)),
    });
    expect(signature).toMatchObject({
      signerName: "Ada Lovelace",
      signerEmail: c.email,
      companyName: "Analytical Engines Ltd",
      agreementText: expectedText,
      agreementSha256: sha256Hex(expectedText),
      signatureMethod: "drawn",
      signaturePng: SIGNATURE.slice("data:image/png;base64,".length),
    });
    const steps = await t.app.ctx.db.select().from(ndaAuditEvents).where(eq(ndaAuditEvents.profileId, c.profileId));
    expect(steps.map((s) => s.step).sort()).toEqual(["code_sent", "code_verified", "signed"]);
    expect(steps.every((s) => s.email === c.email && s.ip === "127.0.0.1")).toBe(true);
  });

  it("tells the company inbox the NDA awaits approval", async () => {
    const c = await customer();
    await sendCode(c);
    await verify(c, await latestCodeFor(t.app, c.email));
    const mails = await t.app.ctx.db.select().from(outgoingEmails).where(eq(outgoingEmails.kind, "nda-awaiting-approval"));
    expect(mails.some((m) => m.toAddress === "admin@blueprint.local" && m.textBody.includes(c.email))).toBe(true);
  });

  it("accepts the older POST /api/verify-customer-otp with a typed signature", async () => {
    const c = await customer();
    await sendCode(c);
    const res = await post(
      "/api/verify-customer-otp",
      { email: c.email, customerOtp: await latestCodeFor(t.app, c.email), signature: SIGNATURE, signatureMethod: "typed" },
      c.cookie,
    );
    expect(res.statusCode).toBe(200);
    const [signature] = await t.app.ctx.db.select().from(ndaSignatures).where(eq(ndaSignatures.profileId, c.profileId));
    expect(signature?.signatureMethod).toBe("typed");
  });

  it("refuses a wrong code and leaves the NDA unsigned", async () => {
    const c = await customer();
    await sendCode(c);
    const res = await verify(c, wrongFor(await latestCodeFor(t.app, c.email)));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "CODE_WRONG", message: "Invalid OTP. Please try again." });
    expect(await profileOf(c.cookie)).toMatchObject({ ndaSigned: false, ndaStatus: "pending", ndaSignedAt: null });
  });

  it("refuses an expired code", async () => {
    const c = await customer();
    await sendCode(c);
    const code = await latestCodeFor(t.app, c.email);
    await t.app.ctx.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(oneTimeCodes.email, c.email), eq(oneTimeCodes.purpose, "nda_customer")));
    const res = await verify(c, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("CODE_EXPIRED");
  });

  it("refuses a code used once already", async () => {
    const c = await customer();
    await sendCode(c);
    const code = await latestCodeFor(t.app, c.email);
    expect((await verify(c, code)).statusCode).toBe(200);
    const again = await verify(c, code);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Your NDA is already signed");
  });

  it("refuses a sign-in code for signing: codes are bound to their purpose", async () => {
    const c = await customer();
    await post("/api/auth/request-code", { email: c.email, name: "Ada Lovelace" });
    const res = await verify(c, await latestCodeFor(t.app, c.email));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("CODE_MISSING");
  });

  it("refuses an empty code with the shared message", async () => {
    const c = await customer();
    const res = await verify(c, "");
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.customerOtp).toBe("Please enter your OTP code.");
  });

  it.each([
    ["no signature", undefined, 400, "Please draw or type your signature"],
    ["an empty signature", "", 400, "Please draw or type your signature"],
    ["a JPEG data URL", "data:image/jpeg;base64,/9j/4AAQ", 400, "The signature must be a PNG image"],
    ["a PNG whose pixels do not decode", pngDataUrl(truncatedPixelsPng()), 400, "The signature must be a PNG image"],
    ["a 1x1 pixel PNG", pngDataUrl(makeSignaturePng(1, 1)), 400, "The signature image has unexpected dimensions"],
    ["600 kB of image data", `data:image/png;base64,${"iVBORw0K".repeat(75_000)}`, 413, "The signature image is too large"],
  ])("refuses %s without using up the code", async (_case, signature, status, message) => {
    const c = await customer();
    await sendCode(c);
    const code = await latestCodeFor(t.app, c.email);
    const res = await post("/api/nda/verify-customer-otp", { customerEmail: c.email, customerOtp: code, signature }, c.cookie);
    expect(res.statusCode).toBe(status);
    expect(res.json().fields.signature).toBe(message);
    expect((await verify(c, code)).statusCode).toBe(200);
  });

  it("refuses a body over 1 MB with 413", async () => {
    const c = await customer();
    const res = await verify(c, "123456", `data:image/png;base64,${"A".repeat(1_200_000)}`);
    expect(res.statusCode).toBe(413);
  });

  it("ignores a client's ndaStatus: approved sent with the signature (unknown fields are refused)", async () => {
    const c = await customer();
    await sendCode(c);
    const res = await verify(c, await latestCodeFor(t.app, c.email), SIGNATURE, { ndaStatus: "approved" });
    expect(res.statusCode).toBe(400);
    expect((await profileOf(c.cookie)).ndaStatus).toBe("pending");
  });

  it("keeps customer_verified when the profile is saved again, whatever the body says", async () => {
    const c = await customer();
    await sendCode(c);
    await verify(c, await latestCodeFor(t.app, c.email));
    await submitProfile(t.app, c.cookie, { jobTitle: "CEO" });
    await post(
      "/api/profile",
      {
        fullName: "Ada Lovelace",
        jobTitle: "CEO",
        company: "Analytical Engines Ltd",
        companyAddress: "London",
        phone: "+44 20 7946 0958",
        companySize: "11-50",
        industry: "technology",
        primaryContact: "ada@engines.example",
        ndaStatus: "approved",
        ndaSigned: false,
      },
      c.cookie,
    );
    expect(await profileOf(c.cookie)).toMatchObject({ ndaStatus: "customer_verified", ndaSigned: true });
  });

  it("throttles the demo account's NDA code requests like everyone's", async () => {
    const cookie = await signIn(t.app, "demo@blueprint.local", "Demo");
    await submitProfile(t.app, cookie);
    const ask = () =>
      requestCode({ customerEmail: "demo@blueprint.local", customerName: "Demo Customer", companyName: "Demo Co" }, cookie);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await ask()).statusCode);
    expect(answers).toEqual([200, 200, 200, 429]);
    // The next case signs as the demo account: it starts with a fresh allowance.
    await t.app.ctx.db.delete(rateLimitHits);
  });

  it("lets the demo account sign with six zeros", async () => {
    const cookie = await signIn(t.app, "demo@blueprint.local", "Demo");
    await submitProfile(t.app, cookie);
    const sent = await requestCode(
      { customerEmail: "demo@blueprint.local", customerName: "Demo Customer", companyName: "Demo Co" },
      cookie,
    );
    expect(sent.json().message).toBe("Demo account - use code 000000");
    const wrong = await verify({ email: "demo@blueprint.local", cookie }, "123456");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: "CODE_WRONG", message: "Invalid OTP. Please try again." });
    expect((await verify({ email: "demo@blueprint.local", cookie }, "000000")).statusCode).toBe(200);
  });

  it("keeps a long company name out of the company's email subject", async () => {
    const c = await customer();
    await submitProfile(t.app, c.cookie, { company: `Spam ${"y".repeat(145)}` });
    await sendCode(c);
    const [notice] = await t.app.ctx.db
      .select()
      .from(outgoingEmails)
      .where(and(eq(outgoingEmails.kind, "nda-company-notice"), eq(outgoingEmails.toAddress, "admin@blueprint.local")))
      .orderBy(desc(outgoingEmails.createdAt))
      .limit(1);
    expect(notice?.subject.startsWith("NDA signature in progress: Spam yyy")).toBe(true);
    expect(notice?.subject.length).toBeLessThanOrEqual(90);
    expect(notice?.subject.endsWith("…")).toBe(true);
  });

  it("answers 409 to a new code request once signed", async () => {
    const c = await customer();
    await sendCode(c);
    await verify(c, await latestCodeFor(t.app, c.email));
    expect((await sendCode(c)).statusCode).toBe(409);
    const [row] = await t.app.ctx.db.select().from(profiles).where(eq(profiles.id, c.profileId));
    expect(row?.ndaStatus).toBe("customer_verified");
  });
});
