// Invoice numbers (issue 48 §3): sequential per year, no gap and never reused, whatever runs at once or fails. Twenty
// phases invoiced at once get 1 to 20 once each; an issue whose transaction fails gives its number back; an amount
// changed before payment voids the invoice and issues the next number.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { newProject, setCompanyLegal, signedInUser } from "../../../../tests/factories";
import { openForFile } from "../../../../tests/setup/per-file";
import { createTestApp } from "../../../../tests/setup/test-app";
import { invoiceCounters, invoices, projects } from "../../db/schema";
import { syncPhaseInvoices } from "./issue";

const t = openForFile(() => createTestApp());
const YEAR = 2031;
const inYear = new Date(Date.UTC(YEAR, 2, 1));

beforeAll(async () => {
  await setCompanyLegal(t.app.ctx.db);
});

let counter = 0;
async function requestedProject(amount = "500.00") {
  const owner = await signedInUser(t.app, { email: `numbering-${++counter}@example.com`, name: "Nina Number" });
  const project = await newProject(t.app, owner);
  await t.app.ctx.db.update(projects).set({ advancePaymentAmount: amount }).where(eq(projects.id, project.id));
  return project.id;
}

const numbersOf = async () =>
  (await t.app.ctx.db.select().from(invoices).where(eq(invoices.year, YEAR))).map((row) => row.sequence).sort((a, b) => a - b);

describe("invoice numbers", () => {
  it("gives twenty phases invoiced at once the numbers 1 to 20, each once", async () => {
    const ids = [];
    for (let n = 0; n < 20; n++) ids.push(await requestedProject());
    const issued = await Promise.all(ids.map((projectId) => syncPhaseInvoices(t.app.ctx.db, { projectId, now: inYear })));
    expect(issued.map((rows) => rows.length)).toEqual(Array(20).fill(1));
    expect(await numbersOf()).toEqual(Array.from({ length: 20 }, (_, n) => n + 1));
    expect(issued.flat().map((row) => row.number)).toContain(`BP-${YEAR}-0020`);
  });

  it("gives a failed issue's number back, and voids and renumbers an invoice whose amount changed", async () => {
    const projectId = await requestedProject("750.00");
    await expect(
      t.app.ctx.db.transaction(async (tx) => {
        await syncPhaseInvoices(tx, { projectId, now: inYear });
        throw new Error("the rest of the change failed");
      }),
    ).rejects.toThrow("the rest of the change failed");
    const [afterFailure] = await t.app.ctx.db.select().from(invoiceCounters).where(eq(invoiceCounters.year, YEAR));
    expect(afterFailure?.lastValue).toBe(20);

    const [first] = await syncPhaseInvoices(t.app.ctx.db, { projectId, now: inYear });
    expect(first?.number).toBe(`BP-${YEAR}-0021`);
    expect(await syncPhaseInvoices(t.app.ctx.db, { projectId, now: inYear })).toEqual([]);

    await t.app.ctx.db.update(projects).set({ advancePaymentAmount: "800.00" }).where(eq(projects.id, projectId));
    const [second] = await syncPhaseInvoices(t.app.ctx.db, { projectId, now: inYear });
    expect(second).toMatchObject({ number: `BP-${YEAR}-0022`, totalMinor: 80_000, status: "issued" });
    const rows = await t.app.ctx.db.select().from(invoices).where(eq(invoices.projectId, projectId));
    expect(rows.map((row) => [row.number, row.status])).toEqual(
      expect.arrayContaining([
        [`BP-${YEAR}-0021`, "void"],
        [`BP-${YEAR}-0022`, "issued"],
      ]),
    );
    expect(await numbersOf()).toEqual(Array.from({ length: 22 }, (_, n) => n + 1));
  });
});
