// One submission is one action: a request repeated with the same Idempotency-Key (a double click that got through, a
// retry after a lost answer) gets the first answer and acts once, for each kind of route: creating, sending a code,
// signing, confirming.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customer, GOOD_ANSWERS, json, newProject, onboardOwner } from "../../../tests/factories";
import { feedbackUrl, GOOD_FEEDBACK } from "../../../tests/setup/feedback";
import { fileUpload } from "../../../tests/setup/multipart";
import { SIGNATURE, signNdaFor, submitProfile } from "../../../tests/setup/onboarding";
import { createTestApp, latestCodeFor, recordQueuedEmails, signIn, type TestApp } from "../../../tests/setup/test-app";
import { contactInquiries, feedback, idempotentRequests, outgoingEmails, projects } from "../db/schema";
import { ANONYMOUS_ANSWERS_KEPT } from "./idempotency";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  recordQueuedEmails(t.app);
});
afterAll(async () => {
  await t.close();
});

let counter = 0;
const nextKey = () => `submission-${++counter}-${Date.now()}`;

function post(url: string, payload: object, options: { cookie?: string; key?: string } = {}) {
  return t.app.inject({
    method: "POST",
    url,
    payload,
    headers: {
      ...json,
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.key ? { "idempotency-key": options.key } : {}),
    },
  });
}

const mailsTo = async (address: string, kind: string) =>
  (await t.app.ctx.db.select().from(outgoingEmails)).filter((mail) => mail.toAddress === address && mail.kind === kind);

describe("a repeated create", () => {
  it("creates one feedback item for a replayed submission and answers the replay with the first item", async () => {
    const owner = await customer(t.app, "idem-feedback@example.com");
    const { id: projectId } = await newProject(t.app, owner);
    const key = nextKey();
    const first = await post(feedbackUrl(projectId), GOOD_FEEDBACK, { cookie: owner.cookie, key });
    const again = await post(feedbackUrl(projectId), GOOD_FEEDBACK, { cookie: owner.cookie, key });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers["idempotent-replayed"]).toBe("true");
    const items = await t.app.ctx.db.select().from(feedback).where(eq(feedback.projectId, projectId));
    expect(items).toHaveLength(1);
  });

  it("creates one feedback item when the two requests of a double click arrive together", async () => {
    const owner = await customer(t.app, "idem-double@example.com");
    const { id: projectId } = await newProject(t.app, owner);
    const key = nextKey();
    const [a, b] = await Promise.all([
      post(feedbackUrl(projectId), GOOD_FEEDBACK, { cookie: owner.cookie, key }),
      post(feedbackUrl(projectId), GOOD_FEEDBACK, { cookie: owner.cookie, key }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().id).toBe(b.json().id);
    expect(await t.app.ctx.db.select().from(feedback).where(eq(feedback.projectId, projectId))).toHaveLength(1);
  });

  it("still creates two items for two submissions (two keys, or none)", async () => {
    const owner = await customer(t.app, "idem-two@example.com");
    const { id: projectId } = await newProject(t.app, owner);
    await post(feedbackUrl(projectId), GOOD_FEEDBACK, { cookie: owner.cookie, key: nextKey() });
    await post(feedbackUrl(projectId), GOOD_FEEDBACK, { cookie: owner.cookie, key: nextKey() });
    await post(feedbackUrl(projectId), GOOD_FEEDBACK, { cookie: owner.cookie });
    expect(await t.app.ctx.db.select().from(feedback).where(eq(feedback.projectId, projectId))).toHaveLength(3);
  });

  it("creates one project for a replayed New Project", async () => {
    const owner = await customer(t.app, "idem-project@example.com");
    await onboardOwner(t.app.ctx.db, owner.userId);
    const key = nextKey();
    const first = await post("/api/projects", {}, { cookie: owner.cookie, key });
    const again = await post("/api/projects", {}, { cookie: owner.cookie, key });
    expect(first.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const owned = await t.app.ctx.db.select().from(projects).where(eq(projects.userId, owner.userId));
    expect(owned).toHaveLength(1);
  });

  it("stores one contact inquiry for a replayed contact form and sends one reply", async () => {
    const key = nextKey();
    const inquiry = { name: "Rita Replay", email: "rita-replay@example.com", message: "Hello there, twice?" };
    const first = await post("/api/contact", inquiry, { key });
    const again = await post("/api/contact", inquiry, { key });
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.json()).toEqual(first.json());
    const rows = await t.app.ctx.db.select().from(contactInquiries).where(eq(contactInquiries.email, "rita-replay@example.com"));
    expect(rows).toHaveLength(1);
  });

  it("refuses the same key with a different body, and a malformed key", async () => {
    const owner = await customer(t.app, "idem-reuse@example.com");
    const { id: projectId } = await newProject(t.app, owner);
    const key = nextKey();
    await post(feedbackUrl(projectId), GOOD_FEEDBACK, { cookie: owner.cookie, key });
    const other = await post(
      feedbackUrl(projectId),
      { ...GOOD_FEEDBACK, feedbackType: "suggestion" },
      { cookie: owner.cookie, key },
    );
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: "IDEMPOTENCY_KEY_REUSED", requestId: expect.any(String) });
    const bad = await post(feedbackUrl(projectId), GOOD_FEEDBACK, { cookie: owner.cookie, key: "x" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: "VALIDATION_FAILED", message: expect.stringContaining("Idempotency-Key") });
  });

  it("keeps another user's key apart: the same key from someone else acts for them", async () => {
    const a = await customer(t.app, "idem-a@example.com");
    const b = await customer(t.app, "idem-b@example.com");
    await onboardOwner(t.app.ctx.db, a.userId);
    await onboardOwner(t.app.ctx.db, b.userId);
    const key = nextKey();
    const first = await post("/api/projects", {}, { cookie: a.cookie, key });
    const second = await post("/api/projects", {}, { cookie: b.cookie, key });
    expect(second.statusCode).toBe(201);
    expect(second.json().id).not.toBe(first.json().id);
  });

  it("acts again once the first answer is more than 24 hours old", async () => {
    const owner = await customer(t.app, "idem-old@example.com");
    const { id: projectId } = await newProject(t.app, owner);
    const key = nextKey();
    await post(feedbackUrl(projectId), GOOD_FEEDBACK, { cookie: owner.cookie, key });
    await t.app.ctx.db
      .update(idempotentRequests)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(idempotentRequests.key, key));
    const again = await post(feedbackUrl(projectId), GOOD_FEEDBACK, { cookie: owner.cookie, key });
    expect(again.statusCode).toBe(201);
    expect(await t.app.ctx.db.select().from(feedback).where(eq(feedback.projectId, projectId))).toHaveLength(2);
  });
});

