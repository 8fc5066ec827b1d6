// The project access rule as a SQL condition, derived from the same table as `accessAllows`, so a list or a join
// filters projects exactly as the per-request check decides (project-access-sql.test.ts proves they agree).
import { type AnyColumn, type Placeholder, type SQL, sql } from "drizzle-orm";
import { accessAllows, memberLevelsAllowing, type ProjectNeed } from "./project-access";

/** The columns the rule reads: a project's id and owner, and a member row's project, email and level. */
export type ProjectAccessColumns = {
  projectId: AnyColumn;
  ownerId: AnyColumn;
  memberProjectId: AnyColumn;
  memberEmail: AnyColumn;
  memberLevel: AnyColumn;
};

/** The caller; `id` and `email` may be placeholders of a prepared statement (`email` then already lower-cased). */
export type ProjectAccessCaller = { id: string | Placeholder; email: string | Placeholder; company: boolean };

/**
 * `project in (projects the caller may use for need)`: the owned ones and those joined at a level that allows it,
 * each found through its own index (an OR across a join would scan every project); a company admin: every project.
 */
export function projectAccessCondition(
  project: AnyColumn | SQL,
  columns: ProjectAccessColumns,
  caller: ProjectAccessCaller,
  need: ProjectNeed,
): SQL {
  if (caller.company) return accessAllows("company", need) ? sql`true` : sql`false`;
  const email = typeof caller.email === "string" ? caller.email.toLowerCase() : caller.email;
  const owned = accessAllows("owner", need)
    ? sql`select ${columns.projectId} from ${columns.projectId.table} where ${columns.ownerId} = ${caller.id}`
    : null;
  const levels = memberLevelsAllowing(need);
  const joined = levels.length
    ? sql`select ${columns.memberProjectId} from ${columns.memberProjectId.table}
        where ${columns.memberEmail} = ${email} and ${columns.memberLevel} in ${levels}`
    : null;
  const sets = [owned, joined].filter((set): set is SQL => set !== null);
  if (sets.length === 0) return sql`false`;
  return sql`${project} in (${sql.join(sets, sql` union all `)})`;
}
