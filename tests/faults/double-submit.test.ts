// Double submit: the same form sent twice (a double click, a retry after a timeout) leaves one row.
// What "one" means per form: the contact form — the same message from the same address within 10 minutes is one
// inquiry (both answers say "sent"); the profile — one per user, and one first project; a team member — one per
// project and address (the second answer is 409); an NDA code — used once (the second signature is refused).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactInquiries, ndaSignatures, outgoingEmails, profiles, projectMembers, projects } from "../../src/server/db/schema";
import { customer, newProject, openTeam } from "../factories";
import { SIGNATURE, VALID_PROFILE } from "../setup/onboarding";
import { createTestApp, latestCodeFor, signIn, type TestApp } from "../setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: object, cookie?: string) =>
  t.app.inject({ method: "POST", url, payload, headers: cookie ? { cookie } : {} });
const twice = <T>(send: () => Promise<T>) => Promise.all([send(), send()]);

describe("double submit", () => {
  it("the contact form sent twice at once: one inquiry, one pair of emails, both answered 'sent'", async () => {
    const body = { name: "Double Clicker", email: "Double@Clicker.example", remarks: "Please call me back" };
    const answers = await twice(() => post("/api/contact", body));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    const again = await post("/api/contact", body);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe("Message sent successfully!");

    const rows = await t.app.ctx.db.select().from(contactInquiries).where(eq(contactInquiries.email, "double@clicker.example"));
    expect(rows).toHaveLength(1);
    const confirmations = await t.app.ctx.db
      .select()
      .from(outgoingEmails)
      .where(eq(outgoingEmails.toAddress, "double@clicker.example"));
    expect(confirmations).toHaveLength(1);
  });

  it("a different message from the same address is a new inquiry", async () => {
    const base = { name: "Second Thought", email: "second@thought.example" };
    await post("/api/contact", { ...base, remarks: "First question" });
    await post("/api/contact", { ...base, remarks: "Another question" });
    const rows = await t.app.ctx.db.select().from(contactInquiries).where(eq(contactInquiries.email, "second@thought.example"));
    expect(rows).toHaveLength(2);
  });

  it("the profile saved twice at once: one profile, and no project before the NDA is signed", async () => {
    const cookie = await signIn(t.app, "profile-twice@customer.example", "Pro File");
    const answers = await twice(() => post("/api/profile", VALID_PROFILE, cookie));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    const me = (await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } })).json();
    expect(await t.app.ctx.db.select().from(profiles).where(eq(profiles.userId, me.id))).toHaveLength(1);
    expect(await t.app.ctx.db.select().from(projects).where(eq(projects.userId, me.id))).toHaveLength(0);
  });

  it("the same team member added twice at once: one member, one invitation, the second answer 409", async () => {
    const owner = await customer(t.app, "team-owner@customer.example");
    const project = await newProject(t.app, owner);
    await openTeam(t.app, project.id);
    const body = { email: "teammate@customer.example", accessLevel: "user" };
    const answers = await twice(() => post(`/api/projects/${project.id}/users`, body, owner.cookie));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expect(await t.app.ctx.db.select().from(projectMembers).where(eq(projectMembers.projectId, project.id))).toHaveLength(1);
    const invitations = await t.app.ctx.db
      .select()
      .from(outgoingEmails)
      .where(eq(outgoingEmails.toAddress, "teammate@customer.example"));
    expect(invitations).toHaveLength(1);
  });

  it("the NDA signed twice at once with one code: one signature, the second refused", async () => {
    const email = "signer-twice@customer.example";
    const cookie = await signIn(t.app, email, "Sig Ner");
    await post("/api/profile", { ...VALID_PROFILE, primaryContact: email }, cookie);
    await post("/api/nda/send-otp", { customerEmail: email, customerName: "Sig Ner", companyName: "Engines" }, cookie);
    const code = await latestCodeFor(t.app, email);
    const body = { customerEmail: email, customerOtp: code, signature: SIGNATURE, signatureMethod: "drawn" };
    const answers = await twice(() => post("/api/nda/verify-customer-otp", body, cookie));
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses[0]).toBe(200);
    expect(statuses[1]).toBeGreaterThanOrEqual(400);
    expect(statuses[1]).toBeLessThan(500);
    const me = (await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } })).json();
    // The signature opens the first project, once.
    expect(await t.app.ctx.db.select().from(projects).where(eq(projects.userId, me.id))).toHaveLength(1);
    const [profile] = await t.app.ctx.db.select().from(profiles).where(eq(profiles.userId, me.id));
    expect(
      await t.app.ctx.db
        .select()
        .from(ndaSignatures)
        .where(eq(ndaSignatures.profileId, profile?.id ?? "")),
    ).toHaveLength(1);
  });
});
