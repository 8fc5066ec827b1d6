// PATCH /api/projects/{id}/feedback/{feedbackId}: a customer edits their report until an admin has edited it (the
// edit lock); the company edits anything, sets status and reply, and the server stamps adminUpdatedAt.
import { and, eq } from "drizzle-orm";
import { type FeedbackId, isUuid } from "../../../shared/domain/ids";
import { FEEDBACK_MESSAGES, type FeedbackItem, type UpdateFeedbackInput } from "../../../shared/schemas/feedback";
import type { AppContext } from "../../context";
import { feedback, users } from "../../db/schema";
import { conflict, forbidden, notFound } from "../../errors";
import { releaseProjectFile, storeProjectFile } from "../files";
import type { ProjectAccess } from "../projects";
import { type FeedbackRow, feedbackEditableBy, toFeedbackDto, withEvent } from "./feedback-dto";
import { recordFeedbackEdited, recordFeedbackStatusChanged } from "./feedback-events";
import type { ScreenshotChange } from "./read-feedback-body";

function refuseCustomerEdit(row: FeedbackRow, access: ProjectAccess, screenshot: ScreenshotChange): void {
  if (row.adminUpdatedAt !== null) throw conflict(FEEDBACK_MESSAGES.locked, "FEEDBACK_LOCKED");
  if (!feedbackEditableBy(row, { userId: access.user.id, accessLevel: access.accessLevel })) {
    throw forbidden(FEEDBACK_MESSAGES.notYours);
  }
  if (screenshot.kind === "remove") throw forbidden(FEEDBACK_MESSAGES.onlyCompanyRemovesScreenshot);
}

export async function updateFeedback(
  ctx: AppContext,
  {
    access,
    feedbackId,
    input,
  }: {
    access: ProjectAccess;
    feedbackId: FeedbackId;
    input: { body: UpdateFeedbackInput; screenshot: (current: string | null) => ScreenshotChange };
  },
): Promise<FeedbackItem> {
  if (!isUuid(feedbackId)) throw notFound(FEEDBACK_MESSAGES.notFound);
  const { user, project } = access;
  const byCompany = access.accessLevel === "company";
  const { body } = input;
  let released: string | null = null;
  // A new image is stored first (outside the transaction); it is let go again if the edit is refused.
  let uploaded: string | null = null;
  const upload = input.screenshot(null);
  if (upload.kind === "new") {
    const stored = await storeProjectFile(ctx, {
      projectId: project.id,
      kind: "feedback_screenshot",
      bytes: upload.bytes,
      filename: upload.filename,
      createdBy: user.id,
    });
    uploaded = stored.fileId;
  }

  const result = await ctx.db
    .transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(feedback)
        .where(and(eq(feedback.id, feedbackId), eq(feedback.projectId, project.id)))
        .for("update")
        .limit(1);
      if (!row) throw notFound(FEEDBACK_MESSAGES.notFound);
      const screenshot = uploaded ? upload : input.screenshot(row.screenshotFileId);
      if (!byCompany) refuseCustomerEdit(row, access, screenshot);

      const changes: Partial<typeof feedback.$inferInsert> = {};
      const changed: string[] = [];
      if (body.feedbackType !== undefined && body.feedbackType !== row.feedbackType) {
        changes.feedbackType = body.feedbackType;
        changed.push("type");
      }
      if (body.issueFaced !== undefined && body.issueFaced !== row.issueFaced) {
        changes.issueFaced = body.issueFaced;
        changed.push("issue");
      }
      if (body.changeDescription !== undefined && body.changeDescription !== row.changeDescription) {
        changes.changeDescription = body.changeDescription;
        changed.push("change needed");
      }
      if (uploaded) {
        if (uploaded !== row.screenshotFileId) {
          changes.screenshotFileId = uploaded;
          released = row.screenshotFileId;
          changed.push("screenshot");
        } else {
          released = uploaded; // the same image again: drop the extra record made just now
        }
      } else if (screenshot.kind === "remove") {
        changes.screenshotFileId = null;
        released = row.screenshotFileId;
        changed.push("screenshot removed");
      }
      // Status and reply are the company's alone: a customer's values are ignored, never written.
      const statusChanged = byCompany && body.status !== undefined && body.status !== row.status;
      if (statusChanged) changes.status = body.status;
      if (byCompany && body.adminComment !== undefined) {
        const comment = body.adminComment?.trim() || null;
        if (comment !== row.adminComment) {
          changes.adminComment = comment;
          changed.push("response");
        }
      }
      if (changed.length === 0 && !statusChanged) {
        return toFeedbackDto({
          row,
          author: await authorOf(tx, row),
          caller: { userId: user.id, accessLevel: access.accessLevel },
        });
      }
      const now = new Date();
      if (byCompany && (statusChanged || changes.adminComment !== undefined)) {
        // The company's review is an "answered" event; marking it pending again clears how it was closed.
        const status = changes.status ?? row.status;
        if (status === "pending") Object.assign(changes, { resolution: null, fixedInVersion: null, confirmedAt: null });
        const note = changes.adminComment !== undefined ? changes.adminComment : row.adminComment;
        changes.history = withEvent({
          row,
          event: { kind: "answered", actorName: user.name ?? user.email, byCompany, status, note },
          at: now,
        });
      }
      const [updated] = await tx
        .update(feedback)
        .set({ ...changes, updatedAt: now, ...(byCompany ? { adminUpdatedAt: now, adminUpdatedBy: user.id } : {}) })
        .where(eq(feedback.id, row.id))
        .returning();
      if (!updated) throw notFound(FEEDBACK_MESSAGES.notFound);
      const event = { project, item: updated, actorId: user.id, byCompany };
      if (changed.length > 0) await recordFeedbackEdited(tx, { ...event, changed });
      if (statusChanged) await recordFeedbackStatusChanged(ctx, { db: tx, event });
      return toFeedbackDto({
        row: updated,
        author: await authorOf(tx, updated),
        caller: { userId: user.id, accessLevel: access.accessLevel },
      });
    })
    .catch(async (error: unknown) => {
      if (uploaded) await releaseProjectFile(ctx, { projectId: project.id, kind: "feedback_screenshot", fileId: uploaded });
      throw error;
    });
  if (released) await releaseProjectFile(ctx, { projectId: project.id, kind: "feedback_screenshot", fileId: released });
  return result;
}

async function authorOf(db: AppContext["db"], row: FeedbackRow) {
  if (!row.authorId) return null;
  const [author] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, row.authorId))
    .limit(1);
  return author ?? null;
}
