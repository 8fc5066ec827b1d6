// A feedback row as the API answers it, with whether the caller may still edit it.
import { fileUrl } from "../../../shared/constants/files";
import type { ProjectAccessLevel } from "../../../shared/domain/project-access";
import {
  type FeedbackContext,
  type FeedbackHistoryEvent,
  type FeedbackItem,
  feedbackVerifiableBy,
} from "../../../shared/schemas/feedback";
import type { feedback } from "../../db/schema";

export type FeedbackRow = typeof feedback.$inferSelect;
export type FeedbackAuthor = { name: string | null; email: string } | null;
export type FeedbackCaller = { userId: string; accessLevel: ProjectAccessLevel };

/**
 * The company may always edit. Customers may not once an admin has edited the item (the edit lock);
 * before that the owner and admin members may edit any item, user members their own, view-only members none.
 */
export function feedbackEditableBy(row: Pick<FeedbackRow, "adminUpdatedAt" | "authorId">, caller: FeedbackCaller): boolean {
  switch (caller.accessLevel) {
    case "company":
      return true;
    case "owner":
    case "admin":
      return row.adminUpdatedAt === null;
    case "user":
      return row.adminUpdatedAt === null && row.authorId === caller.userId;
    default:
      return false;
  }
}

export function toFeedbackDto({
  row,
  author,
  caller,
}: {
  row: FeedbackRow;
  author: FeedbackAuthor;
  caller: FeedbackCaller;
}): FeedbackItem {
  return {
    id: row.id,
    projectId: row.projectId,
    feedbackType: row.feedbackType,
    status: row.status,
    issueFaced: row.issueFaced,
    changeDescription: row.changeDescription,
    screenshotUrl: row.screenshotFileId ? fileUrl(row.screenshotFileId) : null,
    adminComment: row.adminComment,
    adminUpdatedAt: row.adminUpdatedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    round: row.round,
    versionNumber: row.versionNumber,
    context: (row.context as FeedbackContext | null) ?? null,
    author,
    editable: feedbackEditableBy(row, caller),
    resolution: row.resolution,
    fixedInVersion: row.fixedInVersion,
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    history: row.history as FeedbackHistoryEvent[],
    verifiable: feedbackVerifiableBy(row, caller),
  };
}

/** The row's history with one more event (the row is locked by the caller's transaction). */
export function withEvent({
  row,
  event,
  at,
}: {
  row: Pick<FeedbackRow, "history" | "round" | "status">;
  event: Omit<FeedbackHistoryEvent, "at" | "round" | "status" | "versionNumber" | "note"> &
    Partial<Pick<FeedbackHistoryEvent, "round" | "status" | "versionNumber" | "note">>;
  at: Date;
}): Record<string, unknown>[] {
  const entry: FeedbackHistoryEvent = {
    kind: event.kind,
    at: at.toISOString(),
    actorName: event.actorName,
    byCompany: event.byCompany,
    versionNumber: event.versionNumber ?? null,
    round: event.round ?? row.round,
    note: event.note ?? null,
    status: event.status ?? row.status,
  };
  return [...(row.history ?? []), entry];
}
