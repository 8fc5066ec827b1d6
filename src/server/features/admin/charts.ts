// GET /api/company/charts: the charts strip's aggregates in one statement (projects by status, new projects per
// month, revenue received per month by currency) over the last 12 months.
import { type SQL, sql } from "drizzle-orm";
import { isoMonth } from "../../../shared/domain/dates";
import type { PaymentPhase } from "../../../shared/domain/payments";
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

/** A phase's own amount when no Stripe payment says otherwise: the balance falls back to the final amount. */
const OWN_AMOUNT: Record<PaymentPhase, SQL> = {
  advance: sql.raw("p.advance_amount"),
  balance: sql.raw("p.balance_amount, p.final_amount"),
};

/** The phase's payments received since `since` (not refunded): when, in which currency, how much. */
function receivedPayments(phase: PaymentPhase, since: Date): SQL {
  const column = (name: string) => sql.raw(`p.${phase}_${name}`);
  return sql`select ${column("payment_received_date")} as received,
               coalesce(s.currency, ${column("payment_currency")}) as currency,
               coalesce(s.amount_minor / 100.0, ${OWN_AMOUNT[phase]}) as amount
          from projects p
          left join lateral (
            select currency, amount_minor from payments
             where project_id = p.id and phase = ${sql.raw(`'${phase}'`)} and provider = 'stripe' and kind = 'paid'
             order by occurred_at desc limit 1
          ) s on ${column("paid_via")} = 'stripe'
          where ${column("payment_received_date")} >= ${since} and ${column("payment_issue")} is distinct from 'refunded'`;
}

export async function getChartData(db: Database, now = new Date()): Promise<ChartData> {
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (MONTHS - 1), 1));
  // Revenue counts what was really paid: Stripe's amount and currency for a phase paid by card, else the phase's own
  // amount (a transfer); per currency, never summed across; a refunded phase does not count.
  const result = await db.execute<{ kind: string; key: string; currency: string | null; value: string }>(sql`
    select 'status' as kind, status as key, null as currency, count(*)::text as value from projects group by status
    union all
    select 'new', to_char(date_trunc('month', created_at at time zone 'UTC'), 'YYYY-MM'), null, count(*)::text
      from projects where created_at >= ${since} group by 2
    union all
    select 'revenue', to_char(date_trunc('month', received at time zone 'UTC'), 'YYYY-MM'), currency, sum(amount)::text
      from (
        ${receivedPayments("advance", since)}
        union all
        ${receivedPayments("balance", since)}
      ) paid
      where amount is not null
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
