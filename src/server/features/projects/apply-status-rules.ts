// Applies the automatic status rules (DESIGN.md §5) to one project after something they depend on changed,
// logging each step as an activity event on the owner's timeline.
import { eq } from "drizzle-orm";
import { statusSteps } from "../../../shared/domain/automatic-status";
import { statusLabel } from "../../../shared/domain/project-status";
import type { Database } from "../../db/client";
import { profiles, projects, requirements } from "../../db/schema";
import { recordActivity } from "../activity/record-activity";

export async function applyStatusRules(db: Database, projectId: string, actorId: string | null, now = new Date()) {
  const [row] = await db
    .select({
      project: projects,
      profileCompleted: profiles.profileCompleted,
      briefConfirmed: requirements.briefConfirmed,
    })
    .from(projects)
    .leftJoin(profiles, eq(profiles.userId, projects.userId))
    .leftJoin(requirements, eq(requirements.projectId, projects.id))
    .where(eq(projects.id, projectId))
    .limit(1);
  if (!row) return null;
  const { project } = row;
  const steps = statusSteps(
    {
      status: project.status,
      ownerProfileCompleted: row.profileCompleted ?? false,
      briefConfirmed: row.briefConfirmed ?? false,
      advancePaymentReceived: Boolean(project.advancePaymentReceivedDate),
      prototypeUrl: project.prototypeUrl,
      deploymentDate: project.deploymentDate,
    },
    now,
  );
  const last = steps[steps.length - 1];
  if (!last) return project.status;
  await db.update(projects).set({ status: last.to, updatedAt: now }).where(eq(projects.id, projectId));
  for (const step of steps) {
    await recordActivity(db, {
      userId: project.userId,
      projectId,
      actorId,
      type: "project.status_changed",
      title: `Status changed to ${statusLabel(step.to)}`,
      description: `${project.projectCode}: ${step.reason}`,
      notify: true,
    });
  }
  return last.to;
}
