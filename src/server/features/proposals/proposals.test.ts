// The proposal through the real app (issue 48 §2): made once the brief is confirmed and the company's legal details
// exist, read by the owner, Admin members and the company (other members 403), accepted by name once per version
// (who, when, from where, the proposal's SHA-256, in one transaction that requests the advance and issues its
// invoice), a price change making a new version to accept, the advance's checkout refused before acceptance, and the
// sealed PDF that pdfsig and pdftotext read.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  COMPANY_LEGAL,
  createCompletedProfile,
  json,
  onboardOwner,
  type SignedInUser,
  setCompanyLegal,
  signedInUser,
} from "../../../../tests/factories";
import { queuedEmails } from "../../../../tests/setup/outbox";
import { openForFile } from "../../../../tests/setup/per-file";
import { type FakeStripe, startFakeStripe, stripeEnv } from "../../../../tests/setup/stripe";
import { createTestApp } from "../../../../tests/setup/test-app";
import { TERMS_VERSION } from "../../../shared/domain/project-terms";
import { PROPOSAL_MESSAGES } from "../../../shared/schemas/proposal";
import {
  activityEvents,
  adminAuditLog,
  invoices,
  projectMembers,
  projects,
  proposalAcceptances,
  requirements,
} from "../../db/schema";
import { canonicalJson, proposalSha256 } from "./proposal-content";

let stripe: FakeStripe;
const t = openForFile(async () => {
  stripe = await startFakeStripe();
  const app = await createTestApp(stripeEnv(stripe));
  return {
    app: app.app,
    close: async () => {
      await app.close();
      await stripe.close();
    },
  };
});
let admin: SignedInUser;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "bp-proposal-"));
  admin = await signedInUser(t.app, { email: "admin@blueprint.local", name: "Ada Admin", role: "company" });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const UA = "Mozilla/5.0 (ProposalTest)";
const get = (url: string, cookie?: string) => t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
const proposal = (projectId: string, cookie?: string) => get(`/api/projects/${projectId}/proposal`, cookie);
const accept = (projectId: string, cookie: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url: `/api/projects/${projectId}/proposal/accept`,
    payload: payload as Record<string, unknown>,
    headers: { cookie, ...json, "user-agent": UA, ...headers },
  });
const checkout = (projectId: string, cookie: string) =>
  t.app.inject({ method: "POST", url: `/api/projects/${projectId}/payments/advance/checkout`, headers: { cookie } });
const patchProject = (projectId: string, payload: object) =>
  t.app.inject({
    method: "PATCH",
    url: `/api/company/projects/${projectId}`,
    payload,
    headers: { cookie: admin.cookie, ...json },
  });
const projectRow = async (id: string) => {
  const [row] = await t.app.ctx.db.select().from(projects).where(eq(projects.id, id));
  if (!row) throw new Error("no project");
  return row;
};
const acceptances = (id: string) => t.app.ctx.db.select().from(proposalAcceptances).where(eq(proposalAcceptances.projectId, id));
const projectAnswer = async (cookie: string, id: string) =>
  (
    (await get("/api/projects", cookie)).json().items as Array<{
      id: string;
      proposal: unknown;
      advancePaymentAmount: string | null;
    }>
  ).find((p) => p.id === id);

let counter = 0;
type Owner = SignedInUser & { projectId: string; projectCode: string };

/** An owner with a billing entity, a project and (unless told otherwise) a confirmed brief. */
async function ownerWithProject({ confirmed = true } = {}): Promise<Owner> {
  const who = await signedInUser(t.app, { email: `proposal-${++counter}@wells.example`, name: "Dana Wells" });
  await createCompletedProfile(t.app.ctx.db, {
    userId: who.userId,
    fullName: "Dana Wells",
    company: "Wells Co",
    billingName: "Wells Trading LLP",
    billingAddress: "4 Harbour Street\nMumbai 400001",
    billingCountry: "IN",
    billingRegion: "Maharashtra",
    billingTaxId: "27AAPFU0939F1ZV",
  });
  await onboardOwner(t.app.ctx.db, who.userId);
  const created = await t.app.inject({ method: "POST", url: "/api/projects", payload: {}, headers: { cookie: who.cookie } });
  const project = created.json();
  await t.app.ctx.db.insert(requirements).values({
    projectId: project.id,
    projectName: "Glacier",
    problemStatement: "Bookings take hours.",
    briefConfirmed: confirmed,
    briefConfirmedAt: confirmed ? new Date() : null,
  });
  return { ...who, projectId: project.id, projectCode: project.projectCode };
}

