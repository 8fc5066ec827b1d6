// BRD documents on a project: registered by URL (a JSON body with the document's link) or uploaded into the file store, and removed.
import { eq } from "drizzle-orm";
import { isUuid } from "../../../shared/domain/ids";
import type { AdminProject } from "../../../shared/schemas/admin";
import { recordAudit } from "../../audit/record-audit";
import type { SessionUser } from "../../auth/sessions";
import type { Database } from "../../db/client";
import { projects } from "../../db/schema";
import { notFound } from "../../errors";
import { recordActivity } from "../activity";
import { PROJECT_NOT_FOUND } from "../projects";
import { findAdminProject } from "./list-admin-projects";

async function projectOr404(db: Database, projectId: string) {
  if (!isUuid(projectId)) throw notFound(PROJECT_NOT_FOUND);
  const [row] = await db.select().from(projects).where(eq(projects.id, projectId)).limit(1);
  if (!row) throw notFound(PROJECT_NOT_FOUND);
  return row;
}

export async function setBrd(
  db: Database,
  { admin, projectId, document }: { admin: SessionUser; projectId: string; document: { url: string; name: string } },
): Promise<AdminProject> {
  const before = await projectOr404(db, projectId);
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(projects)
      .set({ brdDocumentUrl: document.url, brdDocumentName: document.name, brdUploadedAt: now, updatedAt: now })
      .where(eq(projects.id, projectId));
    await recordAudit(tx, {
      projectId,
      actor: { id: admin.id, email: admin.email },
      action: "brd.upload",
      changes: [
        { field: "brdDocumentName", before: before.brdDocumentName, after: document.name },
        { field: "brdDocumentUrl", before: before.brdDocumentUrl, after: document.url },
      ],
    });
    await recordActivity(tx, {
      userId: before.userId,
      projectId,
      actorId: admin.id,
      type: "brd.uploaded",
      title: "Business Requirements Document ready",
      description: `${before.projectCode}: ${document.name} is in your Project Documents.`,
      notify: true,
    });
  });
  return (await findAdminProject(db, projectId)) as AdminProject;
}

/** Clears the BRD; returns the URL it had so the caller can delete a stored file. */
export async function removeBrd(
  db: Database,
  { admin, projectId }: { admin: SessionUser; projectId: string },
): Promise<{ previousUrl: string | null }> {
  const before = await projectOr404(db, projectId);
  if (!before.brdDocumentUrl) throw notFound("No BRD document on this project");
  await db.transaction(async (tx) => {
    await tx
      .update(projects)
      .set({ brdDocumentUrl: null, brdDocumentName: null, brdUploadedAt: null, updatedAt: new Date() })
      .where(eq(projects.id, projectId));
    await recordAudit(tx, {
      projectId,
      actor: { id: admin.id, email: admin.email },
      action: "brd.delete",
      changes: [{ field: "brdDocumentName", before: before.brdDocumentName, after: null }],
    });
  });
  return { previousUrl: before.brdDocumentUrl };
}
