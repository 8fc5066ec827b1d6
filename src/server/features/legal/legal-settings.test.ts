// The company's legal details (issue 48 §3): GET/PUT /api/company/settings/legal for company users, each bad input a
// 400 with the field's message and nothing stored, audited field by field; the advance's percent is the payment
// schedule every project answer carries.
import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { newProject, signedInUser } from "../../../../tests/factories";
import { openForFile } from "../../../../tests/setup/per-file";
import { createTestApp, signIn } from "../../../../tests/setup/test-app";
import { taxIdProblem } from "../../../shared/domain/tax-ids";
import { LEGAL_MESSAGES } from "../../../shared/schemas/legal";
import { adminAuditLog, companyLegalSettings } from "../../db/schema";

const t = openForFile(() => createTestApp());
let admin: string;

beforeAll(async () => {
  admin = await signIn(t.app, "admin@blueprint.local", "Site Admin");
});

const FORM = {
  legalName: "Blueprint Labs Private Limited",
  address: "12 MG Road\nBengaluru 560001",
  country: "IN",
  region: "Karnataka",
  taxId: "29abcde1234f1zw",
  taxLabel: "GST",
  taxRatePercent: "18",
  invoicePrefix: "bp",
  governingLaw: "the laws of India, with the courts of Bengaluru",
  signatoryName: "Asha Rao",
  signatoryTitle: "Director",
  contactEmail: "legal@blueprint.example",
  advancePercent: 40,
};

const put = (payload: object, cookie = admin) =>
  t.app.inject({ method: "PUT", url: "/api/company/settings/legal", headers: { cookie }, payload });
const get = (cookie = admin) => t.app.inject({ method: "GET", url: "/api/company/settings/legal", headers: { cookie } });
const storedRows = () => t.app.ctx.db.select().from(companyLegalSettings);

describe("GET/PUT /api/company/settings/legal", () => {
  it("answers configured false before anything is set", async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ configured: false, legal: null });
  });

  it.each([
    ["a GSTIN of another state", { region: "Delhi" }, "taxId", taxIdProblem("29ABCDE1234F1ZW", "IN", "Delhi")?.message],
    [
      "a GSTIN with a wrong check character",
      { taxId: "29ABCDE1234F1ZX" },
      "taxId",
      taxIdProblem("29ABCDE1234F1ZX", "IN")?.message,
    ],
    ["a tax rate without a tax ID", { taxId: "" }, "taxRatePercent", LEGAL_MESSAGES.taxRateWithoutId],
    ["a bad invoice prefix", { invoicePrefix: "bp inv" }, "invoicePrefix", LEGAL_MESSAGES.invoicePrefix],
    ["an address over 500 characters", { address: "x".repeat(501) }, "address", LEGAL_MESSAGES.tooLong(500)],
    ["an advance over 100 %", { advancePercent: 120 }, "advancePercent", LEGAL_MESSAGES.advancePercent],
  ])("refuses %s with the field's message and stores nothing", async (_what, change, field, message) => {
    const res = await put({ ...FORM, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields?.[field]).toBe(message);
    expect(await storedRows()).toHaveLength(0);
  });

  it("answers 403 to a customer and 401 to a visitor, and stores nothing", async () => {
    const customer = await signedInUser(t.app, { email: "legal-customer@example.com" });
    expect((await put(FORM, customer.cookie)).statusCode).toBe(403);
    expect((await get(customer.cookie)).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/company/settings/legal" })).statusCode).toBe(401);
    expect(await storedRows()).toHaveLength(0);
  });

  it("stores the one row, normalised, answers it, and audits what changed", async () => {
    const res = await put(FORM);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      configured: true,
      legal: {
        legalName: "Blueprint Labs Private Limited",
        country: "IN",
        countryName: "India",
        taxId: "29ABCDE1234F1ZW",
        taxRatePercent: "18",
        invoicePrefix: "BP",
        advancePercent: 40,
      },
    });
    expect((await get()).json()).toEqual(res.json());
    const rows = await storedRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: 1, taxRateBasisPoints: 1800 });

    const second = await put({ ...FORM, signatoryName: "Ravi Kumar", advancePercent: 30 });
    expect(second.statusCode).toBe(200);
    expect(await storedRows()).toHaveLength(1);
    const [entry] = await t.app.ctx.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, "legal_settings.update"))
      .orderBy(desc(adminAuditLog.createdAt))
      .limit(1);
    expect(entry?.actorEmail).toBe("admin@blueprint.local");
    expect(entry?.changes).toEqual([
      { field: "signatoryName", before: "Asha Rao", after: "Ravi Kumar" },
      { field: "advancePercent", before: 40, after: 30 },
    ]);
    const saves = await t.app.ctx.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, "legal_settings.update"));
    expect(saves).toHaveLength(2);
    // The first save lists every field as new.
    expect(saves.some((row) => row.changes.some((change) => change.field === "legalName" && change.before === null))).toBe(true);
  });

  it("gives every project answer the company's advance percent as its payment schedule", async () => {
    await put({ ...FORM, advancePercent: 30 });
    const owner = await signedInUser(t.app, { email: "legal-schedule@example.com" });
    const project = await newProject(t.app, owner);
    const res = await t.app.inject({ method: "GET", url: "/api/projects", headers: { cookie: owner.cookie } });
    const seen = res.json().items.find((item: { id: string }) => item.id === project.id);
    expect(seen.paymentSchedule).toEqual([
      expect.objectContaining({ phase: "advance", percent: 30, amount: "300.00", currency: "USD" }),
      expect.objectContaining({ phase: "balance", percent: 70, amount: "700.00", currency: "USD" }),
    ]);
    const company = await t.app.inject({ method: "GET", url: `/api/company/projects/${project.id}`, headers: { cookie: admin } });
    expect(company.json().paymentSchedule[0]).toMatchObject({ percent: 30, amount: "300.00" });

    // A change of the setting shows at once, though the list is served from the read cache.
    await put({ ...FORM, advancePercent: 50 });
    const again = await t.app.inject({ method: "GET", url: "/api/projects", headers: { cookie: owner.cookie } });
    const after = again.json().items.find((item: { id: string }) => item.id === project.id);
    expect(after.paymentSchedule[0]).toMatchObject({ percent: 50, amount: "500.00" });
  });
});
