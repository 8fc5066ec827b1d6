// GET /api/projects/{id}/brief.pdf: the brief as a PDF; every issued file is recorded by its SHA-256.
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { issuedDocuments, profiles, requirements } from "../../../db/schema";
import { notFound } from "../../../errors";
import type { ProjectAccess } from "../access";
import { renderBriefPdf } from "../brief/render-brief-pdf";

export const NO_BRIEF_MESSAGE = "No brief has been generated for this project yet.";

/** The brief's own title is the project name with a capital, as the composer writes it. */
function capitalized(name: string | null): string {
  const trimmed = (name ?? "").trim();
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
}

export async function downloadBrief(db: Database, access: ProjectAccess) {
  const { project } = access;
  const [row] = await db
    .select({ requirements, company: profiles.company, fullName: profiles.fullName, profileId: profiles.id })
    .from(requirements)
    .leftJoin(profiles, eq(profiles.userId, project.userId))
    .where(eq(requirements.projectId, project.id))
    .limit(1);
  const brief = row?.requirements.generatedBrief?.trim();
  if (!row || !brief) throw notFound(NO_BRIEF_MESSAGE);
  const bytes = await renderBriefPdf({
    markdown: brief,
    projectCode: project.projectCode,
    clientName: row.company ?? row.fullName ?? null,
    title: capitalized(row.requirements.projectName) || project.projectCode,
    confirmedAt: row.requirements.briefConfirmedAt,
    updatedAt: row.requirements.updatedAt,
  });
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  // Only a confirmed brief is recorded for /verify; a draft is still being written.
  if (!row.requirements.briefConfirmed) {
    return { bytes, sha256, filename: `${project.projectCode}-brief-draft.pdf` };
  }
  await db
    .insert(issuedDocuments)
    .values({
      kind: "project_brief",
      sha256,
      profileId: row.profileId ?? null,
      projectId: project.id,
      details: {
        projectCode: project.projectCode,
        confirmed: row.requirements.briefConfirmed,
        generatedBy: row.requirements.briefGeneratedBy,
        issuedTo: access.user.email,
      },
    })
    .onConflictDoNothing({ target: issuedDocuments.sha256 });
  return { bytes, sha256, filename: `${project.projectCode}-brief${row.requirements.briefConfirmed ? "" : "-draft"}.pdf` };
}
