// GET /api/projects: the caller's own projects, oldest first (the first is the current one), in one query.
import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { profiles, projectMembers, projects } from "../../db/schema";
import { toProjectDto } from "./project-dto";

export async function listOwnProjects(db: Database, userId: string) {
  const rows = await db
    .select({
      project: projects,
      customerName: profiles.fullName,
      memberCount: sql<number>`(select count(*)::int from ${projectMembers} where ${projectMembers.projectId} = ${projects.id})`,
    })
    .from(projects)
    .leftJoin(profiles, eq(profiles.userId, projects.userId))
    .where(eq(projects.userId, userId))
    .orderBy(asc(projects.createdAt));
  return rows.map((row) =>
    toProjectDto(row.project, { authorizedUsersCount: row.memberCount, customerName: row.customerName, accessLevel: "owner" }),
  );
}
