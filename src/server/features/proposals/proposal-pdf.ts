// GET /api/projects/{id}/proposal/pdf: the accepted proposal as a PDF drawn from its acceptance record (what was
// accepted, by whom, when, from which address, and the proposal's SHA-256), sealed with the portal's PAdES signature
// and recorded by its own SHA-256 so /verify recognises it. The same acceptance always gives the same bytes.
import { eq } from "drizzle-orm";
import { PDFDocument, rgb } from "pdf-lib";
import { utcTimestamp } from "../../../shared/domain/dates";
import { PROVIDER_NAME } from "../../../shared/domain/nda-agreement";
import { moneyText } from "../../../shared/domain/pricing";
import { PROPOSAL_MESSAGES, type ProposalContent } from "../../../shared/schemas/proposal";
import type { AppContext } from "../../context";
import { profiles, projects } from "../../db/schema";
import type { IssuedDocument } from "../../documents/deliver";
import { DocumentFonts, drawable } from "../../documents/fonts";
import { recordIssuedDocument } from "../../documents/issued";
import { A4, MUTED, PageFlow } from "../../documents/layout";
import { type SealDetails, sealPdf, sealRecord } from "../../documents/pades";
import { contentKey, pdfRenders } from "../../documents/render-guard";
import { sealLocation, signingIdentity } from "../../documents/signing-identity";
import { notFound } from "../../errors";
import type { ProjectAccess } from "../projects";
import { type AcceptanceRow, assertMaySee, currentAcceptance } from "./proposal";

const MARGIN = { left: 56, right: 56, top: 64, bottom: 56 };
const BRAND = rgb(0.1, 0.2, 0.45);

export type ProposalPdfInput = {
  content: ProposalContent;
  acceptedName: string;
  acceptedEmail: string;
  acceptedAt: string;
  ip: string | null;
  userAgent: string | null;
  sha256: string;
};

function pdfInput(row: AcceptanceRow): ProposalPdfInput {
  return {
    content: row.proposal as ProposalContent,
    acceptedName: row.acceptedName,
    acceptedEmail: row.userEmail,
    acceptedAt: row.acceptedAt.toISOString(),
    ip: row.ip,
    userAgent: row.userAgent,
    sha256: row.proposalSha256,
  };
}

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ", ");

