// POST /api/projects/{id}/feedback: a tester's report, with its screenshot stored in the file store and the
// context their browser captured; it joins the project's open feedback round. A completed project, or one whose access
// has expired for the customer's team, takes no new feedback (409, shared/domain/feedback-open.ts).
import { eq, max } from "drizzle-orm";
import { FEEDBACK_CLOSED_MESSAGES, feedbackClosedReason } from "../../../shared/domain/feedback-open";
import { currentFeedbackRound } from "../../../shared/domain/feedback-rounds";
import type { CreateFeedbackInput, FeedbackHistoryEvent, FeedbackItem, FeedbackStatus } from "../../../shared/schemas/feedback";
import type { AppContext } from "../../context";
import { feedback, projects, projectVersions } from "../../db/schema";
import { conflict, notFound } from "../../errors";
import { releaseProjectFile, storeProjectFile } from "../files";
import { PROJECT_NOT_FOUND, type ProjectAccess } from "../projects";
import { buildFeedbackContext } from "./feedback-context";
import { toFeedbackDto } from "./feedback-dto";
import { recordFeedbackCreated } from "./feedback-events";
import type { ScreenshotChange } from "./read-feedback-body";

export async function createFeedback(
  ctx: AppContext,
  {
    access,
    input,
  }: { access: ProjectAccess; input: { body: CreateFeedbackInput; screenshot: ScreenshotChange; userAgent: string | undefined } },
): Promise<FeedbackItem> {
  const { user } = access;
  const byCompany = access.accessLevel === "company";
  const { body } = input;
  // Checked before the screenshot is stored, and again on the locked row below.
  requireFeedbackOpen(access.project, access);

  const screenshot =
    input.screenshot.kind === "new"
      ? await storeProjectFile(ctx, {
          projectId: access.project.id,
          kind: "feedback_screenshot",
          bytes: input.screenshot.bytes,
          filename: input.screenshot.filename ?? `feedback-${access.project.projectCode}`,
          createdBy: user.id,
        })
      : null;

  try {
    return await ctx.db.transaction(async (tx) => {
      // Locked so a round closing at the same moment cannot leave this item in the closed round.
      const [project] = await tx.select().from(projects).where(eq(projects.id, access.project.id)).for("update").limit(1);
      if (!project) throw notFound(PROJECT_NOT_FOUND);
      requireFeedbackOpen(project, access);
      // Status and reply are the company's: a customer's are ignored.
      const adminComment = byCompany ? body.adminComment?.trim() || null : null;
      const status = byCompany ? (body.status ?? "pending") : "pending";
      // The version in the viewer when it was reported: the latest published one.
      const [latest] = await tx
        .select({ number: max(projectVersions.number) })
        .from(projectVersions)
        .where(eq(projectVersions.projectId, project.id));
      const reviewed = byCompany && (adminComment !== null || status !== "pending");
      const now = new Date();
      const [row] = await tx
        .insert(feedback)
        .values({
          projectId: project.id,
          authorId: user.id,
          feedbackType: body.feedbackType,
          issueFaced: body.issueFaced,
          changeDescription: body.changeDescription,
          screenshotFileId: screenshot?.fileId ?? null,
          status,
          adminComment,
          adminUpdatedAt: reviewed ? now : null,
          adminUpdatedBy: reviewed ? user.id : null,
          round: currentFeedbackRound(project),
          versionNumber: latest?.number ?? null,
          context: buildFeedbackContext(body.context, input.userAgent),
          history: reportedHistory(now, {
            actorName: user.name ?? user.email,
            byCompany,
            versionNumber: latest?.number ?? null,
            round: currentFeedbackRound(project),
            reviewed: reviewed ? { status, note: adminComment } : null,
          }),
        })
        .returning();
      if (!row) throw new Error("feedback insert returned nothing");
      await recordFeedbackCreated(tx, { project, item: row, actorId: user.id, byCompany });
      return toFeedbackDto({
        row,
        author: { name: user.name ?? null, email: user.email },
        caller: { userId: user.id, accessLevel: access.accessLevel },
      });
    });
  } catch (error) {
    if (screenshot)
      await releaseProjectFile(ctx, { projectId: access.project.id, kind: "feedback_screenshot", fileId: screenshot.fileId });
    throw error;
  }
}

/** 409 with the reason once the project takes no new feedback. */
function requireFeedbackOpen(project: ProjectAccess["project"], access: ProjectAccess): void {
  const closed = feedbackClosedReason(project, access.accessLevel, new Date());
  if (closed) throw conflict(FEEDBACK_CLOSED_MESSAGES[closed]);
}

/** A new item's history: reported and, when the company sent it with a status or reply, answered at once. */
function reportedHistory(
  at: Date,
  input: {
    actorName: string;
    byCompany: boolean;
    versionNumber: number | null;
    round: number;
    reviewed: { status: FeedbackStatus; note: string | null } | null;
  },
): FeedbackHistoryEvent[] {
  const base = { at: at.toISOString(), actorName: input.actorName, byCompany: input.byCompany, round: input.round };
  const reported: FeedbackHistoryEvent = {
    ...base,
    kind: "reported",
    versionNumber: input.versionNumber,
    note: null,
    status: "pending",
  };
  if (!input.reviewed) return [reported];
  return [reported, { ...base, kind: "answered", versionNumber: null, ...input.reviewed }];
}
