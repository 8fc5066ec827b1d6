// The admin project list's filters as SQL, shared by the paged list and its CSV export (one rule for both).
import { type AnyColumn, and, asc, desc, eq, gte, ilike, inArray, isNull, lt, lte, or, type SQL, sql } from "drizzle-orm";
import type { ProjectListQuery } from "../../../shared/schemas/admin";
import type { Database } from "../../db/client";
import { profiles, projects } from "../../db/schema";
import { updateDueCondition } from "../updates";

/** '%' and '_' typed by the admin match themselves, not any text. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A created-date search: '2026', '2026-03' or '2026-03-14' names a year, a month or a day (UTC). */
export function createdDateRange(search: string): { from: Date; to: Date } | null {
  const match = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(search);
  if (!match) return null;
  const year = Number(match[1]);
  const month = match[2] ? Number(match[2]) - 1 : null;
  const day = match[3] ? Number(match[3]) : null;
  if (month !== null && (month < 0 || month > 11)) return null;
  if (day !== null && (day < 1 || day > 31)) return null;
  const from = new Date(Date.UTC(year, month ?? 0, day ?? 1));
  const to =
    day !== null
      ? new Date(Date.UTC(year, month ?? 0, day + 1))
      : month !== null
        ? new Date(Date.UTC(year, month + 1, 1))
        : new Date(Date.UTC(year + 1, 0, 1));
  return { from, to };
}

/** `column` (a folded *_search column) contains `pattern` folded by the same function: accents and case ignored. */
export function containsFolded(column: SQL | AnyColumn, pattern: string): SQL {
  return sql`${column} like search_fold(${pattern})`;
}

/**
 * Contains-search on code (any part: "0002" finds PRJ-2026-0002), project name and customer name, the names without
 * their accents and in any case ("lopez" finds "López"; search_fold, drizzle/0023, over the generated *_search columns
 * and their trigram indexes). Three tests, one of which must hold: the code and name trigram indexes serve the first
 * two; the third is a semi-join to the customers whose name matches (small table, trigram index), which PostgreSQL
 * reads as a nested loop over `(user_id, status)` when a status is chosen (given as a list of ids it read every
 * project of the status instead: 1,765 buffers for "garcia" + development on 50,000 projects, 1,198 as a semi-join;
 * no LIMIT in it, which would keep PostgreSQL from turning it into that join).
 */
function textSearch(db: Database, search: string): SQL[] {
  const pattern = likePattern(search);
  const owners = db.select({ userId: profiles.userId }).from(profiles).where(containsFolded(profiles.fullNameSearch, pattern));
  return [
    ilike(projects.projectCode, pattern),
    containsFolded(projects.projectNameSearch, pattern),
    inArray(projects.userId, owners),
  ];
}

/** Past the delivery due time and not delivered (the partial index projects_delivery_due_idx serves it). */
export function overdueCondition(now: Date): SQL {
  return and(isNull(projects.deliveredAt), lte(projects.deliveryDueAt, now)) as SQL;
}

/**
 * The list's filters in two parts: conditions that all hold, and (with a search) the tests of which one must hold (the
 * created-date range, code, name, the matching customers' projects), so a count can read each test's own index.
 */
export async function projectListFilters(
  db: Database,
  query: Pick<ProjectListQuery, "search" | "status" | "package"> & Partial<Pick<ProjectListQuery, "due" | "update" | "payment">>,
): Promise<{ all: SQL[]; anyOf: SQL[] | null }> {
  const conditions: SQL[] = [];
  if (query.due === "overdue") conditions.push(overdueCondition(new Date()));
  if (query.update === "due") conditions.push(updateDueCondition(new Date()));
  // The same rule as paymentPhaseState's "awaiting payment": issued (a link or an amount), not received, nothing flagged.
  if (query.payment === "awaiting_payment") {
    conditions.push(sql`(
      (${projects.advancePaymentReceivedDate} is null and ${projects.advancePaymentIssue} is null
        and (${projects.advancePaymentLink} is not null or ${projects.advancePaymentAmount} is not null))
      or (${projects.balancePaymentReceivedDate} is null and ${projects.balancePaymentIssue} is null
        and (${projects.balancePaymentLink} is not null or ${projects.finalPaymentLink} is not null
          or ${projects.balancePaymentAmount} is not null)))`);
  }
  if (query.status !== "all") conditions.push(eq(projects.status, query.status));
  if (query.package !== "all") conditions.push(eq(projects.packageType, query.package));
  const search = query.search.trim();
  if (!search) return { all: conditions, anyOf: null };
  const range = createdDateRange(search);
  // A date ('2026', '2026-03', '2026-03-14') also names the created date; the text is still a part of codes too
  // (issue 31: '0002' is a part of PRJ-2026-0002, not the year 2).
  const text = textSearch(db, search);
  return {
    all: conditions,
    anyOf: range ? [and(gte(projects.createdAt, range.from), lt(projects.createdAt, range.to)) as SQL, ...text] : text,
  };
}

export async function projectListWhere(
  db: Database,
  query: Pick<ProjectListQuery, "search" | "status" | "package"> & Partial<Pick<ProjectListQuery, "due" | "payment">>,
): Promise<SQL | undefined> {
  return filtersWhere(await projectListFilters(db, query));
}

export function filtersWhere({ all, anyOf }: { all: SQL[]; anyOf: SQL[] | null }): SQL | undefined {
  const conditions = anyOf ? [...all, or(...anyOf) as SQL] : all;
  return conditions.length ? and(...conditions) : undefined;
}

export function projectListOrder(query: Pick<ProjectListQuery, "sort" | "order">): SQL[] {
  const direction = query.order === "asc" ? asc : desc;
  const tieBreak = [direction(projects.createdAt), direction(projects.id)];
  switch (query.sort) {
    case "projectCode":
      return [direction(projects.projectCode)];
    case "customerName":
      return [sql`${profiles.fullName} ${sql.raw(query.order)} nulls last`, ...tieBreak];
    case "status":
      return [direction(projects.status), ...tieBreak];
    case "packageType":
      return [direction(projects.packageType), ...tieBreak];
    case "deliveryDueAt":
      // Running clocks by due time; delivered and unstarted projects after them.
      return [
        sql`(case when ${projects.deliveredAt} is null then ${projects.deliveryDueAt} end) ${sql.raw(query.order)} nulls last`,
        ...tieBreak,
      ];
    default:
      return tieBreak;
  }
}
