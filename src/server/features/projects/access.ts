// The one authorization rule for every /api/projects/{id}/... route and every query that lists or joins projects for
// a caller: who may do what is the shared table (`accessAllows`, and `projectAccessCondition` in SQL); a project the
// caller cannot see answers 404.
import { type AnyColumn, and, eq, type SQL, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { isUuid } from "../../../shared/domain/ids";
import {
  accessAllows,
  type MemberAccessLevel,
  type ProjectAccessLevel,
  type ProjectNeed,
  projectAccessLevel,
} from "../../../shared/domain/project-access";
import {
  type ProjectAccessCaller,
  type ProjectAccessColumns,
  projectAccessCondition,
} from "../../../shared/domain/project-access-sql";
import { requireUser } from "../../auth/guards";
import type { SessionUser } from "../../auth/sessions";
import { defineRead, type ReadContext } from "../../cache/define-read";
import type { Database } from "../../db/client";
import { projectMembers, projects } from "../../db/schema";
import { forbidden, notFound } from "../../errors";

export type ProjectRow = typeof projects.$inferSelect;

export type ProjectAccess = { user: SessionUser; project: ProjectRow; accessLevel: ProjectAccessLevel };

/** A project as read for one user, and that user's member level on it (null: not a member). */
export type ProjectAccessRecord = { project: ProjectRow; memberLevel: MemberAccessLevel | null };

export const PROJECT_NOT_FOUND = "Project not found";

const NEED_MESSAGES: Record<ProjectNeed, string> = {
  view: "You do not have access to this project.",
  feedback: "Your access level lets you view this project but not send feedback.",
  post: "Your access level lets you read this project's messages but not post.",
  edit: "Your access level lets you view this project but not change it.",
};

const PROJECT_ACCESS_COLUMNS: ProjectAccessColumns = {
  projectId: projects.id,
  ownerId: projects.userId,
  memberProjectId: projectMembers.projectId,
  memberEmail: projectMembers.email,
  memberLevel: projectMembers.accessLevel,
};

/** `project` is one the caller may use for `need` (the access rule as a WHERE condition). */
export function projectAccessibleTo({
  project,
  caller,
  need,
}: {
  project: AnyColumn | SQL;
  caller: Omit<ProjectAccessCaller, "company"> & { role: SessionUser["role"] };
  need: ProjectNeed;
}): SQL {
  return projectAccessCondition(project, PROJECT_ACCESS_COLUMNS, { ...caller, company: caller.role === "company" }, need);
}

/** The project and a user's member level on it, in one query; null when there is no such project. */
async function readProjectForUser(db: Database, { email, projectId }: { email: string; projectId: string }) {
  const [row] = await db
    .select({ project: projects, memberLevel: projectMembers.accessLevel })
    .from(projects)
    .leftJoin(
      projectMembers,
      and(eq(projectMembers.projectId, projects.id), eq(projectMembers.email, sql`${email.toLowerCase()}`)),
    )
    .where(eq(projects.id, projectId))
    .limit(1);
  return row ?? null;
}

/** A project and the caller's member level, for reads (writes look again). */
export const projectAccessRead = defineRead({
  name: "project-access",
  cache: "projectAccess",
  tables: ["projects", "project_members", "users"],
  load: (db, args: { userId: string; email: string; projectId: string }): Promise<ProjectAccessRecord | null> =>
    readProjectForUser(db, args),
  owner: ({ userId }) => userId,
  rows: ({ userId, projectId }, _, row) => [
    row("projects", "id", projectId),
    row("project_members", "project_id", projectId),
    row("users", "id", userId),
  ],
});

/**
 * The caller's relation to a project: owner, member level, company, or none (null). Reads ("view") may be served
 * from the read cache; anything that changes the project reads it afresh.
 */
async function findProjectAccess(
  ctx: ReadContext,
  user: Pick<SessionUser, "id" | "email" | "role">,
  projectId: string,
  need: ProjectNeed,
): Promise<{ project: ProjectRow; accessLevel: ProjectAccessLevel } | null> {
  if (!isUuid(projectId)) return null;
  const args = { userId: user.id, email: user.email, projectId };
  const row = need === "view" ? await projectAccessRead.get(ctx, args) : await projectAccessRead.load(ctx.db, args);
  if (!row) return null;
  const accessLevel = projectAccessLevel({
    company: user.role === "company",
    owner: row.project.userId === user.id,
    memberLevel: row.memberLevel,
  });
  return accessLevel ? { project: row.project, accessLevel } : null;
}

/**
 * Signed in (401 otherwise), and allowed what the route needs on this project: a project the caller cannot see
 * answers 404 (its existence is not revealed); a member whose level is too low gets 403.
 */
export async function requireProjectAccess(
  request: FastifyRequest,
  { projectId, need }: { projectId: string; need: ProjectNeed },
): Promise<ProjectAccess> {
  const user = await requireUser(request);
  const found = await findProjectAccess(request.server.ctx, user, projectId, need);
  if (!found) throw notFound(PROJECT_NOT_FOUND);
  if (!accessAllows(found.accessLevel, need)) throw forbidden(NEED_MESSAGES[need]);
  return { user, project: found.project, accessLevel: found.accessLevel };
}
