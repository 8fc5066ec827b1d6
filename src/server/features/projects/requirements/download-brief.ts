// GET /api/projects/{id}/brief.pdf: the brief as a PDF, rendered once per content (cached by the hash of what it is
// drawn from); a confirmed brief carries Blueprint's digital seal and is recorded by its SHA-256.
import { eq } from "drizzle-orm";
import { PROVIDER_NAME } from "../../../../shared/domain/nda-agreement";
import { sha256Hex } from "../../../auth/secrets";
import type { AppContext } from "../../../context";
import { profiles, requirements } from "../../../db/schema";
import type { IssuedDocument } from "../../../documents/deliver";
import { recordIssuedDocument } from "../../../documents/issued";
import { type SealDetails, sealPdf, sealRecord } from "../../../documents/pades";
import { contentKey, pdfRenders } from "../../../documents/render-guard";
import { sealLocation, signingIdentity } from "../../../documents/signing-identity";
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
    updatedAt: row.requirements.updatedAt,
  };
  // Only a confirmed brief is sealed and recorded for /verify; a draft is still being written.
  const confirmedAt = row.requirements.briefConfirmed ? (row.requirements.briefConfirmedAt ?? row.requirements.updatedAt) : null;
  if (!confirmedAt) {
    const bytes = await pdfRenders.render(contentKey("brief:v2", input), access.user.id, () => renderBriefPdf(input));
    return { bytes, sha256: sha256Hex(bytes), filename: `${project.projectCode}-brief-draft.pdf` };
  }
  const identity = signingIdentity(ctx.config);
  const seal: SealDetails = {
    reason: `Project brief ${project.projectCode} as confirmed by the customer; sealed by ${PROVIDER_NAME} to show it is unchanged`,
    location: sealLocation(ctx.config),
    signingTime: confirmedAt,
  };
  const key = contentKey("brief-sealed:v3", { input, seal, signer: identity.fingerprint });
  const bytes = await pdfRenders.render(key, access.user.id, async () => sealPdf(await renderBriefPdf(input), identity, seal));
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
      signatures: [sealRecord(identity, seal)],
    },
  });
  return { bytes, sha256, filename: `${project.projectCode}-brief.pdf` };
}
