// Applies the automatic status rules to every project one of them could move; each step is written
// as an activity event with its reason and an audit entry. Used by Test Status Updates and the 10-minute scheduler.
import { and, eq, sql } from "drizzle-orm";
import type { StatusRun } from "../../../shared/schemas/admin";
import { recordAudit, SYSTEM_ACTOR } from "../../audit/record-audit";
import type { Database } from "../../db/client";
import { profiles, projects, requirements } from "../../db/schema";
import { recordStatusSteps, startDeliveryClockIfReady, statusStepsFor } from "../projects";

/**
 * The rules' preconditions in SQL over a project joined with its owner's profile and its requirements, so only
 * projects a rule can move are read (not all 50,000). status-rules-sql.test.ts proves it picks exactly the projects
 * `nextStatusStep` moves.
 */
export const statusRuleCandidate = () => sql`(
  (${projects.status} = 'profile' and coalesce(${profiles.profileCompleted}, false))
  or (${projects.status} = 'requirements' and coalesce(${requirements.briefConfirmed}, false) and ${projects.advancePaymentReceivedDate} is not null)
  or (${projects.status} = 'development' and ${projects.prototypeUrl} is not null)
  or (${projects.status} = 'testing' and ${projects.acceptedAt} is not null)
)`;

export async function runStatusRules(
  db: Database,
  options: { actor?: { id: string | null; email: string }; now?: Date; preview?: boolean } = {},
): Promise<StatusRun> {
  const now = options.now ?? new Date();
  const actor = options.actor ?? SYSTEM_ACTOR;
  const rows = await db
    .select({
      id: projects.id,
      userId: projects.userId,
      projectCode: projects.projectCode,
      status: projects.status,
      prototypeUrl: projects.prototypeUrl,
      acceptedAt: projects.acceptedAt,
      advancePaymentReceivedDate: projects.advancePaymentReceivedDate,
      profileCompleted: profiles.profileCompleted,
      briefConfirmed: requirements.briefConfirmed,
    })
    .from(projects)
    .leftJoin(profiles, eq(profiles.userId, projects.userId))
    .leftJoin(requirements, eq(requirements.projectId, projects.id))
    .where(statusRuleCandidate());

  const changes: StatusRun["changes"] = [];
  for (const row of rows) {
    const steps = statusStepsFor(row, now);
    const last = steps[steps.length - 1];
    if (!last) continue;
    // A preview (Test Status Updates before its confirmation) says what would change and writes nothing.
    if (options.preview) {
      for (const step of steps) changes.push({ projectId: row.id, projectCode: row.projectCode, ...step });
      continue;
    }
    await db.transaction(async (tx) => {
      // Only from the status we read: a change made meanwhile (an admin, another process) wins.
      const [moved] = await tx
        .update(projects)
        .set({
          status: last.to,
          updatedAt: now,
          ...(steps.some((step) => step.to === "development") ? { developmentStartedAt: now } : {}),
        })
        .where(and(eq(projects.id, row.id), eq(projects.status, row.status)))
        .returning({ id: projects.id });
      if (!moved) return;
      // Moving to development is the moment both the brief and the advance are known: the delivery clock starts.
      if (steps.some((step) => step.to === "development")) await startDeliveryClockIfReady(tx, { projectId: row.id, now });
      await recordStatusSteps(tx, {
        userId: row.userId,
        projectId: row.id,
        projectCode: row.projectCode,
        actorId: actor.id,
        steps,
      });
      for (const step of steps) changes.push({ projectId: row.id, projectCode: row.projectCode, ...step });
      // The rules made the change, even when an admin asked them to run now: the log credits the rules.
      await recordAudit(tx, {
        projectId: row.id,
        actor: actor.id === null ? actor : { id: actor.id, email: `${SYSTEM_ACTOR.email.slice(0, -1)}, run by ${actor.email})` },
        action: "project.status_auto",
        changes: steps.map((step) => ({ field: "status", before: step.from, after: step.to })),
      });
    });
  }
  return { checked: rows.length, changes };
}
