import type { ProjectUser } from "../../../../shared/schemas/team";
import type { projectMembers } from "../../../db/schema";

export function toProjectUserDto(row: typeof projectMembers.$inferSelect): ProjectUser {
  return { id: row.id, email: row.email, accessLevel: row.accessLevel, createdAt: row.createdAt.toISOString() };
}
