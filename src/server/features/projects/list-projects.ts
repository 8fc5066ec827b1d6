// GET /api/projects: the caller's own projects, then those they are a member of, oldest first (the first is the
// current one), each with the caller's access level, in one query; a company admin's list is every project, newest
// first, read a page at a time.
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { projectAccessLevel } from "../../../shared/domain/project-access";
import type { Page, Paging } from "../../../shared/schemas/paging";
import type { Project } from "../../../shared/schemas/project";
import type { SessionUser } from "../../auth/sessions";
import type { Database } from "../../db/client";
import { onePage, pageReply } from "../../db/paging";
import { preparedPerDatabase } from "../../db/prepared";
import { meetingRequests, profiles, projectCounts, projectMembers, projects, requirements } from "../../db/schema";
import { projectAccessibleTo } from "./access";
import { toProjectDto } from "./project-dto";
import { briefConfirmedSql, latestProposalAcceptanceSql } from "./proposal-facts";

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
      briefConfirmed: briefConfirmedSql,
      proposalAccepted: latestProposalAcceptanceSql,
    })
    .from(projects)
    .leftJoin(profiles, eq(profiles.userId, projects.userId))
    .leftJoin(projectMembers, and(eq(projectMembers.projectId, projects.id), eq(projectMembers.email, sql.placeholder("email"))))
    .leftJoin(requirements, eq(requirements.projectId, projects.id))
    .where(
      projectAccessibleTo({
        project: projects.id,
        caller: { id: userId, email: sql.placeholder("email"), role: "customer" },
        need: "view",
      }),
    )
    .orderBy(sql`case when ${projects.userId} = ${userId} then 0 else 1 end`, asc(projects.createdAt))
    .prepare("customer_projects");
});

/**
 * One page of every project, newest first, for a company admin. The page's ids come first, from an index-only scan of
 * (created_at, id), where a deep page counts index entries (OFFSET), not joined rows; only those rows get their owner,
 * brief and counts. The total is the sum the triggers keep in project_counts (drizzle/0010): no count over every project.
 */
export async function listCompanyProjects(db: Database, paging: Paging): Promise<Page<Project>> {
  const newestFirst = [desc(projects.createdAt), desc(projects.id)];
  const page = onePage(
    db
      .select({ id: projects.id })
      .from(projects)
      .orderBy(...newestFirst)
      .$dynamic(),
    paging,
  ).as("page");
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        project: projects,
        customerName: profiles.fullName,
        memberCount,
        requirementsSubmitted,
        firstMeetingAt,
        briefConfirmed: briefConfirmedSql,
        proposalAccepted: latestProposalAcceptanceSql,
      })
      .from(page)
      .innerJoin(projects, eq(projects.id, page.id))
      .leftJoin(profiles, eq(profiles.userId, projects.userId))
      .leftJoin(requirements, eq(requirements.projectId, projects.id))
      .orderBy(...newestFirst),
    db.select({ total: sql<number>`coalesce(sum(${projectCounts.n}), 0)::int` }).from(projectCounts),
  ]);
  const items = rows.map((row) =>
    toProjectDto(row.project, {
      authorizedUsersCount: row.memberCount,
      customerName: row.customerName,
      accessLevel: "company",
      requirementsSubmitted: row.requirementsSubmitted,
      firstMeetingAt: row.firstMeetingAt,
      proposal: { briefConfirmed: row.briefConfirmed, accepted: row.proposalAccepted },
    }),
  );
  return pageReply(items, counted?.total ?? 0, paging);
}

/** A customer's whole list (a customer's projects are few: their own and those they were invited to). */
export async function listCustomerProjects(db: Database, user: Pick<SessionUser, "id" | "email">): Promise<Project[]> {
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
      proposal: { briefConfirmed: row.briefConfirmed, accepted: row.proposalAccepted },
    });
  });
}
