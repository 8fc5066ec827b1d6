// The admin project list's filters as SQL, shared by the paged list and its CSV export (one rule for both).
import { and, asc, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { ProjectListQuery } from "../../../shared/schemas/admin";
import { profiles, projects } from "../../db/schema";

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

/**
 * Contains-search on code, project name and customer name, each through its own trigram index: a union of ids
 * lets PostgreSQL use all three (an OR across the join would scan every project).
 */
function textSearch(search: string): SQL {
  const pattern = likePattern(search);
  return sql`${projects.id} in (
    select "id" from "projects" where "project_code" ilike ${pattern}
    union select "id" from "projects" where "project_name" ilike ${pattern}
    union select p2."id" from "projects" p2 join "profiles" pf on pf."user_id" = p2."user_id" where pf."full_name" ilike ${pattern}
  )`;
}

export function projectListWhere(query: Pick<ProjectListQuery, "search" | "status" | "package">): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.status !== "all") conditions.push(eq(projects.status, query.status));
  if (query.package !== "all") conditions.push(eq(projects.packageType, query.package));
  const search = query.search.trim();
  if (search) {
    const range = createdDateRange(search);
    conditions.push(
      range
        ? sql`(${and(gte(projects.createdAt, range.from), lt(projects.createdAt, range.to))} or ${textSearch(search)})`
        : textSearch(search),
    );
  }
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
    default:
      return tieBreak;
  }
}
