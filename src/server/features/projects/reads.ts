// The project list's cached reads (cache/define-read.ts).
import type { SessionUser } from "../../auth/sessions";
import { COMPANY_SHARE, defineRead, type ReadContext } from "../../cache/define-read";
import { listProjectsFor } from "./list-projects";

const PROJECT_LIST_TABLES = ["projects", "project_members", "requirements", "meeting_requests", "profiles", "users"] as const;

/** A customer's project list: their own, those shared with their address, each owner's name. */
export const projectListRead = defineRead({
  name: "projects",
  tables: PROJECT_LIST_TABLES,
  load: (db, { userId, email }: { userId: string; email: string }) =>
    listProjectsFor(db, { id: userId, email, role: "customer" }),
  owner: ({ userId }) => userId,
  rows: ({ userId, email }, list, row) => [
    row("projects", "user_id", userId),
    row("project_members", "email", email),
    ...list.flatMap((project) => [
      row("projects", "id", project.id),
      row("project_members", "project_id", project.id),
      row("requirements", "project_id", project.id),
      row("meeting_requests", "project_id", project.id),
      row("profiles", "user_id", project.userId),
      row("users", "id", project.userId),
    ]),
  ],
});

/** A company admin's project list (every project): one entry shared by every admin. */
export const companyProjectListRead = defineRead({
  name: "company-projects",
  tables: PROJECT_LIST_TABLES,
  load: (db, _: Record<string, never>) => listProjectsFor(db, { id: "", email: "", role: "company" }),
  owner: () => COMPANY_SHARE,
});

/**
 * The list as GET /api/projects answers it, from the read cache: a customer's until a project of theirs, its
 * members, requirements, meeting requests or owner's profile change, or they gain or lose one; a company admin's until any change.
 */
export function cachedProjectListFor(ctx: ReadContext, user: Pick<SessionUser, "id" | "email" | "role">) {
  if (user.role === "company") return companyProjectListRead.get(ctx, {});
  return projectListRead.get(ctx, { userId: user.id, email: user.email });
}
