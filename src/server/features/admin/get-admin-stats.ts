// GET /api/company/stats: the six stat cards in one statement, one round trip. Project totals come from the counts the
// triggers keep (project_counts, owner_open_projects), not from counting the projects. Login Only and Incomplete count
// leads: a user who owns no project but was invited to one (a member) is not a lead, whatever their profile says.
import { type SQL, sql } from "drizzle-orm";
import { UPDATE_INTERVAL_HOURS, updateDueCutoff } from "../../../shared/domain/progress-updates";
import type { AdminStats } from "../../../shared/schemas/admin";
import type { Database } from "../../db/client";
import { projects } from "../../db/schema";
import { alwaysUpdateDueCondition, freshUpdateCondition, updatedSinceStartCondition } from "../updates";
import { overdueCondition } from "./project-filters";

/**
 * The user (alias `u`) owns no project and is a member of one. The membership is a scalar subquery with a limit, one
 * index probe per user: an EXISTS here was planned as a hash of every project member (37,500 rows at 50,000 projects,
 * 30 ms of the 47 ms statement), built even when a few hundred users are asked about.
 */
const onlyMember = (u: SQL) =>
  sql`(coalesce((select true from project_members pm where pm.email = lower(${u}.email) limit 1), false)
    and not exists (select 1 from projects pr where pr.user_id = ${u}.id))`;

export async function getAdminStats(db: Database): Promise<AdminStats> {
  const result = await db.execute<{
    total_projects: number;
    active_customers: number;
    in_progress: number;
    completed: number;
    login_only: number;
    incomplete: number;
  }>(sql`
    with by_status as (select status, sum(n)::int as n from project_counts group by status)
    select
      (select coalesce(sum(n), 0)::int from by_status) as total_projects,
      (select count(*)::int from owner_open_projects o join users u on u.id = o.user_id
         where o.n > 0 and u.role = 'customer') as active_customers,
      (select coalesce(sum(n), 0)::int from by_status where status in ('development', 'testing')) as in_progress,
      (select coalesce(sum(n), 0)::int from by_status where status = 'completed') as completed,
      (select count(*)::int from (select u.id, u.email from users u
         where u.role = 'customer' and not exists (select 1 from profiles p where p.user_id = u.id) offset 0) u
         where not ${onlyMember(sql`u`)}) as login_only,
      (select count(*)::int from profiles p join users u on u.id = p.user_id
         where not p.profile_completed and not ${onlyMember(sql`u`)}) as incomplete
  `);
  const row = (result as unknown as { rows: Array<Record<string, number>> }).rows[0] ?? {};
  return {
    totalProjects: Number(row.total_projects ?? 0),
    activeCustomers: Number(row.active_customers ?? 0),
    inProgress: Number(row.in_progress ?? 0),
    completed: Number(row.completed ?? 0),
    loginOnlyUsers: Number(row.login_only ?? 0),
    incompleteProfiles: Number(row.incomplete ?? 0),
    overdue: 0,
    updateDue: 0,
  };
}

/** The two cards the clock moves, and the next instant the clock alone changes either (null: only a write will). */
export type ClockCounts = { overdue: number; updateDue: number; changesAt: string | null };

/**
 * Overdue and Update due as of `now`, with when they next change without a write: the earliest running delivery
 * clock still ahead, and the earliest fresh update's 24 hours. Kept by the read cache until then (or a write), so
 * the cards are exact to the millisecond without counting on every call.
 */
export async function getClockCounts(db: Database, now = new Date()): Promise<ClockCounts> {
  type Row = { overdue: number; update_due: number; next_overdue: string | Date | null; next_fresh: string | Date | null };
  const result = await db.execute<Row>(sql`
    select
      (select count(*)::int from ${projects} where ${overdueCondition(now)}) as overdue,
      (select count(*)::int from ${projects} where ${alwaysUpdateDueCondition()})
        + (select count(*)::int from ${projects}
             where ${updatedSinceStartCondition()} and ${projects.lastUpdateAt} < ${updateDueCutoff(now)}) as update_due,
      (select min(${projects.deliveryDueAt}) from ${projects}
         where ${projects.deliveredAt} is null and ${projects.deliveryDueAt} > ${now}) as next_overdue,
      (select min(${projects.lastUpdateAt}) from ${projects} where ${freshUpdateCondition(now)}) as next_fresh
  `);
  const row = (result as unknown as { rows: Row[] }).rows[0];
  const nextFresh = row?.next_fresh ? new Date(row.next_fresh).getTime() + UPDATE_INTERVAL_HOURS * 3_600_000 : null;
  const nextOverdue = row?.next_overdue ? new Date(row.next_overdue).getTime() : null;
  const next = [nextOverdue, nextFresh].filter((time): time is number => time !== null);
  return {
    overdue: Number(row?.overdue ?? 0),
    updateDue: Number(row?.update_due ?? 0),
    changesAt: next.length ? new Date(Math.min(...next)).toISOString() : null,
  };
}

/** Whether clock counts still hold now (the cache's `fresh` test). */
export const clockCountsHold = (counts: ClockCounts, now = Date.now()) =>
  counts.changesAt === null || now < Date.parse(counts.changesAt);
