// Whether a person (by email address) may see a project now: its owner, one of its members, or the company (a
// company account or an ADMIN_EMAILS address). Every email, bell notification and export item about a project is
// checked against it when it is made, and the outbox worker checks an email again when it sends it, so a member
// removed in between receives nothing more of the project (issue 26, item 3). The live stream has its own check
// (live/hub.ts) and the routes theirs (features/projects/access.ts); this is the same rule, keyed by address.
import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { projectMembers, projects, users } from "../db/schema";

type Operand = SQL | AnyColumn | string;

/** SQL true when the address `email` may see the project `projectId` (both may be columns of the outer query). */
export function addressMaySeeProject(projectId: Operand, email: Operand, companyEmails: readonly string[]): SQL<boolean> {
  // Typed casts: PostgreSQL cannot infer a bare parameter's type inside lower() or a comparison with a subquery.
  const address = sql`lower((${email})::text)`;
  const project = sql`(${projectId})::uuid`;
  const company = companyEmails.length
    ? sql`${address} in (${sql.join(
        companyEmails.map((value) => sql`${value.toLowerCase()}::text`),
        sql`, `,
      )})`
    : sql`false`;
  return sql<boolean>`(
    ${company}
    or exists (select 1 from ${users} u where lower(u.email) = ${address} and u.role = 'company')
    or exists (select 1 from ${projects} p join ${users} o on o.id = p.user_id
               where p.id = ${project} and lower(o.email) = ${address})
    or exists (select 1 from ${projectMembers} m where m.project_id = ${project} and m.email = ${address})
  )`;
}

/** Whether the address may see the project now. */
export async function mayReceiveProject(
  db: Database,
  companyEmails: readonly string[],
  projectId: string,
  email: string,
): Promise<boolean> {
  const result = await db.execute(sql`select ${addressMaySeeProject(projectId, email, companyEmails)} as ok`);
  const rows = (result as unknown as { rows: { ok: boolean }[] }).rows;
  return rows[0]?.ok === true;
}
