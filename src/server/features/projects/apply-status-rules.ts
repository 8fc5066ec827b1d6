// Applies the automatic status rules to one project after something they depend on changed,
// logging each step as an activity event on the owner's timeline.
import { eq } from "drizzle-orm";
import { statusSteps } from "../../../shared/domain/automatic-status";
import { statusLabel } from "../../../shared/domain/project-status";
import type { Database } from "../../db/client";
import { profiles, projects, requirements } from "../../db/schema";
import { recordActivity } from "../activity";
import { enqueueWebhookEvent } from "../webhooks";
import { startDeliveryClockIfReady } from "./delivery-clock";

type ProjectStatus = (typeof projects.$inferSelect)["status"];
type StatusStep = ReturnType<typeof statusSteps>[number];

/** The rules' inputs as a project row with its owner's profile and its requirements gives them. */
export function statusStepsFor(
  row: {
    status: ProjectStatus;
    profileCompleted: boolean | null;
    briefConfirmed: boolean | null;
    advancePaymentReceivedDate: Date | null;
    prototypeUrl: string | null;
    acceptedAt: Date | null;
  },
  now: Date,
): StatusStep[] {
  return statusSteps(
    {
      status: row.status,
      ownerProfileCompleted: row.profileCompleted ?? false,
      briefConfirmed: row.briefConfirmed ?? false,
      advancePaymentReceived: Boolean(row.advancePaymentReceivedDate),
      prototypeUrl: row.prototypeUrl,
      acceptedAt: row.acceptedAt,
    },
    now,
  );
}

/** Each step on the owner's timeline (and in the bell), with its reason. */
export async function recordStatusSteps(
  db: Parameters<typeof recordActivity>[0],
  input: { userId: string; projectId: string; projectCode: string; actorId: string | null; steps: StatusStep[] },
): Promise<void> {
  for (const step of input.steps) {
    await recordActivity(db, {
      userId: input.userId,
      projectId: input.projectId,
      actorId: input.actorId,
      type: "project.status_changed",
      title: `Status changed to ${statusLabel(step.to)}`,
      description: `${input.projectCode}: ${step.reason}`,
      notify: true,
    });
    if (step.to === "completed")
      await enqueueWebhookEvent(db, { type: "project.completed", data: { projectId: input.projectId } });
  }
}

export async function applyStatusRules(
  db: Database,
  { projectId, actorId, now = new Date() }: { projectId: string; actorId: string | null; now?: Date },
) {
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
  const steps = statusStepsFor({ ...project, profileCompleted: row.profileCompleted, briefConfirmed: row.briefConfirmed }, now);
  const last = steps[steps.length - 1];
  // Whether or not the status moves (a project set to development by hand), both facts now known start the clock.
  await startDeliveryClockIfReady(db, { projectId, now });
  if (!last) return project.status;
  const developmentStartedAt = steps.some((step) => step.to === "development") ? { developmentStartedAt: now } : {};
  await db
    .update(projects)
    .set({ status: last.to, updatedAt: now, ...developmentStartedAt })
    .where(eq(projects.id, projectId));
  await recordStatusSteps(db, { userId: project.userId, projectId, projectCode: project.projectCode, actorId, steps });
  return last.to;
}
