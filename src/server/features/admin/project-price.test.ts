// One price list, one project price (issue 48 §1): GET /api/plans is the price list; every project answer carries its
// price (the plan's in the project's currency, or the company's custom one) and the payment schedule's phases; the
// company sets a custom price only with a reason, audited; bad input changes nothing.
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { newProject, signedInUser } from "../../../../tests/factories";
import { openForFile } from "../../../../tests/setup/per-file";
import { createTestApp, signIn } from "../../../../tests/setup/test-app";
import { PACKAGES } from "../../../shared/constants/packages";
import { PRICE_MESSAGES } from "../../../shared/domain/pricing";
import { adminAuditLog, projectMembers, projects } from "../../db/schema";

const t = openForFile(() => createTestApp());
let admin: string;

beforeAll(async () => {
  admin = await signIn(t.app, "admin@blueprint.local", "Site Admin");
});

let counter = 0;
async function ownerWithProject() {
  const owner = await signedInUser(t.app, { email: `price-${++counter}@example.com`, name: "Priya Shah" });
  const project = await newProject(t.app, owner);
  return { owner, project };
}

const patch = (id: string, payload: object) =>
  t.app.inject({ method: "PATCH", url: `/api/company/projects/${id}`, headers: { cookie: admin }, payload });
const customerProject = async (cookie: string, id: string) => {
  const res = await t.app.inject({ method: "GET", url: "/api/projects", headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return (res.json().items as Array<{ id: string; price: unknown; paymentSchedule: unknown }>).find((p) => p.id === id);
};

describe("GET /api/plans", () => {
  it("answers every package's code, name, clock hours and price in both currencies, to a visitor", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/plans" });
    expect(res.statusCode).toBe(200);
    const items = res.json();
    expect(items.map((plan: { code: string }) => plan.code)).toEqual(["basic", "advanced", "premium"]);
    expect(items[1]).toMatchObject({
      code: "advanced",
      name: "ADVANCED",
      clockHours: 72,
      prices: { USD: "2000.00", INR: "160000.00" },
      users: 10,
      mostPopular: true,
    });
  });
});

describe("the project's price", () => {
  it("is the plan's price in the project's currency, with the schedule's phases, for the customer and the company", async () => {
    const { owner, project } = await ownerWithProject();
    const seen = await customerProject(owner.cookie, project.id);
    expect(seen?.price).toEqual({ amount: "1000.00", currency: "USD", source: "plan" });
    expect(seen?.paymentSchedule).toEqual([
      expect.objectContaining({ phase: "advance", percent: 50, amount: "500.00", currency: "USD" }),
      expect.objectContaining({ phase: "balance", percent: 50, amount: "500.00", currency: "USD" }),
    ]);
    const company = await t.app.inject({ method: "GET", url: `/api/company/projects/${project.id}`, headers: { cookie: admin } });
    expect(company.json()).toMatchObject({ price: { amount: "1000.00", currency: "USD", source: "plan" }, priceReason: null });
  });

  it("is not told to a member below admin level, as the other payment fields are not", async () => {
    const { project } = await ownerWithProject();
    for (const accessLevel of ["admin", "user", "view_only"] as const) {
      const email = `price-member-${accessLevel}-${counter}@example.com`;
      await t.app.ctx.db.insert(projectMembers).values({ projectId: project.id, email, accessLevel });
      const member = await signedInUser(t.app, { email, name: `Member ${accessLevel}` });
      const seen = await customerProject(member.cookie, project.id);
      if (accessLevel === "admin") expect(seen?.price).toEqual({ amount: "1000.00", currency: "USD", source: "plan" });
      else expect(seen).toMatchObject({ price: null, paymentSchedule: [] });
    }
  });

  it("follows the package and the currency: ADVANCED in INR is the price list's ₹1,60,000", async () => {
    const { owner, project } = await ownerWithProject();
    const res = await patch(project.id, { packageType: "advanced", price: { amount: null, currency: "INR" } });
    expect(res.statusCode).toBe(200);
    expect(res.json().price).toEqual({ amount: `${PACKAGES.advanced.prices.INR}.00`, currency: "INR", source: "plan" });
    expect((await customerProject(owner.cookie, project.id))?.price).toEqual({
      amount: "160000.00",
      currency: "INR",
      source: "plan",
    });
  });

  it("takes a custom price with its reason, audited, and the schedule's phases add up to it", async () => {
    const { owner, project } = await ownerWithProject();
    const res = await patch(project.id, {
      price: { amount: "2,500.01", currency: "USD" },
      priceReason: "Two extra integrations agreed on the kick-off call",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      price: { amount: "2500.01", currency: "USD", source: "custom" },
      priceReason: "Two extra integrations agreed on the kick-off call",
    });
    const seen = await customerProject(owner.cookie, project.id);
    expect(seen?.price).toEqual({ amount: "2500.01", currency: "USD", source: "custom" });
    // The customer is not told the company's reason.
    expect(seen).not.toHaveProperty("priceReason");
    expect(seen?.paymentSchedule).toEqual([
      expect.objectContaining({ phase: "advance", amount: "1250.00" }),
      expect.objectContaining({ phase: "balance", amount: "1250.01" }),
    ]);
    const [entry] = await t.app.ctx.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.projectId, project.id), eq(adminAuditLog.action, "project.update")))
      .orderBy(desc(adminAuditLog.createdAt))
      .limit(1);
    expect(entry?.changes).toEqual(
      expect.arrayContaining([
        { field: "customPrice", before: null, after: "2500.01" },
        { field: "customPriceReason", before: null, after: "Two extra integrations agreed on the kick-off call" },
      ]),
    );

    // Back to the plan's price: the custom price and its reason are cleared.
    const back = await patch(project.id, { price: { amount: null, currency: "USD" } });
    expect(back.json()).toMatchObject({ price: { amount: "1000.00", source: "plan" }, priceReason: null });
  });

  it("keeps the reason it has when the same custom price is saved again without one", async () => {
    const { project } = await ownerWithProject();
    await patch(project.id, { price: { amount: "1800", currency: "USD" }, priceReason: "Returning customer" });
    const again = await patch(project.id, { price: { amount: "1800.00", currency: "USD" }, projectName: "Atlas" });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ price: { amount: "1800.00", source: "custom" }, priceReason: "Returning customer" });
  });

  it.each([
    [
      "a custom price without a reason",
      { price: { amount: "3000", currency: "USD" } },
      "priceReason",
      PRICE_MESSAGES.reasonRequired,
    ],
    [
      "a new custom price without a new reason",
      { price: { amount: "3100", currency: "USD" } },
      "priceReason",
      PRICE_MESSAGES.reasonRequired,
    ],
    [
      "a zero price",
      { price: { amount: "0", currency: "USD" }, priceReason: "Free" },
      "price.amount",
      PRICE_MESSAGES.amountPositive,
    ],
    ["an amount that is not money", { price: { amount: "lots", currency: "USD" }, priceReason: "x" }, "price.amount", null],
    ["an unknown currency", { price: { amount: "100", currency: "EUR" }, priceReason: "x" }, "price.currency", null],
    [
      "a reason over the limit",
      { price: { amount: "100", currency: "USD" }, priceReason: "x".repeat(501) },
      "priceReason",
      PRICE_MESSAGES.reasonTooLong,
    ],
  ])("refuses %s (400) and stores nothing", async (_case, payload, field, message) => {
    const { project } = await ownerWithProject();
    await patch(project.id, { price: { amount: "2900", currency: "USD" }, priceReason: "Agreed scope" });
    const res = await patch(project.id, { ...payload, projectName: "Should not be saved" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    const fields = res.json().fields ?? {};
    expect(Object.keys(fields)).toContain(field);
    if (message) expect(fields[field]).toBe(message);
    const [row] = await t.app.ctx.db.select().from(projects).where(eq(projects.id, project.id));
    expect(row).toMatchObject({ customPrice: "2900.00", customPriceReason: "Agreed scope", projectName: null });
  });
});
