import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { approveNdaAs, signNdaFor, submitProfile, VALID_PROFILE } from "../../../../tests/setup/onboarding";
import { openForFile } from "../../../../tests/setup/per-file";
import { createTestApp, latestCodeFor, signIn } from "../../../../tests/setup/test-app";
import { ndaAuditEvents, ndaSignatures, oneTimeCodes, outgoingEmails } from "../../db/schema";

const t = openForFile(() => createTestApp());
let admin: string;
const ADMIN = "admin@blueprint.local";

beforeAll(async () => {
  admin = await signIn(t.app, ADMIN, "Site Admin");
});

let counter = 0;
async function signedCustomer() {
  const email = `approve${++counter}@example.com`;
  const cookie = await signIn(t.app, email, "Grace Hopper");
  await submitProfile(t.app, cookie, { fullName: "Grace Hopper", company: `Compilers ${counter}` });
  const profileId = await signNdaFor(t.app, cookie, email);
  return { email, cookie, profileId };
}

const get = (url: string, cookie?: string) => t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
const post = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject({ method: "POST", url, payload: payload as object, headers: cookie ? { cookie } : {} });
const wrongFor = (code: string) => (code === "111111" ? "222222" : "111111");

describe("the pending NDA list", () => {
  it("lists NDAs the customer signed, with the fields the console shows", async () => {
    const c = await signedCustomer();
    const res = await get("/api/company/pending-ndas?pageSize=100", admin);
    expect(res.statusCode).toBe(200);
    const entry = res.json().items.find((p: { id: string }) => p.id === c.profileId);
    expect(entry).toMatchObject({
      id: c.profileId,
      customerName: "Grace Hopper",
      companyName: expect.stringMatching(/^Compilers \d+$/),
      email: c.email,
      packageType: "advanced",
      createdAt: expect.any(String),
    });
  });

  it("shows the names as signed, not a profile renamed after signing, in the list and the approval email", async () => {
    const c = await signedCustomer();
    const renamed = await post(
      "/api/profile",
      { ...VALID_PROFILE, fullName: "Mallory Renamed", company: "Other Company Ltd" },
      c.cookie,
    );
    expect(renamed.statusCode).toBe(200);
    const entry = (await get("/api/company/pending-ndas?pageSize=100", admin))
      .json()
      .items.find((p: { id: string }) => p.id === c.profileId);
    expect(entry).toMatchObject({ customerName: "Grace Hopper", companyName: expect.stringMatching(/^Compilers \d+$/) });

    expect((await post("/api/nda/send-company-otp", { profileId: c.profileId }, admin)).statusCode).toBe(200);
    const [codeMail] = await t.app.ctx.db
      .select()
      .from(outgoingEmails)
      .where(and(eq(outgoingEmails.kind, "nda-company-code"), eq(outgoingEmails.toAddress, ADMIN)))
      .orderBy(desc(outgoingEmails.createdAt))
      .limit(1);
    expect(codeMail?.textBody).toContain("signed by Grace Hopper of Compilers");
    expect(codeMail?.textBody).not.toContain("Mallory");

    expect(
      (await post("/api/company/nda/approve", { profileId: c.profileId, otp: await latestCodeFor(t.app, ADMIN) }, admin))
        .statusCode,
    ).toBe(200);
    const [approved] = await t.app.ctx.db
      .select()
      .from(outgoingEmails)
      .where(and(eq(outgoingEmails.kind, "nda-approved"), eq(outgoingEmails.toAddress, c.email)))
      .limit(1);
    expect(approved?.textBody).toContain("Hi Grace Hopper");
    expect(approved?.textBody).not.toContain("Other Company");
  });

  it("answers 403 to customers and 401 to visitors", async () => {
    const c = await signedCustomer();
    expect((await get("/api/company/pending-ndas", c.cookie)).statusCode).toBe(403);
    expect((await get("/api/company/pending-ndas")).statusCode).toBe(401);
  });
});

describe("company routes refuse customers with 403", () => {
  it.each([
    ["/api/nda/send-company-otp", { profileId: "x" }],
    ["/api/company/nda/approve", { profileId: "x", otp: "123456" }],
    ["/api/nda/verify-company-otp", { profileId: "x", companyOtp: "123456" }],
    ["/api/company/nda/approve", {}],
  ])("POST %s %j", async (url, body) => {
    const c = await signedCustomer();
    const res = await post(url, { ...body, profileId: (body as { profileId?: string }).profileId && c.profileId }, c.cookie);
    expect(res.statusCode).toBe(403);
    expect((await post(url, body)).statusCode).toBe(401);
  });
});

