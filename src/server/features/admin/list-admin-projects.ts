// GET /api/company/projects: every project, filtered, sorted and paged in SQL, with the owner's name and email.
import { and, eq, type SQL, sql } from "drizzle-orm";
import { union } from "drizzle-orm/pg-core";
import type { AdminProject, AdminProjectPage, ProjectListQuery } from "../../../shared/schemas/admin";
import type { Database } from "../../db/client";
import { onePage } from "../../db/paging";
import { profiles, projectCounts, projectMembers, projects, requirements, users } from "../../db/schema";
import { briefConfirmedSql, latestProposalAcceptanceSql, toProjectDto } from "../projects";
import { filtersWhere, projectListFilters, projectListOrder } from "./project-filters";

const memberCount = sql<number>`(select count(*)::int from ${projectMembers} where ${projectMembers.projectId} = ${projects.id})`;
const requirementsSubmitted = sql<boolean>`coalesce(${requirements.problemStatement} is not null, false)`;

type AdminProjectRow = {
  project: typeof projects.$inferSelect;
  customerName: string | null;
  customerEmail: string | null;
  memberCount: number;
  requirementsSubmitted: boolean;
  briefConfirmed?: boolean;
  proposalAccepted?: { version: number; at: string; by: string } | string | null;
};

export function toAdminProjectDto(row: AdminProjectRow): AdminProject {
  return {
    ...toProjectDto(row.project, {
      authorizedUsersCount: row.memberCount,
      customerName: row.customerName,
      accessLevel: "company",
      requirementsSubmitted: row.requirementsSubmitted,
      proposal: { briefConfirmed: Boolean(row.briefConfirmed), accepted: row.proposalAccepted ?? null },
    }),
    customerEmail: row.customerEmail,
    lastUpdateAt: row.project.lastUpdateAt?.toISOString() ?? null,
    developmentStartedAt: row.project.developmentStartedAt?.toISOString() ?? null,
    priceReason: row.project.customPrice === null ? null : row.project.customPriceReason,
  };
}

const adminProjectFields = {
  project: projects,
  customerName: profiles.fullName,
  customerEmail: users.email,
  memberCount,
  requirementsSubmitted,
  briefConfirmed: briefConfirmedSql,
  proposalAccepted: latestProposalAcceptanceSql,
};

export function adminProjectSelect(db: Database) {
  return db
    .select(adminProjectFields)
    .from(projects)
    .leftJoin(profiles, eq(profiles.userId, projects.userId))
    .leftJoin(users, eq(users.id, projects.userId))
    .leftJoin(requirements, eq(requirements.projectId, projects.id));
}

/**
 * Without a text search the total is a sum over the counts the triggers keep (drizzle/0008): no scan of the projects.
 * A text search counts the union of its tests' matches, each branch read from its own index (code and name trigram
 * indexes, `(user_id, status)` for the matching customers' projects): one OR over the projects made PostgreSQL read
 * every project of the status and filter it (1,765 buffers for "chen" + development on 50,000 projects).
 */
async function countProjects(
  db: Database,
  query: ProjectListQuery,
  { all, anyOf }: { all: SQL[]; anyOf: SQL[] | null },
): Promise<number> {
  if (!query.search.trim() && query.due === "all") {
    const filters: SQL[] = [];
    if (query.status !== "all") filters.push(eq(projectCounts.status, query.status));
    if (query.package !== "all") filters.push(eq(projectCounts.packageType, query.package));
    const [row] = await db
      .select({ count: sql<number>`coalesce(sum(${projectCounts.n}), 0)::int` })
      .from(projectCounts)
      .where(filters.length ? and(...filters) : undefined);
    return row?.count ?? 0;
  }
  const branches = (anyOf ?? [undefined]).map((test) =>
    db
      .select({ id: projects.id })
      .from(projects)
      .where(and(...all, ...(test ? [test] : []))),
  );
  const [first, second, ...rest] = branches;
  if (!first) return 0;
  const matches = (second ? union(first, second, ...rest) : first).as("matches");
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(matches);
  return row?.count ?? 0;
}

export async function listAdminProjects(db: Database, query: ProjectListQuery): Promise<AdminProjectPage> {
  const filters = await projectListFilters(db, query);
  const order = projectListOrder(query);
  // The page's ids first, on the narrowest plan: for the newest-first order (plain or filtered) an index-only scan of
  // (filter, created, id), where a deep page counts index entries (OFFSET), not rows. Then only those rows get their
  // joins and member counts.
  const ids = db.select({ id: projects.id }).from(projects).$dynamic();
  if (query.sort === "customerName") ids.leftJoin(profiles, eq(profiles.userId, projects.userId));
  const page = onePage(ids.where(filtersWhere(filters)).orderBy(...order), query).as("page");
  const [rows, total] = await Promise.all([
    db
      .select(adminProjectFields)
      .from(page)
      .innerJoin(projects, eq(projects.id, page.id))
      .leftJoin(profiles, eq(profiles.userId, projects.userId))
      .leftJoin(users, eq(users.id, projects.userId))
      .leftJoin(requirements, eq(requirements.projectId, projects.id))
      .orderBy(...order),
    countProjects(db, query, filters),
  ]);
  return { items: rows.map(toAdminProjectDto), total, page: query.page, pageSize: query.pageSize };
}

export async function findAdminProject(db: Database, projectId: string): Promise<AdminProject | null> {
  const [row] = await adminProjectSelect(db).where(eq(projects.id, projectId)).limit(1);
  return row ? toAdminProjectDto(row) : null;
}
