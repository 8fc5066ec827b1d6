// GET /api/projects/{id}/acceptance/certificate: the acceptance certificate, a PDF the portal writes from the approval
// record and seals (PAdES) as Blueprint's statement of what happened; the customer's comment, if any, is quoted and
// labelled as their words (docs/decisions/pades-signatures.md). Recorded by its SHA-256 for /verify.
import { eq } from "drizzle-orm";
import { PDFDocument, rgb } from "pdf-lib";
import { PROVIDER_NAME } from "../../../shared/domain/nda-agreement";
import { ACCEPTANCE_MESSAGES } from "../../../shared/schemas/acceptance";
import { parseMarkdown } from "../../../shared/text/markdown";
import type { AppContext } from "../../context";
import { profiles, type projectAcceptances } from "../../db/schema";
import type { IssuedDocument } from "../../documents/deliver";
import { DocumentFonts, drawable } from "../../documents/fonts";
import { recordIssuedDocument } from "../../documents/issued";
import { A4, MUTED, PageFlow } from "../../documents/layout";
import { drawMarkdown } from "../../documents/markdown-pdf";
import { type SealDetails, sealPdf, sealRecord } from "../../documents/pades";
import { contentKey, pdfRenders } from "../../documents/render-guard";
import { sealLocation, signingIdentity } from "../../documents/signing-identity";
import { conflict } from "../../errors";
import type { ProjectAccess } from "../projects";
import { findApproval } from "./decide";

type AcceptanceRow = typeof projectAcceptances.$inferSelect;

const MARGIN = { left: 56, right: 56, top: 64, bottom: 56 };
const BRAND = rgb(0.1, 0.2, 0.45);

export type CertificateInput = {
  projectCode: string;
  projectName: string | null;
  /** The client company (the owner's profile); null when the owner has none. */
  clientCompany: string | null;
  approvedBy: string;
  approvedEmail: string;
  accessLevel: string;
  decidedAt: string;
  userAgent: string | null;
  versionNumber: number;
  versionUrl: string;
  releaseNotes: string;
  brdSha256: string | null;
  briefSha256: string | null;
  comment: string | null;
};

/** "Name (address)"; a deleted account's approval has a name only ("Deleted user"). */
const approver = (input: Pick<CertificateInput, "approvedBy" | "approvedEmail">) =>
  input.approvedEmail ? `${input.approvedBy} (${input.approvedEmail})` : input.approvedBy;

export function certificateInput(
  row: AcceptanceRow,
  project: { projectCode: string; projectName: string | null; clientCompany: string | null },
): CertificateInput {
  return {
    projectCode: project.projectCode,
    projectName: project.projectName,
    clientCompany: project.clientCompany,
    approvedBy: row.userName,
    approvedEmail: row.userEmail,
    accessLevel: row.accessLevel,
    decidedAt: row.decidedAt.toISOString(),
    userAgent: row.userAgent,
    versionNumber: row.versionNumber,
    versionUrl: row.versionUrl,
    releaseNotes: row.releaseNotes,
    brdSha256: row.brdSha256,
    briefSha256: row.briefSha256,
    comment: row.comment,
  };
}

const utc = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;

