// GET /api/company/service-levels/report: "answered within promise, last 30 days" per kind, in one SQL statement
// (no query per row). An item counts once it has come due (its window has passed) or was answered; it is within the
// promise when its first answer came inside its window (shared/domain/service-levels.ts):
// - new project: the company's first message or reply on it, within 2 hours of the project's creation;
// - support: a customer-started thread's first company reply, within 4 hours;
// - inquiry: marked answered within 24 hours;
// - meeting request (the customer's): its first answer (respondedAt), within 24 hours, 4 for high urgency.
import { sql } from "drizzle-orm";
import {
  MEETING_REQUEST_WINDOW_MS,
  SERVICE_LEVEL_KINDS,
  SERVICE_LEVELS,
  SERVICE_REPORT_DAYS,
  serviceWindowMs,
} from "../../../shared/domain/service-levels";
import type { ServiceLevelReport } from "../../../shared/schemas/admin";
import type { Database } from "../../db/client";

const interval = (ms: number) => sql.raw(`interval '${Math.round(ms / 1000)} seconds'`);

export async function getServiceLevelReport(db: Database, now = new Date()): Promise<ServiceLevelReport> {
  const since = new Date(now.getTime() - SERVICE_REPORT_DAYS * 86_400_000).toISOString();
  const at = now.toISOString();
  const project = interval(serviceWindowMs("newProject"));
  const support = interval(serviceWindowMs("support"));
  const inquiry = interval(serviceWindowMs("inquiry"));
  const meetingWindow = sql`(case m.urgency when 'high' then ${interval(MEETING_REQUEST_WINDOW_MS.high)}
    when 'medium' then ${interval(MEETING_REQUEST_WINDOW_MS.medium)} else ${interval(MEETING_REQUEST_WINDOW_MS.low)} end)`;
  const result = await db.execute(sql`
    with first_project_answer as (
      select p.id, p.created_at, least(
        (select min(c.created_at) from communications c where c.project_id = p.id and c.from_company),
        (select min(r.created_at) from communication_replies r join communications c on c.id = r.communication_id
          where c.project_id = p.id and r.from_company)
      ) as answered_at
      from projects p where p.created_at >= ${since}::timestamptz
    ),
    first_support_answer as (
      select c.created_at,
        (select min(r.created_at) from communication_replies r where r.communication_id = c.id and r.from_company) as answered_at
      from communications c where not c.from_company and c.created_at >= ${since}::timestamptz
    )
    select 'newProject' as kind,
      count(*) filter (where answered_at is not null or created_at + ${project} < ${at}::timestamptz)::int as total,
      count(*) filter (where answered_at <= created_at + ${project})::int as within
    from first_project_answer
    union all
    select 'support',
      count(*) filter (where answered_at is not null or created_at + ${support} < ${at}::timestamptz)::int,
      count(*) filter (where answered_at <= created_at + ${support})::int
    from first_support_answer
    union all
    select 'inquiry',
      count(*) filter (where i.answered_at is not null or i.created_at + ${inquiry} < ${at}::timestamptz)::int,
      count(*) filter (where i.answered_at <= i.created_at + ${inquiry})::int
    from contact_inquiries i where i.created_at >= ${since}::timestamptz
    union all
    select 'meeting',
      count(*) filter (where m.responded_at is not null or m.created_at + ${meetingWindow} < ${at}::timestamptz)::int,
      count(*) filter (where m.responded_at <= m.created_at + ${meetingWindow})::int
    from meeting_requests m where m.requested_by_role = 'customer' and m.created_at >= ${since}::timestamptz
  `);
  const rows = (result as unknown as { rows: Array<{ kind: string; total: number; within: number }> }).rows;
  return {
    days: SERVICE_REPORT_DAYS,
    kinds: SERVICE_LEVEL_KINDS.map((kind) => {
      const row = rows.find((r) => r.kind === kind);
      return {
        kind,
        label: SERVICE_LEVELS[kind].label,
        promise: SERVICE_LEVELS[kind].promise,
        total: Number(row?.total ?? 0),
        withinPromise: Number(row?.within ?? 0),
      };
    }),
  };
}
