// Deleting a project (DELETE /api/projects/{id}): its owner may delete an empty one, e.g. a New Project made by
// mistake. Anything someone wrote, paid, was invoiced or was invited to keeps it (409 saying what). The deletion is
// recorded on the owner's timeline (without the project, which is gone); the change notices of the deleted rows drop
// the cached project lists, stats and access records like any other write.
import { count, eq } from "drizzle-orm";
import { type ProjectContents, projectDeletionRefusal } from "../../../shared/domain/project-deletion";
import { REQUIREMENT_TEXT_FIELDS } from "../../../shared/schemas/requirements";
import type { Database } from "../../db/client";
import {
  communications,
  feedback,
  fileAttachments,
  invoices,
  issuedDocuments,
  meetingRequests,
  projectMembers,
  projects,
  requirements,
} from "../../db/schema";
import { conflict } from "../../errors";
import { recordActivity } from "../activity";
import type { ProjectAccess, ProjectRow } from "./access";

const filled = (value: unknown) => typeof value === "string" && value.trim() !== "";

function hasPayments(project: ProjectRow): boolean {
  return [
    project.advancePaymentLink,
    project.advancePaymentAmount,
    project.advancePaymentReceivedDate,
    project.advancePaymentDate,
    project.advancePaymentDateManual,
    project.finalPaymentLink,
    project.finalPaymentAmount,
    project.finalPaymentDate,
    project.finalPaymentDateManual,
    project.balancePaymentLink,
    project.balancePaymentAmount,
    project.balancePaymentReceivedDate,
  ].some((value) => value !== null && value !== "");
}

async function countOf(
  tx: Database,
  table:
    | typeof feedback
    | typeof communications
    | typeof meetingRequests
    | typeof projectMembers
    | typeof fileAttachments
    | typeof invoices
    | typeof issuedDocuments,
  projectId: string,
) {
  const [row] = await tx.select({ n: count() }).from(table).where(eq(table.projectId, projectId));
  return row?.n ?? 0;
}

async function contentsOf(tx: Database, project: ProjectRow): Promise<ProjectContents> {
  const [answers] = await tx.select().from(requirements).where(eq(requirements.projectId, project.id)).limit(1);
  const files = (await countOf(tx, fileAttachments, project.id)) + (await countOf(tx, issuedDocuments, project.id));
  return {
    answers: Boolean(
      answers && (REQUIREMENT_TEXT_FIELDS.some((field) => filled(answers[field])) || filled(answers.generatedBrief)),
    ),
    // An invoice is kept whatever became of its phase (invoices.project_id restricts the deletion): a project with
    // one holds payments, though its amounts were cleared since.
    payments: hasPayments(project) || (await countOf(tx, invoices, project.id)) > 0,
    documents: files > 0 || Boolean(project.advanceInvoiceUrl || project.finalInvoiceUrl || project.brdDocumentUrl),
    members: await countOf(tx, projectMembers, project.id),
    feedback: await countOf(tx, feedback, project.id),
    messages: await countOf(tx, communications, project.id),
    meetingRequests: await countOf(tx, meetingRequests, project.id),
  };
}

/** Deletes the caller's empty project; the route has checked that the caller owns it. */
export async function deleteEmptyProject(db: Database, access: ProjectAccess): Promise<void> {
  await db.transaction(async (tx) => {
    // Locked, so a payment link or a member added meanwhile is either seen here or waits for the deletion.
    const [project] = await tx.select().from(projects).where(eq(projects.id, access.project.id)).for("update");
    if (!project) return;
    const refusal = projectDeletionRefusal(await contentsOf(tx, project));
    if (refusal) throw conflict(refusal, "PROJECT_NOT_EMPTY");
    await tx.delete(requirements).where(eq(requirements.projectId, project.id));
    await tx.delete(projects).where(eq(projects.id, project.id));
    await recordActivity(tx, {
      userId: project.userId,
      projectId: null,
      actorId: access.user.id,
      type: "project.deleted",
      title: "Project deleted",
      description: `${project.projectCode} was deleted.`,
    });
  });
}
