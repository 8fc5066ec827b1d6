// GET /api/projects/{id}/brief.pdf: the brief as a PDF, rendered once per content (cached by the hash of what it is
// drawn from); every issued file is recorded by its SHA-256.
import { eq } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { profiles, requirements } from "../../../db/schema";
import type { IssuedDocument } from "../../../documents/deliver";
import { recordIssuedDocument } from "../../../documents/issued";
import { contentKey, pdfRenders } from "../../../documents/render-guard";
import { notFound } from "../../../errors";
import type { ProjectAccess } from "../access";
import { type BriefPdfInput, renderBriefPdf } from "../brief/render-brief-pdf";

const NO_BRIEF_MESSAGE = "No brief has been generated for this project yet.";

/** The brief's own title is the project name with a capital, as the composer writes it. */
function capitalized(name: string | null): string {
  const trimmed = (name ?? "").trim();
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
}

export async function downloadBrief(db: Database, access: ProjectAccess): Promise<IssuedDocument> {
  const { project } = access;
  const [row] = await db
    .select({ requirements, company: profiles.company, fullName: profiles.fullName, profileId: profiles.id })
    .from(requirements)
    .leftJoin(profiles, eq(profiles.userId, project.userId))
    .where(eq(requirements.projectId, project.id))
    .limit(1);
  const brief = row?.requirements.generatedBrief?.trim();
  if (!row || !brief) throw notFound(NO_BRIEF_MESSAGE);
  const input: BriefPdfInput = {
    markdown: brief,
    projectCode: project.projectCode,
    clientName: row.company ?? row.fullName ?? null,
    title: capitalized(row.requirements.projectName) || project.projectCode,
    confirmedAt: row.requirements.briefConfirmedAt,
    updatedAt: row.requirements.updatedAt,
  };
  const bytes = await pdfRenders.render(contentKey("brief:v2", input), access.user.id, () => renderBriefPdf(input));
  const sha256 = await recordIssuedDocument(db, {
    kind: "project_brief",
    bytes,
    profileId: row.profileId ?? null,
    projectId: project.id,
    details: {
      projectCode: project.projectCode,
      confirmed: row.requirements.briefConfirmed,
      generatedBy: row.requirements.briefGeneratedBy,
      issuedTo: access.user.email,
    },
  });
  return { bytes, sha256, filename: `${project.projectCode}-brief${row.requirements.briefConfirmed ? "" : "-draft"}.pdf` };
}
