// GET /api/company/charts: the charts strip's aggregates in one statement (projects by status, new projects per
// month, revenue received per month by currency) over the last 12 months.
import { sql } from "drizzle-orm";
import { isoMonth } from "../../../shared/domain/dates";
import { PROJECT_STATUSES } from "../../../shared/domain/project-status";
import type { ChartData } from "../../../shared/schemas/admin";
import type { Database } from "../../db/client";

const MONTHS = 12;

function lastMonths(now: Date): string[] {
  const months: string[] = [];
  for (let i = MONTHS - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    months.push(isoMonth(d));
  }
  return months;
}

export async function getChartData(db: Database, now = new Date()): Promise<ChartData> {
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (MONTHS - 1), 1));
  // Amounts are stored as typed ('2500.00'); only plain numbers count towards revenue.
  const result = await db.execute<{ kind: string; key: string; currency: string | null; value: string }>(sql`
    select 'status' as kind, status as key, null as currency, count(*)::text as value from projects group by status
    union all
    select 'new', to_char(date_trunc('month', created_at at time zone 'UTC'), 'YYYY-MM'), null, count(*)::text
      from projects where created_at >= ${since} group by 2
    union all
    select 'revenue', to_char(date_trunc('month', received at time zone 'UTC'), 'YYYY-MM'), currency, sum(amount::numeric)::text
      from (
        select advance_payment_received_date as received, advance_payment_currency as currency, advance_payment_amount as amount
          from projects where advance_payment_received_date >= ${since}
        union all
        select balance_payment_received_date, balance_payment_currency, coalesce(balance_payment_amount, final_payment_amount)
          from projects where balance_payment_received_date >= ${since}
      ) paid
      where amount ~ '^[0-9]+(\\.[0-9]+)?$'
      group by 2, 3
  `);
  const rows = (result as unknown as { rows: Array<{ kind: string; key: string; currency: string | null; value: string }> }).rows;
  const months = lastMonths(now);
  const count = (kind: string, key: string) => Number(rows.find((r) => r.kind === kind && r.key === key)?.value ?? 0);
  const revenue = (month: string, currency: string) =>
    Number(rows.find((r) => r.kind === "revenue" && r.key === month && r.currency === currency)?.value ?? 0);
  return {
    byStatus: PROJECT_STATUSES.map((status) => ({ status, count: count("status", status) })),
    newPerMonth: months.map((month) => ({ month, count: count("new", month) })),
    revenuePerMonth: months.map((month) => ({ month, USD: revenue(month, "USD"), INR: revenue(month, "INR") })),
  };
}
