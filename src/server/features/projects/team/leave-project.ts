// DELETE /api/projects/{id}/membership: an invited member leaves a project; their access ends with this request.
import { and, eq } from "drizzle-orm";
import { ACCOUNT_MESSAGES } from "../../../../shared/schemas/account";
import type { Database } from "../../../db/client";
import { projectMembers } from "../../../db/schema";
import { conflict, notFound } from "../../../errors";
import { recordActivity } from "../../activity";
import { PROJECT_NOT_FOUND, type ProjectAccess } from "../access";

export async function leaveProject(db: Database, access: ProjectAccess) {
  const { project, user } = access;
  if (access.accessLevel === "owner") throw conflict(ACCOUNT_MESSAGES.ownerCannotLeave, "IS_OWNER");
  return db.transaction(async (tx) => {
    const [left] = await tx
      .delete(projectMembers)
      .where(and(eq(projectMembers.projectId, project.id), eq(projectMembers.email, user.email.toLowerCase())))
      .returning();
    // A company admin is no member: there is nothing to leave.
    if (!left) throw notFound(PROJECT_NOT_FOUND);
    await recordActivity(tx, {
      userId: project.userId,
      projectId: project.id,
      actorId: user.id,
      type: "member.left",
      title: "Team member left",
      description: `${left.email} left ${project.projectCode}.`,
    });
    return { success: true, message: ACCOUNT_MESSAGES.left };
  });
}