describe("a repeated code request", () => {
  it("sends one NDA code for a replayed Send OTP, and that code signs", async () => {
    const signer = await customer(t.app, "idem-nda@example.com", "Ada Lovelace");
    await submitProfile(t.app, signer.cookie, { fullName: "Ada Lovelace" });
    const key = nextKey();
    const body = { customerEmail: signer.email, customerName: "Ada Lovelace", companyName: "Engines" };
    const [a, b] = await Promise.all([
      post("/api/nda/send-otp", body, { cookie: signer.cookie, key }),
      post("/api/nda/send-otp", body, { cookie: signer.cookie, key }),
    ]);
    const again = await post("/api/nda/send-otp", body, { cookie: signer.cookie, key });
    expect([a.statusCode, b.statusCode, again.statusCode]).toEqual([200, 200, 200]);
    expect(await mailsTo(signer.email, "nda-customer-code")).toHaveLength(1);
    expect(await mailsTo("admin@blueprint.local", "nda-company-notice").then((m) => m.length)).toBeGreaterThan(0);

    const code = await latestCodeFor(t.app, signer.email);
    const signing = { customerEmail: signer.email, customerOtp: code, signature: SIGNATURE, signatureMethod: "drawn" };
    const signKey = nextKey();
    const signed = await post("/api/nda/verify-customer-otp", signing, { cookie: signer.cookie, key: signKey });
    const signedAgain = await post("/api/nda/verify-customer-otp", signing, { cookie: signer.cookie, key: signKey });
    expect(signed.statusCode).toBe(200);
    expect(signedAgain.statusCode).toBe(200);
    expect(signedAgain.json()).toEqual(signed.json());
  });

  it("sends one sign-in code for a replayed request from a visitor", async () => {
    const key = nextKey();
    const body = { email: "idem-signin@example.com", name: "Sam Signin" };
    const first = await post("/api/auth/request-code", body, { key });
    const again = await post("/api/auth/request-code", body, { key });
    expect(first.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await mailsTo("idem-signin@example.com", "sign-in-code")).toHaveLength(1);
  });
});

describe("a repeated confirmation", () => {
  it("answers a replayed Confirm Brief with the confirmed brief instead of 'locked'", async () => {
    const owner = await customer(t.app, "idem-brief@example.com");
    const { id: projectId } = await newProject(t.app, owner);
    const url = `/api/projects/${projectId}/requirements`;
    expect((await post(url, GOOD_ANSWERS, { cookie: owner.cookie })).statusCode).toBe(200);
    expect((await post(`${url}/generate`, {}, { cookie: owner.cookie })).statusCode).toBe(200);
    const key = nextKey();
    const confirm = { ...GOOD_ANSWERS, generatedBrief: "# The brief\n\nConfirmed as written.", briefConfirmed: true };
    const first = await post(url, confirm, { cookie: owner.cookie, key });
    const again = await post(url, confirm, { cookie: owner.cookie, key });
    expect(first.statusCode).toBe(200);
    expect(first.json().briefConfirmed).toBe(true);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const without = await post(url, confirm, { cookie: owner.cookie });
    expect(without.statusCode).toBe(409);
  });
});

