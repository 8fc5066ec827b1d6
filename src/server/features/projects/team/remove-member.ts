// DELETE /api/projects/{id}/users/{userId}: removes a team member; their access ends with their next request, and
// their open live streams end at once (the membership's change notice, live/hub.ts).
import { and, eq } from "drizzle-orm";
import { isUuid } from "../../../../shared/domain/ids";
import { TEAM_MESSAGES } from "../../../../shared/schemas/team";
import type { Database } from "../../../db/client";
import { projectMembers } from "../../../db/schema";
import { notFound } from "../../../errors";
import { recordActivity } from "../../activity";
import type { ProjectAccess } from "../access";

export async function removeMember(db: Database, { access, memberId }: { access: ProjectAccess; memberId: string }) {
  const { project, user } = access;
  if (!isUuid(memberId)) throw notFound(TEAM_MESSAGES.notFound);
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(projectMembers)
      .where(and(eq(projectMembers.id, memberId), eq(projectMembers.projectId, project.id)))
      .returning();
    if (!removed) throw notFound(TEAM_MESSAGES.notFound);
    await recordActivity(tx, {
      userId: project.userId,
      projectId: project.id,
      actorId: user.id,
      type: "member.removed",
      title: "Team member removed",
      description: `${removed.email} no longer has access to ${project.projectCode}.`,
    });
    return { success: true, message: "User removed" };
  });
}