describe("approving an NDA", () => {
  it("sends the approval code to the admin's own email", async () => {
    const c = await signedCustomer();
    const res = await post("/api/nda/send-company-otp", { profileId: c.profileId }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: "Company OTP has been sent to admin email. Enter the OTP and click Approve.",
    });
    expect(await latestCodeFor(t.app, ADMIN)).toMatch(/^\d{6}$/);
  });

  it("refuses a missing or empty code with the shared message", async () => {
    const c = await signedCustomer();
    for (const body of [{ profileId: c.profileId }, { profileId: c.profileId, otp: "" }]) {
      const res = await post("/api/company/nda/approve", body, admin);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.otp).toBe("Please enter the OTP code");
    }
  });

  it("refuses a wrong code, an expired code, and a reused code", async () => {
    const c = await signedCustomer();
    await post("/api/nda/send-company-otp", { profileId: c.profileId }, admin);
    const code = await latestCodeFor(t.app, ADMIN);
    const wrong = await post("/api/company/nda/approve", { profileId: c.profileId, otp: wrongFor(code) }, admin);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: "CODE_WRONG", message: "Invalid OTP. Please try again." });

    await t.app.ctx.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(oneTimeCodes.subject, c.profileId), eq(oneTimeCodes.purpose, "nda_company")));
    const expired = await post("/api/company/nda/approve", { profileId: c.profileId, otp: code }, admin);
    expect(expired.json().code).toBe("CODE_EXPIRED");

    await post("/api/nda/send-company-otp", { profileId: c.profileId }, admin);
    const fresh = await latestCodeFor(t.app, ADMIN);
    expect((await post("/api/company/nda/approve", { profileId: c.profileId, otp: fresh }, admin)).statusCode).toBe(200);
    const reused = await post("/api/company/nda/approve", { profileId: c.profileId, otp: fresh }, admin);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe("This NDA is not waiting for company approval");
  });

  it("binds the code to one NDA: a code for another profile fails", async () => {
    const first = await signedCustomer();
    const second = await signedCustomer();
    await post("/api/nda/send-company-otp", { profileId: first.profileId }, admin);
    const code = await latestCodeFor(t.app, ADMIN);
    const res = await post("/api/company/nda/approve", { profileId: second.profileId, otp: code }, admin);
    expect(res.statusCode).toBe(400);
  });

  it("approves with the right code, records the step, and tells the customer by email and in the bell", async () => {
    const c = await signedCustomer();
    const res = await approveNdaAs(t.app, admin, ADMIN, c.profileId);
    expect(res).toEqual({ success: true, message: "Customer NDA has been approved successfully" });

    const profile = (await get("/api/profile", c.cookie)).json();
    expect(profile).toMatchObject({ ndaSigned: true, ndaStatus: "approved" });
    expect(profile.ndaApprovedAt).not.toBeNull();
    const [signature] = await t.app.ctx.db.select().from(ndaSignatures).where(eq(ndaSignatures.profileId, c.profileId));
    expect(signature?.approvedBy).toBe(ADMIN);
    const steps = await t.app.ctx.db.select().from(ndaAuditEvents).where(eq(ndaAuditEvents.profileId, c.profileId));
    expect(steps.map((s) => s.step)).toContain("company_approved");

    const mails = await t.app.ctx.db.select().from(outgoingEmails).where(eq(outgoingEmails.toAddress, c.email));
    expect(mails.some((m) => m.kind === "nda-approved" && m.subject === "Your Blueprint NDA has been approved")).toBe(true);
    const bell = (await get("/api/notifications", c.cookie)).json();
    expect(bell.items[0]).toMatchObject({ title: "NDA approved", read: false });

    const pending = (await get("/api/company/pending-ndas?pageSize=100", admin)).json().items;
    expect(pending.some((p: { id: string }) => p.id === c.profileId)).toBe(false);
  });

  it("accepts the older POST /api/nda/verify-company-otp", async () => {
    const c = await signedCustomer();
    await post("/api/nda/send-company-otp", { profileId: c.profileId }, admin);
    const res = await post(
      "/api/nda/verify-company-otp",
      { profileId: c.profileId, companyOtp: await latestCodeFor(t.app, ADMIN) },
      admin,
    );
    expect(res.statusCode).toBe(200);
    expect((await get("/api/profile", c.cookie)).json().ndaStatus).toBe("approved");
  });

  it("answers 404 for an unknown profile and 409 for one that is not signed", async () => {
    expect(
      (await post("/api/nda/send-company-otp", { profileId: "00000000-0000-0000-0000-000000000000" }, admin)).statusCode,
    ).toBe(404);
    expect((await post("/api/nda/send-company-otp", { profileId: "not-a-uuid" }, admin)).statusCode).toBe(404);
    const cookie = await signIn(t.app, "unsigned@example.com", "Un Signed");
    const profile = await submitProfile(t.app, cookie);
    expect((await post("/api/nda/send-company-otp", { profileId: profile.id }, admin)).statusCode).toBe(409);
  });

  it.each([{}, { profileId: "" }, { profileId: 42 }, { profileId: "x".repeat(65) }])(
    "refuses a missing or malformed profile id %j with a readable message",
    async (body) => {
      const res = await post("/api/nda/send-company-otp", body, admin);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.profileId).toBe("Choose the customer profile whose NDA this is");
    },
  );
});

describe("approval code throttling", () => {
  it("lets an admin request codes for many NDAs in a row, but only three per NDA in ten minutes", async () => {
    const customers = [await signedCustomer(), await signedCustomer(), await signedCustomer(), await signedCustomer()];
    for (const c of customers) {
      expect((await post("/api/nda/send-company-otp", { profileId: c.profileId }, admin)).statusCode).toBe(200);
    }
    const [first] = customers;
    await post("/api/nda/send-company-otp", { profileId: first?.profileId }, admin);
    await post("/api/nda/send-company-otp", { profileId: first?.profileId }, admin);
    const fourth = await post("/api/nda/send-company-otp", { profileId: first?.profileId }, admin);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.headers["retry-after"]).toBeDefined();
  });
});