async function member(owner: Owner, level: "admin" | "user" | "view_only"): Promise<SignedInUser> {
  const who = await signedInUser(t.app, { email: `${level}-${++counter}@wells.example`, name: `Member ${level}` });
  await t.app.ctx.db.insert(projectMembers).values({ projectId: owner.projectId, email: who.email, accessLevel: level });
  return who;
}

function run(command: string, args: string[]): string {
  try {
    return execFileSync(command, args, { encoding: "utf8", env: { ...process.env, TZ: "UTC" } });
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? "");
  }
}
function pdfFile(bytes: Buffer): string {
  const file = path.join(dir, `proposal-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  return file;
}

describe("before the company's legal details exist", () => {
  it("answers 409 LEGAL_DETAILS_MISSING with its message, and accepting stores nothing", async () => {
    const owner = await ownerWithProject();
    const res = await proposal(owner.projectId, owner.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "LEGAL_DETAILS_MISSING", message: expect.stringContaining("legal details") });
    const tried = await accept(owner.projectId, owner.cookie, { name: "Dana Wells", version: 1 });
    expect(tried.statusCode).toBe(409);
    expect(tried.json().code).toBe("LEGAL_DETAILS_MISSING");
    expect(await acceptances(owner.projectId)).toHaveLength(0);
    expect((await projectRow(owner.projectId)).advancePaymentAmount).toBeNull();
  });
});

describe("the proposal", () => {
  beforeAll(async () => {
    await setCompanyLegal(t.app.ctx.db, { advancePercent: 40 });
  });

  it("is not made before the brief is confirmed: 409 PROPOSAL_NOT_READY, and the project answer says not_ready", async () => {
    const owner = await ownerWithProject({ confirmed: false });
    const res = await proposal(owner.projectId, owner.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "PROPOSAL_NOT_READY", message: PROPOSAL_MESSAGES.notReady });
    const tried = await accept(owner.projectId, owner.cookie, { name: "Dana Wells", version: 1 });
    expect(tried.statusCode).toBe(409);
    expect(tried.json().code).toBe("PROPOSAL_NOT_READY");
    expect(await projectAnswer(owner.cookie, owner.projectId)).toMatchObject({
      proposal: { version: 1, state: "not_ready", acceptedAt: null, acceptedBy: null },
    });
  });

  it("states the package, price, schedule by the company's advance percent, promise, inclusions, parties and terms", async () => {
    const owner = await ownerWithProject();
    const res = await proposal(owner.projectId, owner.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      projectId: owner.projectId,
      projectCode: owner.projectCode,
      version: 1,
      state: "open",
      acceptance: null,
      previousAcceptance: null,
      pdfUrl: null,
      package: { code: "basic", name: "BASIC" },
      price: { amount: "1000.00", currency: "USD", source: "plan" },
      schedule: [
        { phase: "advance", percent: 40, amount: "400.00", currency: "USD", due: expect.stringContaining("accepted") },
        { phase: "balance", percent: 60, amount: "600.00", currency: "USD", due: expect.stringContaining("delivery") },
      ],
      delivery: { hours: 48, text: expect.stringContaining("48 hours from the advance") },
      iterations: 3,
      testers: 5,
      accessMonths: 6,
      seller: { name: COMPANY_LEGAL.legalName, taxId: COMPANY_LEGAL.taxId, taxIdLabel: "GSTIN", countryName: "India" },
      buyer: { name: "Wells Trading LLP", taxId: "27AAPFU0939F1ZV", taxIdLabel: "GSTIN" },
      terms: { version: TERMS_VERSION, links: { terms: "/terms", refunds: "/refunds", privacy: "/privacy" } },
    });
    expect(body.buyer.address).toContain("4 Harbour Street");
    expect(body.terms.sections.map((s: { heading: string }) => s.heading).join(" ")).toMatch(
      /Ownership.*Confidentiality.*Refunds/s,
    );
    expect(await projectAnswer(owner.cookie, owner.projectId)).toMatchObject({ proposal: { version: 1, state: "open" } });
  });

  it("is the owner's, an Admin member's and the company's to read; other members 403, strangers 404, visitors 401", async () => {
    const owner = await ownerWithProject();
    const adminMember = await member(owner, "admin");
    const user = await member(owner, "user");
    const viewer = await member(owner, "view_only");
    const stranger = await signedInUser(t.app, { email: `stranger-${++counter}@example.com`, name: "Stranger" });
    expect((await proposal(owner.projectId, adminMember.cookie)).statusCode).toBe(200);
    expect((await proposal(owner.projectId, admin.cookie)).statusCode).toBe(200);
    for (const lower of [user, viewer]) {
      const res = await proposal(owner.projectId, lower.cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(PROPOSAL_MESSAGES.forbidden);
      expect((await accept(owner.projectId, lower.cookie, { name: "Member", version: 1 })).statusCode).toBe(403);
      // Their project answer carries no proposal, like the payments.
      expect((await projectAnswer(lower.cookie, owner.projectId))?.proposal).toBeNull();
    }
    expect((await proposal(owner.projectId, stranger.cookie)).statusCode).toBe(404);
    expect((await proposal(owner.projectId)).statusCode).toBe(401);
    // The company reads it but does not accept its own proposal.
    const byCompany = await accept(owner.projectId, admin.cookie, { name: "Ada Admin", version: 1 });
    expect(byCompany.statusCode).toBe(403);
    expect(await acceptances(owner.projectId)).toHaveLength(0);
  });

  it.each([
    ["an empty name", { name: "   ", version: 1 }, PROPOSAL_MESSAGES.nameRequired],
    ["a one-letter name", { name: "D", version: 1 }, PROPOSAL_MESSAGES.nameTooShort],
    ["a name over 100 characters", { name: "D".repeat(101), version: 1 }, PROPOSAL_MESSAGES.nameTooLong],
    ["a name with a control character", { name: "Dana\u0007Wells", version: 1 }, PROPOSAL_MESSAGES.nameInvalid],
    ["no name", { version: 1 }, PROPOSAL_MESSAGES.nameRequired],
  ])("refuses %s with 400 and its message, storing nothing", async (_case, payload, message) => {
    const owner = await ownerWithProject();
    const res = await accept(owner.projectId, owner.cookie, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.name).toBe(message);
    expect(await acceptances(owner.projectId)).toHaveLength(0);
  });

  it("refuses a version other than the current one with 409 PROPOSAL_CHANGED and what it asks now", async () => {
    const owner = await ownerWithProject();
    const res = await accept(owner.projectId, owner.cookie, { name: "Dana Wells", version: 2 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: "PROPOSAL_CHANGED",
      message: expect.stringMatching(/^The proposal changed since you opened it: version 1 asks 1,000\.00 USD/),
    });
    expect(await acceptances(owner.projectId)).toHaveLength(0);
  });
});

describe("accepting by name", () => {
  let owner: Owner;
  let accepted: Record<string, unknown>;

  beforeAll(async () => {
    await setCompanyLegal(t.app.ctx.db, { advancePercent: 50 });
    owner = await ownerWithProject();
  });

  it("refuses the advance's checkout before acceptance: 409 PROPOSAL_NOT_ACCEPTED with its message", async () => {
    // An amount typed by the company does not make a checkout possible either.
    expect((await patchProject(owner.projectId, { advancePaymentAmount: "500.00" })).statusCode).toBe(200);
    const res = await checkout(owner.projectId, owner.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "PROPOSAL_NOT_ACCEPTED", message: PROPOSAL_MESSAGES.notAccepted });
    expect(res.json().message).toMatch(/^Accept the proposal first: /);
    await patchProject(owner.projectId, { advancePaymentAmount: null });
  });

  it("records who, when, from where and the proposal's SHA-256, and requests the advance in the same transaction", async () => {
    const invoiceEmailsBefore = (await queuedEmails(t.app.ctx.db, owner.email, "invoice-issued")).length;
    const res = await accept(owner.projectId, owner.cookie, { name: "  Dana Wells  ", version: 1 });
    expect(res.statusCode).toBe(201);
    accepted = res.json();
    expect(accepted).toMatchObject({
      state: "accepted",
      acceptance: { name: "Dana Wells", email: owner.email, version: 1, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
      pdfUrl: `/api/projects/${owner.projectId}/proposal/pdf`,
    });
    const [row] = await acceptances(owner.projectId);
    expect(row).toMatchObject({
      version: 1,
      userId: owner.userId,
      acceptedName: "Dana Wells",
      userEmail: owner.email,
      userAgent: UA,
    });
    expect(row?.ip).toBeTruthy();
    // The stored copy hashes to the recorded SHA-256 (canonical JSON), and the answer is that copy.
    expect(proposalSha256(row?.proposal as never)).toBe(row?.proposalSha256);
    expect(canonicalJson(row?.proposal)).toContain(`"projectCode":"${owner.projectCode}"`);
    expect((accepted.acceptance as { sha256: string }).sha256).toBe(row?.proposalSha256);

    const project = await projectRow(owner.projectId);
    expect(project).toMatchObject({
      advancePaymentAmount: "500.00",
      advancePaymentCurrency: "USD",
      balancePaymentCurrency: "USD",
    });
    expect(project.advancePaymentLinkDate).not.toBeNull();
    const live = await t.app.ctx.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.projectId, owner.projectId), eq(invoices.phase, "advance")));
    // (The amount the company typed and removed before had its own invoice, voided then.)
    expect(live.filter((invoice) => invoice.status !== "void")).toMatchObject([
      { status: "issued", totalMinor: 50000, currency: "USD" },
    ]);

    const events = await t.app.ctx.db
      .select()
      .from(activityEvents)
      .where(and(eq(activityEvents.projectId, owner.projectId), eq(activityEvents.type, "proposal.accepted")));
    expect(events.map((e) => [e.userId, e.title, e.notify]).sort()).toEqual(
      [
        [owner.userId, "Proposal accepted", false],
        [null, "Proposal accepted", true],
      ].sort(),
    );
    expect(await queuedEmails(t.app.ctx.db, "admin@blueprint.local", "proposal-accepted")).toHaveLength(1);
    // The advance it requested is invoiced to the customer, with the invoice's PDF attached.
    expect(await queuedEmails(t.app.ctx.db, owner.email, "invoice-issued")).toHaveLength(invoiceEmailsBefore + 1);
    const [audit] = await t.app.ctx.db
      .select({ n: count() })
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.projectId, owner.projectId), eq(adminAuditLog.action, "proposal.accepted")));
    expect(audit?.n).toBe(1);
    expect(await projectAnswer(owner.cookie, owner.projectId)).toMatchObject({
      advancePaymentAmount: "500.00",
      proposal: { version: 1, state: "accepted", acceptedBy: "Dana Wells", acceptedVersion: 1, acceptedAt: expect.any(String) },
    });
    // GET answers it as accepted, from the stored copy.
    expect((await proposal(owner.projectId, owner.cookie)).json()).toMatchObject({
      state: "accepted",
      acceptance: { name: "Dana Wells" },
    });
  });

  it("refuses a second acceptance of the version with 409 PROPOSAL_ALREADY_ACCEPTED", async () => {
    const again = await accept(owner.projectId, owner.cookie, { name: "Dana Wells", version: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "PROPOSAL_ALREADY_ACCEPTED", message: PROPOSAL_MESSAGES.alreadyAccepted });
    expect(await acceptances(owner.projectId)).toHaveLength(1);
  });

  it("opens the advance's checkout once accepted", async () => {
    const res = await checkout(owner.projectId, owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(/^http/);
  });

  it("draws a sealed PDF that states who accepted, when, from where, the price and the SHA-256; listed in the documents", async () => {
    const res = await get(`/api/projects/${owner.projectId}/proposal/pdf`, owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const file = pdfFile(res.rawPayload);
    const sig = run("pdfsig", [file]);
    expect(sig).toContain("Signature Validation: Signature is Valid.");
    const text = run("pdftotext", ["-layout", file, "-"]).replace(/\s+/g, " ");
    const [row] = await acceptances(owner.projectId);
    for (const expected of [
      "Proposal",
      owner.projectCode,
      "Dana Wells",
      owner.email,
      COMPANY_LEGAL.legalName,
      "Wells Trading LLP",
      "27AAPFU0939F1ZV",
      "1,000.00 USD",
      "500.00 USD",
      "48 hours",
      row?.proposalSha256 ?? "missing",
      row?.ip ?? "missing",
      "Ownership",
    ]) {
      expect(text).toContain(expected);
    }
    // The same record gives the same bytes (recorded once for /verify).
    const again = await get(`/api/projects/${owner.projectId}/proposal/pdf`, owner.cookie);
    expect(again.headers["x-document-sha256"]).toBe(res.headers["x-document-sha256"]);
    const documents = (await get(`/api/projects/${owner.projectId}/documents`, owner.cookie)).json();
    expect(documents).toContainEqual(
      expect.objectContaining({
        kind: "proposal",
        url: `/api/projects/${owner.projectId}/proposal/pdf`,
        contentType: "application/pdf",
      }),
    );
    const lower = await member(owner, "user");
    expect((await get(`/api/projects/${owner.projectId}/proposal/pdf`, lower.cookie)).statusCode).toBe(403);
    const theirs = (await get(`/api/projects/${owner.projectId}/documents`, lower.cookie)).json();
    expect(theirs.map((d: { kind: string }) => d.kind)).not.toContain("proposal");
  });

  it("has no PDF before acceptance: 404 with a message", async () => {
    const other = await ownerWithProject();
    const res = await get(`/api/projects/${other.projectId}/proposal/pdf`, other.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(PROPOSAL_MESSAGES.noPdf);
  });
});

describe("a changed price is a new proposal", () => {
  it("only once a proposal was shown: a price set before the brief is confirmed is the first proposal's", async () => {
    const owner = await ownerWithProject({ confirmed: false });
    const changed = await patchProject(owner.projectId, { price: { amount: null, currency: "INR" } });
    expect(changed.statusCode).toBe(200);
    expect((await projectRow(owner.projectId)).proposalVersion).toBe(1);
  });

  it("bumps the version; the old acceptance stays on record, the checkout waits for the new one, which resets the advance", async () => {
    await setCompanyLegal(t.app.ctx.db, { advancePercent: 50 });
    const owner = await ownerWithProject();
    expect((await accept(owner.projectId, owner.cookie, { name: "Dana Wells", version: 1 })).statusCode).toBe(201);
    const changed = await patchProject(owner.projectId, {
      price: { amount: "1500.00", currency: "USD" },
      priceReason: "Two extra screens agreed on the call",
    });
    expect(changed.statusCode).toBe(200);
    expect((await projectRow(owner.projectId)).proposalVersion).toBe(2);
    const read = (await proposal(owner.projectId, owner.cookie)).json();
    expect(read).toMatchObject({
      version: 2,
      state: "open",
      price: { amount: "1500.00", source: "custom" },
      previousAcceptance: { version: 1, name: "Dana Wells" },
    });
    expect(await projectAnswer(owner.cookie, owner.projectId)).toMatchObject({
      proposal: { version: 2, state: "open", acceptedVersion: 1 },
    });
    // The page opened before the change still says version 1.
    const stale = await accept(owner.projectId, owner.cookie, { name: "Dana Wells", version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: "PROPOSAL_CHANGED",
      message: expect.stringContaining("version 2 asks 1,500.00 USD"),
    });
    const refused = await checkout(owner.projectId, owner.cookie);
    expect(refused.json().code).toBe("PROPOSAL_NOT_ACCEPTED");

    expect((await accept(owner.projectId, owner.cookie, { name: "Dana Wells", version: 2 })).statusCode).toBe(201);
    expect((await acceptances(owner.projectId)).map((row) => row.version).sort()).toEqual([1, 2]);
    // The advance the first acceptance set follows the new price; its old invoice is voided and a new one issued.
    expect((await projectRow(owner.projectId)).advancePaymentAmount).toBe("750.00");
    const advanceInvoices = await t.app.ctx.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.projectId, owner.projectId), eq(invoices.phase, "advance")));
    expect(advanceInvoices.map((i) => [i.status, i.totalMinor]).sort()).toEqual([
      ["issued", 75000],
      ["void", 50000],
    ]);
    expect((await checkout(owner.projectId, owner.cookie)).statusCode).toBe(200);
  });

  it("a package change is a new version too; other edits are not", async () => {
    const owner = await ownerWithProject();
    expect((await patchProject(owner.projectId, { maxIterations: 4 })).statusCode).toBe(200);
    expect((await projectRow(owner.projectId)).proposalVersion).toBe(1);
    expect((await patchProject(owner.projectId, { packageType: "advanced" })).statusCode).toBe(200);
    expect((await projectRow(owner.projectId)).proposalVersion).toBe(2);
  });

  it("after the advance is paid: still a new version, the advance stays paid and its amount untouched", async () => {
    const owner = await ownerWithProject();
    expect((await accept(owner.projectId, owner.cookie, { name: "Dana Wells", version: 1 })).statusCode).toBe(201);
    expect((await patchProject(owner.projectId, { advancePaymentReceivedDate: new Date().toISOString() })).statusCode).toBe(200);
    await patchProject(owner.projectId, { price: { amount: "1200.00", currency: "USD" }, priceReason: "Scope grew" });
    const project = await projectRow(owner.projectId);
    expect(project).toMatchObject({ proposalVersion: 2, advancePaymentAmount: "500.00" });
    expect(project.advancePaymentReceivedDate).not.toBeNull();
    expect((await checkout(owner.projectId, owner.cookie)).json().code).toBe("PAYMENT_ALREADY_PAID");
    expect((await accept(owner.projectId, owner.cookie, { name: "Dana Wells", version: 2 })).statusCode).toBe(201);
    expect((await projectRow(owner.projectId)).advancePaymentAmount).toBe("500.00");
  });
});

describe("one acceptance per version", () => {
  it("two at once: one is recorded, the other answers 409 PROPOSAL_ALREADY_ACCEPTED", async () => {
    const owner = await ownerWithProject();
    const adminMember = await member(owner, "admin");
    const [a, b] = await Promise.all([
      accept(owner.projectId, owner.cookie, { name: "Dana Wells", version: 1 }),
      accept(owner.projectId, adminMember.cookie, { name: "Member Admin", version: 1 }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect([a, b].find((r) => r.statusCode === 409)?.json().code).toBe("PROPOSAL_ALREADY_ACCEPTED");
    expect(await acceptances(owner.projectId)).toHaveLength(1);
    const advance = await t.app.ctx.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.projectId, owner.projectId), eq(invoices.phase, "advance")));
    expect(advance).toHaveLength(1);
  });

  it("a repeat with the same Idempotency-Key gets the first answer back instead of 409", async () => {
    const owner = await ownerWithProject();
    const key = { "idempotency-key": `proposal-accept-${owner.projectId}` };
    const first = await accept(owner.projectId, owner.cookie, { name: "Dana Wells", version: 1 }, key);
    const repeat = await accept(owner.projectId, owner.cookie, { name: "Dana Wells", version: 1 }, key);
    expect(first.statusCode).toBe(201);
    expect(repeat.statusCode).toBe(201);
    expect(repeat.json()).toEqual(first.json());
    expect(await acceptances(owner.projectId)).toHaveLength(1);
  });
});
