// GET /api/projects/{id}/documents: the dashboard's Project Documents with their real sizes and dates. Stored files
// (BRD, invoices) are read from the file store's attachment rows in one query; the generated PDFs (signed NDA, brief)
// go through the same content-cached render as their downloads, so the size is that of the file the link serves,
// rendered only when its content changed since the last time. An invited member sees the project's documents only
// (brief, BRD): the NDA is the owner's agreement and the invoices are the owner's payments.
import { and, eq, inArray } from "drizzle-orm";
import { fileIdFromUrl } from "../../../shared/constants/files";
import { memberLevelOf } from "../../../shared/domain/next-action";
import type { ProjectDocument } from "../../../shared/schemas/project-documents";
import type { AppContext } from "../../context";
import { fileAttachments, requirements } from "../../db/schema";
import { findOwnProfile, issueSignedNda } from "../onboarding";
import { downloadBrief, type ProjectAccess } from "../projects";
import { currentAcceptance, proposalPdf } from "../proposals";

const PDF = "application/pdf";

/** A generated PDF's size, or null when rendering is refused for now (busy, or the caller's other render running). */
async function sizeOf(render: () => Promise<{ bytes: Uint8Array }>): Promise<number | null> {
  try {
    return (await render()).bytes.byteLength;
  } catch {
    return null;
  }
}

export async function listProjectDocuments(ctx: AppContext, access: ProjectAccess): Promise<ProjectDocument[]> {
  const { project, user } = access;
  const member = memberLevelOf(access) !== null;
  const storedUrls = {
    brd: project.brdDocumentUrl,
    advance_invoice: member ? null : project.advanceInvoiceUrl,
    final_invoice: member ? null : project.finalInvoiceUrl,
  };
  const fileIds = Object.values(storedUrls)
    .map((url) => (url ? fileIdFromUrl(url) : null))
    .filter((id): id is string => id !== null);

  const [stored, [brief], profile] = await Promise.all([
    fileIds.length
      ? ctx.db
          .select({
            fileId: fileAttachments.fileId,
            size: fileAttachments.size,
            contentType: fileAttachments.contentType,
            createdAt: fileAttachments.createdAt,
          })
          .from(fileAttachments)
          .where(and(eq(fileAttachments.projectId, project.id), inArray(fileAttachments.fileId, fileIds)))
      : Promise.resolve([]),
    ctx.db
      .select({
        generatedBrief: requirements.generatedBrief,
        briefConfirmedAt: requirements.briefConfirmedAt,
        updatedAt: requirements.updatedAt,
      })
      .from(requirements)
      .where(eq(requirements.projectId, project.id))
      .limit(1),
    user.role === "customer" && !member ? findOwnProfile(ctx.db, user.id) : Promise.resolve(null),
  ]);
  const attachment = (url: string | null) => {
    const id = url ? fileIdFromUrl(url) : null;
    return id ? stored.find((row) => row.fileId === id) : undefined;
  };
  const storedDocument = (
    kind: "brd" | "advance_invoice" | "final_invoice",
    title: string,
    uploadedAt: Date | null,
  ): ProjectDocument => {
    const url = storedUrls[kind];
    const file = attachment(url);
    return {
      kind,
      title,
      url,
      size: file?.size ?? null,
      contentType: file?.contentType ?? (url?.toLowerCase().endsWith(".pdf") ? PDF : null),
      date: (file?.createdAt ?? uploadedAt)?.toISOString() ?? null,
    };
  };

  // The two generated PDFs one after the other: renders are bounded per user.
  const ndaSigned = Boolean(profile?.ndaSigned);
  const ndaSize = profile && ndaSigned ? await sizeOf(() => issueSignedNda(ctx, { profile, requesterId: user.id })) : null;
  const hasBrief = Boolean(brief?.generatedBrief?.trim());
  const briefSize = hasBrief ? await sizeOf(() => downloadBrief(ctx, access)) : null;

  const signedNda: ProjectDocument = {
    kind: "signed_nda",
    title: "Signed NDA",
    url: ndaSigned ? "/api/nda/download/signed" : null,
    size: ndaSize,
    contentType: ndaSigned ? PDF : null,
    date: profile?.ndaSignedAt?.toISOString() ?? null,
  };
  // The accepted proposal (sealed PDF) is the owner's and an Admin member's, like the payments it sets.
  const proposalAccepted =
    access.accessLevel === "owner" || access.accessLevel === "admin" ? await currentAcceptance(ctx.db, project) : null;
  const proposalSize = proposalAccepted ? await sizeOf(() => proposalPdf(ctx, access)) : null;
  const proposal: ProjectDocument[] = proposalAccepted
    ? [
        {
          kind: "proposal",
          title: `Accepted proposal (version ${proposalAccepted.version})`,
          url: `/api/projects/${project.id}/proposal/pdf`,
          size: proposalSize,
          contentType: PDF,
          date: proposalAccepted.acceptedAt.toISOString(),
        },
      ]
    : [];
  const documents: ProjectDocument[] = [
    ...(member ? [] : [signedNda]),
    ...proposal,
    {
      kind: "brief",
      title: brief?.briefConfirmedAt ? "Project brief" : "Requirements draft",
      url: hasBrief ? `/api/projects/${project.id}/brief.pdf` : null,
      size: briefSize,
      contentType: hasBrief ? PDF : null,
      date: hasBrief ? ((brief?.briefConfirmedAt ?? brief?.updatedAt)?.toISOString() ?? null) : null,
    },
    storedDocument("brd", project.brdDocumentName || "Business Requirements Document", project.brdUploadedAt),
  ];
  if (storedUrls.advance_invoice)
    documents.push(storedDocument("advance_invoice", project.advanceInvoiceName || "Advance payment invoice", null));
  if (storedUrls.final_invoice)
    documents.push(storedDocument("final_invoice", project.finalInvoiceName || "Balance payment invoice", null));
  return documents;
}
