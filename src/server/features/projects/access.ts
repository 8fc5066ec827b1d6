// The one authorization rule for every /api/projects/{id}/... route: the owner and admin members may edit,
// user members may also send feedback, view_only members may view, company admins see all; anyone else gets 404.
import { and, eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { isUuid } from "../../../shared/domain/ids";
import { accessAllows, type ProjectAccessLevel, type ProjectNeed } from "../../../shared/domain/project-access";
import { requireUser } from "../../auth/guards";
import type { SessionUser } from "../../auth/sessions";
import type { Database } from "../../db/client";
import { projectMembers, projects } from "../../db/schema";
import { forbidden, notFound } from "../../errors";

export type ProjectRow = typeof projects.$inferSelect;

export type ProjectAccess = { user: SessionUser; project: ProjectRow; accessLevel: ProjectAccessLevel };

export const PROJECT_NOT_FOUND = "Project not found";

const NEED_MESSAGES: Record<ProjectNeed, string> = {
  view: "You do not have access to this project.",
  feedback: "Your access level lets you view this project but not send feedback.",
  edit: "Your access level lets you view this project but not change it.",
};

/** The caller's relation to a project in one query: owner, member level, company, or none (null). */
async function findProjectAccess(
  db: Database,
  user: Pick<SessionUser, "id" | "email" | "role">,
  projectId: string,
): Promise<{ project: ProjectRow; accessLevel: ProjectAccessLevel } | null> {
  if (!isUuid(projectId)) return null;
  const [row] = await db
    .select({ project: projects, memberLevel: projectMembers.accessLevel })
    .from(projects)
    .leftJoin(
      projectMembers,
      and(eq(projectMembers.projectId, projects.id), eq(projectMembers.email, sql`${user.email.toLowerCase()}`)),
    )
    .where(eq(projects.id, projectId))
    .limit(1);
  if (!row) return null;
  if (user.role === "company") return { project: row.project, accessLevel: "company" };
  if (row.project.userId === user.id) return { project: row.project, accessLevel: "owner" };
  if (row.memberLevel) return { project: row.project, accessLevel: row.memberLevel };
  return null;
}

/**
 * Signed in (401 otherwise), and allowed what the route needs on this project: a project the caller cannot see
 * answers 404 (its existence is not revealed); a member whose level is too low gets 403.
 */
export async function requireProjectAccess(
  request: FastifyRequest,
  projectId: string,
  need: ProjectNeed,
): Promise<ProjectAccess> {
  const user = await requireUser(request);
  const found = await findProjectAccess(request.server.ctx.db, user, projectId);
  if (!found) throw notFound(PROJECT_NOT_FOUND);
  if (!accessAllows(found.accessLevel, need)) throw forbidden(NEED_MESSAGES[need]);
  return { user, project: found.project, accessLevel: found.accessLevel };
}