export async function renderCertificatePdf(input: CertificateInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts = await DocumentFonts.embed(doc);
  doc.setTitle(`Acceptance certificate ${input.projectCode}`);
  doc.setSubject(`Prototype version ${input.versionNumber} of ${input.projectCode} approved`);
  doc.setAuthor(PROVIDER_NAME);
  doc.setCreator("Blueprint client portal");
  doc.setProducer("Blueprint client portal (pdf-lib)");
  doc.setCreationDate(new Date(input.decidedAt));
  doc.setModificationDate(new Date(input.decidedAt));
  const flow = new PageFlow(doc, fonts, A4, MARGIN);
  flow.heading("Acceptance certificate", { size: 22, color: BRAND, gapAfter: 6 });
  flow.text(
    `${PROVIDER_NAME} records that the prototype of project ${drawable(input.projectCode)}${
      input.projectName ? ` (${drawable(input.projectName)})` : ""
    } was approved by the client through the ${PROVIDER_NAME} client portal, as set out below.`,
    { size: 11 },
  );
  flow.rule({ gap: 10 });
  const field = (label: string, value: string) => {
    flow.text([{ text: `${label}: `, bold: true }, { text: drawable(value) }], { size: 10.5, leading: 15 });
  };
  field("Project", input.projectCode);
  field("Client", input.clientCompany ?? "not recorded");
  field("Approved by", `${approver(input)}, ${input.accessLevel === "owner" ? "project owner" : "member with Admin access"}`);
  field("Approved at", utc(input.decidedAt));
  field("Browser", input.userAgent ?? "not recorded");
  field("Version approved", `Version ${input.versionNumber}, ${input.versionUrl}`);
  field("SHA-256 of the BRD", input.brdSha256 ?? "no BRD was uploaded");
  field("SHA-256 of the confirmed brief (its text, UTF-8)", input.briefSha256 ?? "no confirmed brief");
  flow.gap(8);
  flow.heading(`Release notes of version ${input.versionNumber}`, { size: 13, color: BRAND, gapBefore: 6 });
  // Release notes are Markdown (as the versions list shows them): drawn as text, never as raw ** and #.
  await drawMarkdown(flow, parseMarkdown(input.releaseNotes), { scale: 1, headingColor: BRAND, accent: BRAND });
  if (input.comment) {
    flow.gap(8);
    flow.heading("The client's comment, in the client's own words", { size: 13, color: BRAND, gapBefore: 6 });
    flow.text(`“${drawable(input.comment)}”`, { size: 10, leading: 14, color: MUTED, base: { italic: true } });
    flow.text(`— ${drawable(input.approvedBy)}. Not a statement by ${PROVIDER_NAME}.`, { size: 9, color: MUTED });
  }
  flow.gap(10);
  flow.rule({ gap: 8 });
  flow.text(
    `This certificate is written by the ${PROVIDER_NAME} portal from its records and sealed with ${PROVIDER_NAME}'s electronic signature. Check a copy at the portal's /verify page.`,
    { size: 9, color: MUTED },
  );
  flow.footer((page, index, count) => {
    flow.drawFootLine(page, `${PROVIDER_NAME} · Acceptance certificate · ${input.projectCode}`, { index, count });
  });
  return doc.save();
}

export async function acceptanceCertificate(ctx: AppContext, access: ProjectAccess): Promise<IssuedDocument> {
  const { project } = access;
  const approval = await findApproval(ctx.db, project.id);
  if (!approval) throw conflict(ACCEPTANCE_MESSAGES.notApproved, "NOT_APPROVED");
  const [owner] = await ctx.db
    .select({ companyName: profiles.company })
    .from(profiles)
    .where(eq(profiles.userId, project.userId))
    .limit(1);
  const input = certificateInput(approval, {
    projectCode: project.projectCode,
    projectName: project.projectName,
    clientCompany: owner?.companyName ?? null,
  });
  const identity = signingIdentity(ctx.config);
  const location = sealLocation(ctx.config);
  const seal: SealDetails = {
    reason: `Acceptance of prototype version ${input.versionNumber} of ${input.projectCode} by ${approver(input)}, recorded by ${PROVIDER_NAME}`,
    location,
    signingTime: approval.decidedAt,
  };
  const key = contentKey("acceptance-certificate:v2", { input, signer: identity.fingerprint, location });
  const bytes = await pdfRenders.render(key, access.user.id, async () =>
    sealPdf(await renderCertificatePdf(input), identity, seal),
  );
  const sha256 = await recordIssuedDocument(ctx.db, {
    kind: "acceptance_certificate",
    bytes,
    profileId: null,
    projectId: project.id,
    details: {
      projectCode: project.projectCode,
      customerName: input.approvedBy,
      signerEmail: input.approvedEmail,
      approvedAt: input.decidedAt,
      approvedBy: input.approvedBy,
      status: "approved",
      signatures: [sealRecord(identity, seal)],
    },
  });
  return { bytes, sha256, filename: `${project.projectCode}-acceptance-certificate.pdf` };
}
