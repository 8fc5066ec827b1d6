// GET /api/projects: the caller's own projects, then those they are a member of, oldest first (the first is the
// current one), each with the caller's access level; a company admin sees every project. One query.
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { projectAccessLevel } from "../../../shared/domain/project-access";
import type { SessionUser } from "../../auth/sessions";
import type { Database } from "../../db/client";
import { preparedPerDatabase } from "../../db/prepared";
import { meetingRequests, profiles, projectMembers, projects, requirements } from "../../db/schema";
import { projectAccessibleTo } from "./access";
import { toProjectDto } from "./project-dto";

/** A company admin's list is capped: the admin console has its own paginated list. */
const COMPANY_PROJECT_LIST_LIMIT = 500;

const memberCount = sql<number>`(select count(*)::int from ${projectMembers} where ${projectMembers.projectId} = ${projects.id})`;
/** Saved with a problem statement: the same rule as the Requirements status card ("completed"). */
const requirementsSubmitted = sql<boolean>`coalesce(${requirements.problemStatement} is not null, false)`;

/**
 * The earliest meeting that was held or is scheduled: a completed request (when it was scheduled, or when it was
 * marked completed if earlier), or a scheduled request's time. The client compares it with now, so the list needs
 * no refresh when a meeting's time passes.
 */
const firstMeetingAt = sql<string | null>`(select min(case when ${meetingRequests.status} = 'completed'
  then least(${meetingRequests.scheduledAt}, ${meetingRequests.updatedAt}) else ${meetingRequests.scheduledAt} end)
  from ${meetingRequests} where ${meetingRequests.projectId} = ${projects.id}
  and ${meetingRequests.status} in ('completed', 'scheduled'))`;

// Every customer page asks for this list: a named prepared statement spares building, parsing and planning it.
const customerProjectsQuery = preparedPerDatabase((db) => {
  const userId = sql.placeholder("userId");
  return db
    .select({
      project: projects,
      customerName: profiles.fullName,
      memberCount,
      memberLevel: projectMembers.accessLevel,
      requirementsSubmitted,
      firstMeetingAt,
    })
    .from(projects)
    .leftJoin(profiles, eq(profiles.userId, projects.userId))
    .leftJoin(projectMembers, and(eq(projectMembers.projectId, projects.id), eq(projectMembers.email, sql.placeholder("email"))))
    .leftJoin(requirements, eq(requirements.projectId, projects.id))
    .where(projectAccessibleTo(projects.id, { id: userId, email: sql.placeholder("email"), role: "customer" }, "view"))
    .orderBy(sql`case when ${projects.userId} = ${userId} then 0 else 1 end`, asc(projects.createdAt))
    .prepare("customer_projects");
});

export async function listProjectsFor(db: Database, user: Pick<SessionUser, "id" | "email" | "role">) {
  if (user.role === "company") {
    const rows = await db
      .select({ project: projects, customerName: profiles.fullName, memberCount, requirementsSubmitted, firstMeetingAt })
      .from(projects)
      .leftJoin(profiles, eq(profiles.userId, projects.userId))
      .leftJoin(requirements, eq(requirements.projectId, projects.id))
      .orderBy(desc(projects.createdAt))
      .limit(COMPANY_PROJECT_LIST_LIMIT);
    return rows.map((row) =>
      toProjectDto(row.project, {
        authorizedUsersCount: row.memberCount,
        customerName: row.customerName,
        accessLevel: "company",
        requirementsSubmitted: row.requirementsSubmitted,
        firstMeetingAt: row.firstMeetingAt,
      }),
    );
  }
  const rows = await customerProjectsQuery(db).execute({ userId: user.id, email: user.email.toLowerCase() });
  return rows.flatMap((row) => {
    const accessLevel = projectAccessLevel({
      company: false,
      owner: row.project.userId === user.id,
      memberLevel: row.memberLevel,
    });
    if (!accessLevel) return [];
    return toProjectDto(row.project, {
      authorizedUsersCount: row.memberCount,
      customerName: row.customerName,
      accessLevel,
      requirementsSubmitted: row.requirementsSubmitted,
      firstMeetingAt: row.firstMeetingAt,
    });
  });
}
