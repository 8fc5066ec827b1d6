// Onboarding steps for tests (API and end-to-end): a complete profile, and the NDA signed and approved through the real routes.
import type { FastifyInstance } from "fastify";
import { makeSignaturePng, pngDataUrl } from "./png";
import { latestCodeFor } from "./test-app";

export const VALID_PROFILE = {
  fullName: "Ada Lovelace",
  jobTitle: "Founder",
  company: "Analytical Engines Ltd",
  companyAddress: "1 Babbage Street\nLondon",
  phone: "+44 20 7946 0958",
  companySize: "11-50",
  industry: "technology",
  companyWebsite: "http://engines.example",
  primaryContact: "Ada@Engines.example",
  packageType: "advanced",
  budgetRange: "10k-25k",
  timeline: "4-6 weeks",
};

export const SIGNATURE = pngDataUrl(makeSignaturePng());

async function postOk(app: FastifyInstance, url: string, payload: object, cookie: string) {
  const res = await app.inject({ method: "POST", url, payload, headers: { cookie } });
  if (res.statusCode !== 200) throw new Error(`${url} failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Fills in the company profile through POST /api/profile (the onboarding form's route). */
export async function submitProfile(app: FastifyInstance, cookie: string, overrides: Partial<typeof VALID_PROFILE> = {}) {
  return postOk(app, "/api/profile", { ...VALID_PROFILE, ...overrides }, cookie);
}

/** Sends the NDA code to `email` and signs with it; returns the profile id. */
export async function signNdaFor(app: FastifyInstance, cookie: string, email: string): Promise<string> {
  await postOk(app, "/api/nda/send-otp", { customerEmail: email, customerName: "Ada Lovelace", companyName: "Engines" }, cookie);
  const code = await latestCodeFor(app, email);
  const signed = await postOk(
    app,
    "/api/nda/verify-customer-otp",
    { customerEmail: email, customerOtp: code, signature: SIGNATURE, signatureMethod: "drawn" },
    cookie,
  );
  return signed.profile.id as string;
}

export async function approveNdaAs(app: FastifyInstance, adminCookie: string, adminEmail: string, profileId: string) {
  await postOk(app, "/api/nda/send-company-otp", { profileId }, adminCookie);
  const otp = await latestCodeFor(app, adminEmail);
  return postOk(app, "/api/company/nda/approve", { profileId, otp }, adminCookie);
}
