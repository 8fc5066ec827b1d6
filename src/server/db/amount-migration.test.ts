// The hand-written data migration that turned pasted text amounts into money (drizzle/0019_pay_migrate_text_amounts.sql),
// run on the migrated database with the old text columns put back: what parses becomes money, what does not is kept
// for the admin, word for word, and a phase received by hand counts as paid by transfer.
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { projects, users } from "./schema";

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

it("moves parseable text amounts to money and keeps the rest visible, flagged", async () => {
  const { db } = database;
  await db.execute(sql`alter table projects add column advance_payment_amount text,
    add column balance_payment_amount text, add column final_payment_amount text`);
  const [owner] = await db.insert(users).values({ email: "legacy@example.com" }).returning();
  if (!owner) throw new Error("no user");
  const cases: Array<[string | null, string | null, string | null]> = [
    ["2500", "2500.00", null],
    ["2,500.00", "2500.00", null],
    ["$1,000.5", "1000.50", null],
    ["80000 INR", "80000.00", null],
    ["  750.25 ", "750.25", null],
    ["half up front", null, "half up front"],
    ["2500.999", null, "2500.999"],
    ["", null, null],
    [null, null, null],
  ];
  const ids: string[] = [];
  for (const [i, [text]] of cases.entries()) {
    const [row] = await db
      .insert(projects)
      .values({ userId: owner.id, projectCode: `PRJ-2026-9${String(i).padStart(4, "0")}` })
      .returning({ id: projects.id });
    if (!row) throw new Error("no project");
    ids.push(row.id);
    await db.execute(sql`update projects set advance_payment_amount = ${text}, balance_payment_amount = ${text},
      final_payment_amount = ${text}, advance_payment_received_date = ${i === 0 ? new Date("2026-03-05T10:00:00Z") : null}
      where id = ${row.id}`);
  }
  const file = readFileSync(path.resolve("drizzle/0019_pay_migrate_text_amounts.sql"), "utf8");
  for (const statement of file.split("--> statement-breakpoint")) {
    if (statement.replace(/--.*$/gm, "").trim()) await db.execute(sql.raw(statement));
  }
  for (const [i, [, amount, unparsed]] of cases.entries()) {
    const [row] = await db
      .select()
      .from(projects)
      .where(eq(projects.id, ids[i] ?? ""));
    expect({ i, advance: row?.advancePaymentAmount, unparsed: row?.advancePaymentAmountUnparsed }).toEqual({
      i,
      advance: amount,
      unparsed,
    });
    expect(row?.balancePaymentAmount).toBe(amount);
    expect(row?.finalPaymentAmountUnparsed).toBe(unparsed);
    expect(row?.advancePaidVia).toBe(i === 0 ? "transfer" : null);
  }
});
