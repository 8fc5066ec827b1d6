// Closing the feedback loop (issue 28, part 4): the company marks an item fixed in a published version of its project
// or won't fix with a reason; the customer (the reporter, the owner or an admin member) confirms the fix or reopens
// the item with a reason, which returns it to pending in the current round. Each step is one event in its history.
import { and, eq } from "drizzle-orm";
import { currentFeedbackRound } from "../../../shared/domain/feedback-rounds";
import { type FeedbackId, isUuid, type ProjectId } from "../../../shared/domain/ids";
import {
  FEEDBACK_MESSAGES,
  type FeedbackItem,
  feedbackVerifiableBy,
  type ResolveFeedbackInput,
} from "../../../shared/schemas/feedback";
import type { SessionUser } from "../../auth/sessions";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { feedback, projects, projectVersions, users } from "../../db/schema";
import { badRequest, conflict, forbidden, notFound } from "../../errors";
import { PROJECT_NOT_FOUND, type ProjectAccess } from "../projects";
import { type FeedbackRow, toFeedbackDto, withEvent } from "./feedback-dto";
import { recordFeedbackResolved, recordFeedbackVerified } from "./feedback-events";

/** The item (locked) and its project (locked, so a round closing meanwhile cannot race a reopen). */
async function lockedItem(tx: Database, { projectId, feedbackId }: { projectId: string; feedbackId: FeedbackId }) {
  if (!isUuid(feedbackId) || !isUuid(projectId)) throw notFound(FEEDBACK_MESSAGES.notFound);
  const [project] = await tx.select().from(projects).where(eq(projects.id, projectId)).for("update").limit(1);
  if (!project) throw notFound(PROJECT_NOT_FOUND);
  const [row] = await tx
    .select()
    .from(feedback)
    .where(and(eq(feedback.id, feedbackId), eq(feedback.projectId, projectId)))
    .for("update")
    .limit(1);
  if (!row) throw notFound(FEEDBACK_MESSAGES.notFound);
  return { project, row };
}

async function authorOf(db: Database, row: FeedbackRow) {
  if (!row.authorId) return null;
  const [author] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, row.authorId));
  return author ?? null;
}

/** POST /api/company/projects/{id}/feedback/{feedbackId}/resolution. */
export async function resolveFeedback(
  ctx: AppContext,
  {
    user,
    projectId,
    feedbackId,
    input,
  }: { user: SessionUser; projectId: ProjectId; feedbackId: FeedbackId; input: ResolveFeedbackInput },
): Promise<FeedbackItem> {
  return ctx.db.transaction(async (tx) => {
    const { project, row } = await lockedItem(tx, { projectId, feedbackId });
    const fixed = input.resolution === "fixed";
    const versionNumber = fixed ? (input.versionNumber ?? null) : null;
    if (versionNumber !== null) {
      const [version] = await tx
        .select({ number: projectVersions.number })
        .from(projectVersions)
        .where(and(eq(projectVersions.projectId, project.id), eq(projectVersions.number, versionNumber)));
      if (!version) {
        const message = FEEDBACK_MESSAGES.versionNotPublished(versionNumber);
        throw badRequest(message, { versionNumber: message });
      }
      if (row.versionNumber !== null && versionNumber < row.versionNumber) {
        const message = FEEDBACK_MESSAGES.versionBeforeReport(versionNumber, row.versionNumber);
        throw badRequest(message, { versionNumber: message });
      }
    }
    const reason = fixed ? null : (input.reason?.trim() ?? null);
    const now = new Date();
    const [updated] = await tx
      .update(feedback)
      .set({
        status: "done",
        resolution: input.resolution,
        fixedInVersion: versionNumber,
        confirmedAt: null,
        adminUpdatedAt: now,
        adminUpdatedBy: user.id,
        updatedAt: now,
        history: withEvent({
          row,
          event: {
            kind: input.resolution,
            actorName: user.name ?? user.email,
            byCompany: true,
            versionNumber,
            note: reason,
            status: "done",
          },
          at: now,
        }),
      })
      .where(eq(feedback.id, row.id))
      .returning();
    if (!updated) throw notFound(FEEDBACK_MESSAGES.notFound);
    await recordFeedbackResolved(ctx, { db: tx, event: { project, item: updated, actorId: user.id, byCompany: true, reason } });
    return toFeedbackDto({
      row: updated,
      author: await authorOf(tx, updated),
      caller: { userId: user.id, accessLevel: "company" },
    });
  });
}

/** POST /api/projects/{id}/feedback/{feedbackId}/confirm and .../reopen. */
export async function verifyFeedback(
  ctx: AppContext,
  {
    access,
    feedbackId,
    verdict,
  }: { access: ProjectAccess; feedbackId: FeedbackId; verdict: { kind: "confirmed" } | { kind: "reopened"; reason: string } },
): Promise<FeedbackItem> {
  const { user } = access;
  const caller = { userId: user.id, accessLevel: access.accessLevel };
  return ctx.db.transaction(async (tx) => {
    const { project, row } = await lockedItem(tx, { projectId: access.project.id, feedbackId });
    if (!feedbackVerifiableBy(row, caller)) throw forbidden(FEEDBACK_MESSAGES.notVerifiable);
    const now = new Date();
    const actor = { actorName: user.name ?? user.email, byCompany: false };
    let changes: Partial<typeof feedback.$inferInsert>;
    let reason: string | null = null;
    if (verdict.kind === "confirmed") {
      if (row.resolution !== "fixed") throw conflict(FEEDBACK_MESSAGES.onlyFixedConfirmed);
      if (row.confirmedAt) throw conflict(FEEDBACK_MESSAGES.alreadyConfirmed);
      changes = {
        confirmedAt: now,
        history: withEvent({ row, event: { kind: "confirmed", ...actor, versionNumber: row.fixedInVersion }, at: now }),
      };
    } else {
      if (row.status !== "done") throw conflict(FEEDBACK_MESSAGES.alreadyOpen);
      reason = verdict.reason;
      const round = currentFeedbackRound(project);
      changes = {
        status: "pending",
        round,
        resolution: null,
        fixedInVersion: null,
        confirmedAt: null,
        history: withEvent({ row, event: { kind: "reopened", ...actor, note: reason, round, status: "pending" }, at: now }),
      };
    }
    const [updated] = await tx
      .update(feedback)
      .set({ ...changes, updatedAt: now })
      .where(eq(feedback.id, row.id))
      .returning();
    if (!updated) throw notFound(FEEDBACK_MESSAGES.notFound);
    await recordFeedbackVerified(tx, {
      project,
      item: updated,
      actorId: user.id,
      byCompany: false,
      verdict: verdict.kind,
      reason,
    });
    return toFeedbackDto({ row: updated, author: await authorOf(tx, updated), caller });
  });
}