export async function renderProposalPdf(input: ProposalPdfInput): Promise<Uint8Array> {
  const { content } = input;
  const acceptedAt = new Date(input.acceptedAt);
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts = await DocumentFonts.embed(doc);
  doc.setTitle(`Proposal ${content.projectCode}, version ${content.version}`);
  doc.setSubject(`Proposal for ${content.projectCode} accepted by ${input.acceptedName}`);
  doc.setAuthor(PROVIDER_NAME);
  doc.setCreator("Blueprint client portal");
  doc.setProducer("Blueprint client portal (pdf-lib)");
  doc.setCreationDate(acceptedAt);
  doc.setModificationDate(acceptedAt);
  const flow = new PageFlow(doc, fonts, A4, MARGIN);
  const field = (label: string, value: string) =>
    flow.text([{ text: `${label}: `, bold: true }, { text: drawable(value) }], { size: 10.5, leading: 15 });
  const section = (title: string) => flow.heading(title, { size: 13, color: BRAND, gapBefore: 8 });

  flow.heading("Proposal", { size: 22, color: BRAND, gapAfter: 6 });
  flow.text(
    `Project ${drawable(content.projectCode)}${content.projectName ? ` (${drawable(content.projectName)})` : ""} · version ${content.version} · accepted ${utcTimestamp(acceptedAt)}`,
    { size: 10, color: MUTED },
  );
  flow.rule({ gap: 10 });

  section("The parties");
  const party = (label: string, p: ProposalContent["seller"]) => {
    field(label, p.name);
    const address = [oneLine(p.address), p.countryName].filter(Boolean).join(", ");
    if (address) field("Address", address);
    if (p.taxId) field(p.taxIdLabel ?? "Tax ID", p.taxId);
  };
  party("Provider", content.seller);
  flow.gap(4);
  party("Client", content.buyer);

  section("What is delivered");
  field("Package", `${content.package.name}`);
  field("Delivery promise", content.delivery.text);
  field("Iteration rounds", String(content.iterations));
  field("Testers", `${content.testers} people on the client's team`);
  field("Access period", `${content.accessMonths} months of hosted access`);

  section("Price and payment schedule");
  field(
    "Price",
    `${moneyText(content.price.amount, content.price.currency)} (${content.price.source === "custom" ? "custom price" : `${content.package.name} plan price`}, taxes included)`,
  );
  for (const phase of content.schedule) {
    field(`${phase.label} (${phase.percent} %)`, `${moneyText(phase.amount, phase.currency)}. ${phase.due}`);
  }

  section(`${content.terms.title} (version ${content.terms.version})`);
  for (const part of content.terms.sections) {
    flow.text([{ text: drawable(part.heading), bold: true }], { size: 10, leading: 14 });
    flow.text(drawable(part.body), { size: 9.5, leading: 13 });
    flow.gap(3);
  }
  flow.text(
    `The terms, refund policy and privacy notice are also published at ${content.terms.links.terms}, ${content.terms.links.refunds} and ${content.terms.links.privacy}.`,
    { size: 9, color: MUTED },
  );

  section("Acceptance");
  field("Accepted by", `${input.acceptedName} (${input.acceptedEmail}), typing their name in the ${PROVIDER_NAME} portal`);
  field("Accepted at", utcTimestamp(acceptedAt));
  field("From address", input.ip ?? "not recorded");
  field("Browser", input.userAgent ?? "not recorded");
  field("SHA-256 of the proposal (canonical JSON)", input.sha256);
  flow.gap(8);
  flow.rule({ gap: 8 });
  flow.text(
    `This record is written by the ${PROVIDER_NAME} portal from its acceptance record and sealed with ${PROVIDER_NAME}'s electronic signature. Check a copy at the portal's /verify page.`,
    { size: 9, color: MUTED },
  );
  flow.footer((page, index, count) => {
    flow.drawFootLine(page, `${PROVIDER_NAME} · Proposal ${content.projectCode} v${content.version}`, { index, count });
  });
  return doc.save();
}

/** The sealed PDF of the project's accepted proposal (current version); 404 with a message before acceptance. */
export async function proposalPdf(ctx: AppContext, access: ProjectAccess): Promise<IssuedDocument> {
  assertMaySee(access);
  const [project] = await ctx.db.select().from(projects).where(eq(projects.id, access.project.id)).limit(1);
  const row = project ? await currentAcceptance(ctx.db, project) : null;
  if (!project || !row) throw notFound(PROPOSAL_MESSAGES.noPdf);
  const input = pdfInput(row);
  const identity = signingIdentity(ctx.config);
  const location = sealLocation(ctx.config);
  const seal: SealDetails = {
    reason: `Proposal version ${row.version} of ${project.projectCode} accepted by ${row.acceptedName}, recorded by ${PROVIDER_NAME}`,
    location,
    signingTime: row.acceptedAt,
  };
  const key = contentKey("proposal:v1", { input, signer: identity.fingerprint, location });
  const bytes = await pdfRenders.render(key, access.user.id, async () => sealPdf(await renderProposalPdf(input), identity, seal));
  const [owner] = await ctx.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.userId, project.userId)).limit(1);
  const sha256 = await recordIssuedDocument(ctx.db, {
    kind: "proposal",
    bytes,
    profileId: owner?.id ?? null,
    projectId: project.id,
    details: {
      projectCode: project.projectCode,
      version: row.version,
      acceptedBy: row.acceptedName,
      signerEmail: row.userEmail,
      acceptedAt: input.acceptedAt,
      proposalSha256: row.proposalSha256,
      signatures: [sealRecord(identity, seal)],
    },
  });
  return { bytes, sha256, filename: `${project.projectCode}-proposal-v${row.version}.pdf` };
}
