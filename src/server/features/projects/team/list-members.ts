// GET /api/projects/{id}/users: the project's authorized users, in the order they were added.
import { asc, eq } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { projectMembers } from "../../../db/schema";
import { toProjectUserDto } from "./member-dto";

export async function listMembers(db: Database, projectId: string) {
  const rows = await db
    .select()
    .from(projectMembers)
    .where(eq(projectMembers.projectId, projectId))
    .orderBy(asc(projectMembers.createdAt), asc(projectMembers.email));
  return rows.map(toProjectUserDto);
}
