// The project list's cached reads (cache/define-read.ts).
import type { Paging } from "../../../shared/schemas/paging";
import { PROJECTS_PAGE_SIZE } from "../../../shared/schemas/project";
import type { SessionUser } from "../../auth/sessions";
import { COMPANY_SHARE, defineRead, type ReadContext } from "../../cache/define-read";
import { pageOfList } from "../../db/paging";
import { listCompanyProjects, listCustomerProjects } from "./list-projects";

const PROJECT_LIST_TABLES = ["projects", "project_members", "requirements", "meeting_requests", "profiles", "users"] as const;

/** A customer's whole project list: their own, those shared with their address, each owner's name. */
export const projectListRead = defineRead({
  name: "projects",
  tables: PROJECT_LIST_TABLES,
  load: (db, { userId, email }: { userId: string; email: string }) => listCustomerProjects(db, { id: userId, email }),
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

/** A page of every project for a company admin: the first page at the default size is kept, one entry shared by every admin. */
export const companyProjectPageRead = defineRead({
  name: "company-projects",
  tables: PROJECT_LIST_TABLES,
  load: (db, paging: Paging) => listCompanyProjects(db, paging),
  keep: ({ page, pageSize }) => page === 1 && pageSize === PROJECTS_PAGE_SIZE,
  owner: () => COMPANY_SHARE,
});

/**
 * A page of the list as GET /api/projects answers it, from the read cache: a customer's whole list (kept until a
 * project of theirs, its members, requirements, meeting requests or owner's profile change, or they gain or lose one)
 * cut to the page; a company admin's page read in SQL (the first kept until any change).
 */
export async function cachedProjectPageFor(
  ctx: ReadContext,
  { user, paging }: { user: Pick<SessionUser, "id" | "email" | "role">; paging: Paging },
) {
  if (user.role === "company") return companyProjectPageRead.get(ctx, paging);
  return pageOfList(await projectListRead.get(ctx, { userId: user.id, email: user.email }), paging);
}
