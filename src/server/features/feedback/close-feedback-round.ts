// POST /api/projects/{id}/feedback/rounds/close (company): closes the open feedback round. Its done items stay in
// it, its pending items move on to the next round, and iterationsUsed advances (docs/decisions/0009-feedback-rounds.md).
import { and, count, eq } from "drizzle-orm";
import { canCloseFeedbackRound, currentFeedbackRound } from "../../../shared/domain/feedback-rounds";
import { type CloseFeedbackRoundResult, FEEDBACK_MESSAGES } from "../../../shared/schemas/feedback";
import type { Database } from "../../db/client";
import { feedback, projects } from "../../db/schema";
import { conflict, notFound } from "../../errors";
import { recordActivity } from "../activity/record-activity";
import { PROJECT_NOT_FOUND, type ProjectAccess } from "../projects/access";

export async function closeFeedbackRound(db: Database, access: ProjectAccess): Promise<CloseFeedbackRoundResult> {
  return db.transaction(async (tx) => {
    const [project] = await tx.select().from(projects).where(eq(projects.id, access.project.id)).for("update").limit(1);
    if (!project) throw notFound(PROJECT_NOT_FOUND);
    if (!canCloseFeedbackRound(project)) throw conflict(FEEDBACK_MESSAGES.roundsUsedUp, "ROUNDS_USED_UP");
    const round = currentFeedbackRound(project);
    const inRound = and(eq(feedback.projectId, project.id), eq(feedback.round, round));
    const [done] = await tx
      .select({ n: count() })
      .from(feedback)
      .where(and(inRound, eq(feedback.status, "done")));
    const doneCount = done?.n ?? 0;
    if (doneCount === 0) throw conflict(FEEDBACK_MESSAGES.roundNothingDone, "ROUND_NOTHING_DONE");
    const carried = await tx
      .update(feedback)
      .set({ round: round + 1 })
      .where(and(inRound, eq(feedback.status, "pending")))
      .returning({ id: feedback.id });
    const iterationsUsed = project.iterationsUsed + 1;
    await tx.update(projects).set({ iterationsUsed, updatedAt: new Date() }).where(eq(projects.id, project.id));
    await recordActivity(tx, {
      userId: project.userId,
      projectId: project.id,
      actorId: access.user.id,
      type: "feedback.round_closed",
      title: `Feedback round ${round} completed`,
      description: `${doneCount} item${doneCount === 1 ? "" : "s"} done in round ${round} of ${project.maxIterations} on ${project.projectCode}${
        carried.length > 0 ? `; ${carried.length} pending carried to round ${round + 1}` : ""
      }.`,
      notify: true,
    });
    return { closedRound: round, doneCount, carriedOver: carried.length, iterationsUsed, maxIterations: project.maxIterations };
  });
}