describe("a key is the caller's own", () => {
  it("answers a visitor who sends someone else's key with a different file for that file, not the first visitor's NDA", async () => {
    const signer = await customer(t.app, "idem-verify@example.com", "Nora Private");
    await submitProfile(t.app, signer.cookie, { fullName: "Nora Private", company: "Secret Works" });
    await signNdaFor(t.app, signer.cookie, signer.email);
    const signed = await t.app.inject({ method: "GET", url: "/api/nda/download/signed", headers: { cookie: signer.cookie } });
    const key = nextKey();
    const verify = (bytes: Buffer) => {
      const body = fileUpload("document.pdf", bytes);
      return t.app.inject({
        method: "POST",
        url: "/api/verify-document",
        payload: body.payload,
        headers: { ...body.headers, "idempotency-key": key },
      });
    };
    const first = await verify(signed.rawPayload);
    expect(first.json()).toMatchObject({ valid: true, document: { signerEmail: signer.email } });
    const { customerName, companyName } = first.json().document;
    const stranger = await verify(Buffer.from("%PDF-1.4\n% a different file\n%%EOF\n"));
    expect(stranger.statusCode).toBe(200);
    expect(stranger.headers["idempotent-replayed"]).toBeUndefined();
    expect(stranger.json().valid).toBe(false);
    for (const detail of [customerName, companyName, signer.email]) expect(stranger.body).not.toContain(detail);
  });

  it("lets a second visitor's contact form with the same key act for its own body", async () => {
    const key = nextKey();
    const first = { name: "Una First", email: "una-first@example.com", message: "The first visitor writes." };
    const second = { name: "Otto Second", email: "otto-second@example.com", message: "Another visitor, same key." };
    expect((await post("/api/contact", first, { key })).statusCode).toBeLessThan(300);
    const other = await post("/api/contact", second, { key });
    expect(other.statusCode).toBeLessThan(300);
    expect(other.headers["idempotent-replayed"]).toBeUndefined();
    const rows = await t.app.ctx.db.select().from(contactInquiries).where(eq(contactInquiries.email, "otto-second@example.com"));
    expect(rows).toHaveLength(1);
  });

  it("sends a second visitor's sign-in code although their request carries the first visitor's key", async () => {
    const key = nextKey();
    await post("/api/auth/request-code", { email: "idem-first-visitor@example.com", name: "First Visitor" }, { key });
    const other = await post("/api/auth/request-code", { email: "idem-second-visitor@example.com", name: "Second" }, { key });
    expect(other.statusCode).toBe(200);
    expect(await mailsTo("idem-second-visitor@example.com", "sign-in-code")).toHaveLength(1);
  });

  it("keeps one person's two sessions apart: the same key from another browser acts there", async () => {
    const email = "idem-two-browsers@example.com";
    const first = await customer(t.app, email);
    await onboardOwner(t.app.ctx.db, first.userId);
    const otherBrowser = await signIn(t.app, email, "Casey Client");
    const key = nextKey();
    const a = await post("/api/projects", {}, { cookie: first.cookie, key });
    const b = await post("/api/projects", {}, { cookie: otherBrowser, key });
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.headers["idempotent-replayed"]).toBeUndefined();
    expect(b.json().id).not.toBe(a.json().id);
  });

  it(`keeps at most ${ANONYMOUS_ANSWERS_KEPT} signed-out answers, the oldest dropped first`, async () => {
    const old = new Date(Date.now() - 3600_000);
    const filler = Array.from({ length: ANONYMOUS_ANSWERS_KEPT }, (_, i) => ({
      userKey: `anonymous:filler-${i}`,
      route: "POST /api/contact",
      key: `filler-key-${i}`,
      fingerprint: "",
      statusCode: 200,
      body: "{}",
      createdAt: new Date(old.getTime() + i),
    }));
    for (let i = 0; i < filler.length; i += 500) await t.app.ctx.db.insert(idempotentRequests).values(filler.slice(i, i + 500));
    const key = nextKey();
    const inquiry = { name: "Cap Visitor", email: "cap-visitor@example.com", message: "One more signed-out answer." };
    expect((await post("/api/contact", inquiry, { key })).statusCode).toBeLessThan(300);
    const [anonymous] = await t.app.ctx.db
      .select({ count: sql<number>`count(*)::int` })
      .from(idempotentRequests)
      .where(sql`${idempotentRequests.userKey} like 'anonymous:%'`);
    expect(anonymous?.count).toBeLessThanOrEqual(ANONYMOUS_ANSWERS_KEPT);
    const oldest = await t.app.ctx.db.select().from(idempotentRequests).where(eq(idempotentRequests.key, "filler-key-0"));
    expect(oldest).toHaveLength(0);
    const mine = await t.app.ctx.db.select().from(idempotentRequests).where(eq(idempotentRequests.key, key));
    expect(mine).toHaveLength(1);
    // The kept answer still dedupes a retry of the same request.
    const again = await post("/api/contact", inquiry, { key });
    expect(again.headers["idempotent-replayed"]).toBe("true");
  });
});
