// POST /api/projects/{id}/feedback/rounds/close (company): closes the open feedback round. Its done items stay in
// it, its pending items move on to the next round, and iterationsUsed advances (docs/decisions/0009-feedback-rounds.md).
// Publishing a later prototype version ends the round the same way (versions/publish-version.ts).
import { and, count, eq } from "drizzle-orm";
import { canCloseFeedbackRound, currentFeedbackRound } from "../../../shared/domain/feedback-rounds";
import { type CloseFeedbackRoundResult, FEEDBACK_MESSAGES } from "../../../shared/schemas/feedback";
import type { Database } from "../../db/client";
import { feedback, projects } from "../../db/schema";
import { conflict, notFound } from "../../errors";
import { recordActivity } from "../activity";
import { PROJECT_NOT_FOUND, type ProjectAccess } from "../projects";

type ProjectRow = typeof projects.$inferSelect;

/**
 * Ends the project's open round inside `tx` (the project row locked by the caller, rounds left checked): its pending
 * items move on to the next round and iterationsUsed advances. Answers what happened, for the caller's message.
 */
export async function endFeedbackRound(
  tx: Database,
  { project, now }: { project: ProjectRow; now: Date },
): Promise<Omit<CloseFeedbackRoundResult, "maxIterations">> {
  const round = currentFeedbackRound(project);
  const inRound = and(eq(feedback.projectId, project.id), eq(feedback.round, round));
  const [done] = await tx
    .select({ n: count() })
    .from(feedback)
    .where(and(inRound, eq(feedback.status, "done")));
  const carried = await tx
    .update(feedback)
    .set({ round: round + 1 })
    .where(and(inRound, eq(feedback.status, "pending")))
    .returning({ id: feedback.id });
  const iterationsUsed = project.iterationsUsed + 1;
  await tx.update(projects).set({ iterationsUsed, updatedAt: now }).where(eq(projects.id, project.id));
  return { closedRound: round, doneCount: done?.n ?? 0, carriedOver: carried.length, iterationsUsed };
}

export async function closeFeedbackRound(db: Database, access: ProjectAccess): Promise<CloseFeedbackRoundResult> {
  return db.transaction(async (tx) => {
    const [project] = await tx.select().from(projects).where(eq(projects.id, access.project.id)).for("update").limit(1);
    if (!project) throw notFound(PROJECT_NOT_FOUND);
    if (!canCloseFeedbackRound(project)) throw conflict(FEEDBACK_MESSAGES.roundsUsedUp, "ROUNDS_USED_UP");
    const round = currentFeedbackRound(project);
    const [done] = await tx
      .select({ n: count() })
      .from(feedback)
      .where(and(eq(feedback.projectId, project.id), eq(feedback.round, round), eq(feedback.status, "done")));
    if ((done?.n ?? 0) === 0) throw conflict(FEEDBACK_MESSAGES.roundNothingDone, "ROUND_NOTHING_DONE");
    const ended = await endFeedbackRound(tx, { project, now: new Date() });
    await recordActivity(tx, {
      userId: project.userId,
      projectId: project.id,
      actorId: access.user.id,
      type: "feedback.round_closed",
      title: `Feedback round ${round} completed`,
      description: `${ended.doneCount} item${ended.doneCount === 1 ? "" : "s"} done in round ${round} of ${project.maxIterations} on ${project.projectCode}${
        ended.carriedOver > 0 ? `; ${ended.carriedOver} pending carried to round ${round + 1}` : ""
      }.`,
      notify: true,
    });
    return { ...ended, maxIterations: project.maxIterations };
  });
}
