// GET /api/projects/{id}/brief.pdf: the brief as a PDF, rendered once per content (cached by the hash of what it is
// drawn from); a confirmed brief is recorded by its SHA-256 for /verify. It is the customer's text: no company seal.
import { eq } from "drizzle-orm";
import { sha256Hex } from "../../../auth/secrets";
import type { AppContext } from "../../../context";
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

export async function downloadBrief(ctx: AppContext, access: ProjectAccess): Promise<IssuedDocument> {
  const { db } = ctx;
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
    writtenBy: row.requirements.briefGeneratedBy,
    updatedAt: row.requirements.updatedAt,
  };
  // The brief is the customer's words (they write or edit every line and confirm it): it never carries the company's
  // seal, which goes only on what the company wrote or accepted (docs/decisions/0021-pades-signatures.md). A confirmed
  // brief is recorded for /verify, which shows it as customer-authored; a draft is neither.
  const confirmedAt = row.requirements.briefConfirmed ? (row.requirements.briefConfirmedAt ?? row.requirements.updatedAt) : null;
  const bytes = await pdfRenders.render(contentKey("brief:v4", input), access.user.id, () => renderBriefPdf(input));
  if (!confirmedAt) return { bytes, sha256: sha256Hex(bytes), filename: `${project.projectCode}-brief-draft.pdf` };
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
      signatures: [],
    },
  });
  return { bytes, sha256, filename: `${project.projectCode}-brief.pdf` };
}
