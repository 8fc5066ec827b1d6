// GET /api/company/projects: every project, filtered, sorted and paged in SQL, with the owner's name and email.
import { eq, sql } from "drizzle-orm";
import type { AdminProject, Page, ProjectListQuery } from "../../../shared/schemas/admin";
import type { Database } from "../../db/client";
import { profiles, projectMembers, projects, requirements, users } from "../../db/schema";
import { toProjectDto } from "../projects/project-dto";
import { projectListOrder, projectListWhere } from "./project-filters";

const memberCount = sql<number>`(select count(*)::int from ${projectMembers} where ${projectMembers.projectId} = ${projects.id})`;
const requirementsSubmitted = sql<boolean>`coalesce(${requirements.problemStatement} is not null, false)`;

type AdminProjectRow = {
  project: typeof projects.$inferSelect;
  customerName: string | null;
  customerEmail: string | null;
  memberCount: number;
  requirementsSubmitted: boolean;
};

export function toAdminProjectDto(row: AdminProjectRow): AdminProject {
  return {
    ...toProjectDto(row.project, {
      authorizedUsersCount: row.memberCount,
      customerName: row.customerName,
      accessLevel: "company",
      requirementsSubmitted: row.requirementsSubmitted,
    }),
    customerEmail: row.customerEmail,
  };
}

export function adminProjectSelect(db: Database) {
  return db
    .select({
      project: projects,
      customerName: profiles.fullName,
      customerEmail: users.email,
      memberCount,
      requirementsSubmitted,
    })
    .from(projects)
    .leftJoin(profiles, eq(profiles.userId, projects.userId))
    .leftJoin(users, eq(users.id, projects.userId))
    .leftJoin(requirements, eq(requirements.projectId, projects.id));
}

export async function listAdminProjects(db: Database, query: ProjectListQuery): Promise<Page<AdminProject>> {
  const where = await projectListWhere(db, query);
  const needsProfileJoin = query.sort === "customerName";
  const countQuery = needsProfileJoin
    ? db.select({ count: sql<number>`count(*)::int` }).from(projects).leftJoin(profiles, eq(profiles.userId, projects.userId))
    : db.select({ count: sql<number>`count(*)::int` }).from(projects);
  const [rows, [counted]] = await Promise.all([
    adminProjectSelect(db)
      .where(where)
      .orderBy(...projectListOrder(query))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    countQuery.where(where),
  ]);
  return { items: rows.map(toAdminProjectDto), total: counted?.count ?? 0, page: query.page, pageSize: query.pageSize };
}

export async function findAdminProject(db: Database, projectId: string): Promise<AdminProject | null> {
  const [row] = await adminProjectSelect(db).where(eq(projects.id, projectId)).limit(1);
  return row ? toAdminProjectDto(row) : null;
}
