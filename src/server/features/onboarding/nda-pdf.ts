// Draws the NDA as a PDF with pdf-lib: the agreement, the signature block with the signer's image, and (when
// signed) a signing certificate with the audit trail. Every typed value is drawn as text in an embedded
// Unicode font, never interpreted. The same inputs give the same bytes, so a file's SHA-256 identifies it.
// The company's approval is not drawn here: it is a second, visible digital signature over the Provider's box,
// appended to the customer-signed file (approvalAppearance), so the customer's sealed copy stays unchanged.
import { degrees, PDFDocument, type PDFImage, rgb } from "pdf-lib";
import { formatLongDate, utcTimestamp } from "../../../shared/domain/dates";
import {
  NDA_TITLE,
  NDA_VERSION,
  type NdaParties,
  type NdaSection,
  ndaPreamble,
  ndaProviderSignatory,
  ndaSections,
  PROVIDER_NAME,
} from "../../../shared/domain/nda-agreement";
import type { SignatureMethod } from "../../../shared/schemas/nda";
import { DocumentFonts, drawable, type Face } from "../../documents/fonts";
import { A4, drawRuns, fitLine, type Margins, PageFlow } from "../../documents/layout";
import { type FieldAppearance, pdfText, type SignaturePlace } from "../../documents/pades";
import type { NdaAuditEntry } from "./nda-audit";

export type NdaPdfInput = {
  documentId: string;
  parties: NdaParties;
  /** A signed agreement's own words (ndaAgreementParts of its stored text); absent: drawn from `parties`. */
  agreement?: { preamble: string; sections: NdaSection[] };
  verifyUrl: string;
  /** Absent for the unsigned draft. */
  signed?: {
    signerName: string;
    signerEmail: string;
    companyName: string;
    signedAt: Date;
    signaturePng: Uint8Array;
    signatureMethod: SignatureMethod;
    agreementSha256: string;
    /** The customer's steps up to signing; the approval is added later as its own signature. */
    trail: NdaAuditEntry[];
  };
};

const MARGIN: Margins = { left: 56, right: 56, top: 64, bottom: 72 };
const CONTENT_WIDTH = A4.width - MARGIN.left - MARGIN.right;
const INK = rgb(0.11, 0.13, 0.18);
const MUTED = rgb(0.4, 0.43, 0.5);
const BRAND = rgb(0.26, 0.22, 0.79);
const RULE = rgb(0.85, 0.87, 0.9);

const BROWSERS: Array<[RegExp, string]> = [
  [/Edg\/(\d+)/, "Edge"],
  [/Firefox\/(\d+)/, "Firefox"],
  [/Chrom(?:e|ium)\/(\d+)/, "Chrome"],
  [/Version\/(\d+).*Safari/, "Safari"],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/Windows/, "Windows"],
  [/iPhone|iPad/, "iOS"],
  [/Mac OS X/, "macOS"],
  [/Android/, "Android"],
  [/Linux/, "Linux"],
];

/** "Mozilla/5.0 (X11; Linux x86_64) … Chrome/131.0 …" → "Chrome 131 on Linux". */
function browserSummary(fullUserAgent: string | null): string {
  if (!fullUserAgent) return "Unknown browser";
  // Real user agents are under 300 characters; the patterns below never look past 512.
  const userAgent = fullUserAgent.slice(0, 512);
  let browser = "Other browser";
  for (const [pattern, name] of BROWSERS) {
    const version = userAgent.match(pattern)?.[1];
    if (version) {
      browser = `${name} ${version}`;
      break;
    }
  }
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? "another system";
  return `${browser} on ${system}`;
}

type Writer = { flow: PageFlow; fonts: DocumentFonts };

function paragraph(
  w: Writer,
  text: string,
  options: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; gapAfter?: number; indent?: number } = {},
): void {
  const size = options.size ?? 10;
  w.flow.text(text, {
    size,
    leading: size * 1.45,
    color: options.color ?? INK,
    indent: options.indent,
    base: { bold: options.bold },
  });
  w.flow.gap(options.gapAfter ?? 6);
}

function rule(w: Writer, gap = 10): void {
  w.flow.rule({ gap, color: RULE });
}

function header(w: Writer, input: NdaPdfInput): void {
  const { flow, fonts } = w;
  drawRuns(fonts, flow.page, PROVIDER_NAME, { x: MARGIN.left, y: flow.y, size: 13, face: "bold", color: BRAND });
  const label = input.signed ? "Electronically signed" : "Draft for review - not signed";
  drawRuns(fonts, flow.page, label, {
    x: A4.width - MARGIN.right,
    y: flow.y + 2,
    size: 9,
    align: "right",
    color: input.signed ? rgb(0.02, 0.47, 0.34) : rgb(0.75, 0.15, 0.15),
  });
  flow.gap(24);
  paragraph(w, NDA_TITLE, { size: 20, bold: true, gapAfter: 2 });
  paragraph(w, `Version ${NDA_VERSION} · Document ID ${input.documentId}`, { size: 9, color: MUTED, gapAfter: 0 });
  rule(w, 10);
}

function signatureBlock(w: Writer, input: NdaPdfInput, image: PDFImage | null): SignaturePlace {
  const { flow, fonts } = w;
  const boxHeight = 150;
  flow.ensure(boxHeight + 30);
  paragraph(w, "Signatures", { size: 13, bold: true, gapAfter: 8 });
  const top = flow.y;
  const page = flow.page;
  const columnWidth = (CONTENT_WIDTH - 24) / 2;
  const columns = [MARGIN.left, MARGIN.left + columnWidth + 24];
  for (const x of columns) {
    page.drawRectangle({ x, y: top - boxHeight, width: columnWidth, height: boxHeight, borderColor: RULE, borderWidth: 0.75 });
  }
  const line = (
    x: number,
    y: number,
    text: string,
    options: { size?: number; face?: Face; color?: ReturnType<typeof rgb> } = {},
  ) => {
    const size = options.size ?? 8.5;
    const face = options.face ?? "regular";
    const fitted = fitLine(fonts, text, face, size, columnWidth - 20);
    drawRuns(fonts, page, fitted, { x: x + 10, y, size, face, color: options.color ?? INK });
  };

  // The Client
  const [clientX, providerX] = columns as [number, number];
  line(clientX, top - 16, "THE CLIENT", { size: 8, face: "bold", color: MUTED });
  const signatureBase = top - 92;
  if (image) {
    const scale = Math.min((columnWidth - 20) / image.width, 60 / image.height);
    page.drawImage(image, { x: clientX + 10, y: signatureBase + 4, width: image.width * scale, height: image.height * scale });
  }
  page.drawLine({
    start: { x: clientX + 10, y: signatureBase },
    end: { x: clientX + columnWidth - 10, y: signatureBase },
    thickness: 0.75,
    color: MUTED,
  });
  const signed = input.signed;
  line(clientX, signatureBase - 14, signed ? signed.signerName : input.parties.customerName || "Name", { face: "bold" });
  line(clientX, signatureBase - 26, signed ? signed.companyName : input.parties.companyName || "Company");
  line(clientX, signatureBase - 38, signed ? signed.signerEmail : "Email", { color: MUTED });
  line(clientX, signatureBase - 50, signed ? `Signed ${utcTimestamp(signed.signedAt)}` : "Not signed", { color: MUTED });

  // The Provider
  line(providerX, top - 16, "THE PROVIDER", { size: 8, face: "bold", color: MUTED });
  if (signed) {
    line(providerX, signatureBase + 20, "Awaiting company approval", { size: 11, face: "bold", color: rgb(0.7, 0.45, 0.03) });
  }
  page.drawLine({
    start: { x: providerX + 10, y: signatureBase },
    end: { x: providerX + columnWidth - 10, y: signatureBase },
    thickness: 0.75,
    color: MUTED,
  });
  const provider = input.parties.provider ?? null;
  const signatory = ndaProviderSignatory(provider);
  line(providerX, signatureBase - 14, provider?.legalName ?? PROVIDER_NAME, { face: "bold" });
  line(providerX, signatureBase - 26, signatory.title ? `${signatory.name}, ${signatory.title}` : signatory.name);
  line(providerX, signatureBase - 38, "Not approved yet", { color: MUTED });
  flow.y = top - boxHeight - 12;
  return {
    fieldName: "Company approval",
    pageIndex: page.doc.getPages().indexOf(page),
    rect: [providerX, top - boxHeight, providerX + columnWidth, top],
  };
}

/** Colours as content-stream operands (the same as the page's). */
const APPROVED_GREEN = "0.02 0.47 0.34";
const INK_RGB = "0.11 0.13 0.18";
const MUTED_RGB = "0.4 0.43 0.5";
const RULE_RGB = "0.85 0.87 0.9";

/**
 * The Provider's box once approved, drawn by the approval signature over the box of the customer-signed file: the
 * same lines in the same places, with the approver and the time. Helvetica covers what it shows (an admin's email,
 * a time); any other character is drawn as "?".
 */
export function approvalAppearance(
  approval: { approvedAt: Date; approvedBy: string },
  providerName: string = PROVIDER_NAME,
): FieldAppearance {
  return (width, height) => {
    const signatureBase = height - 92;
    const text = (y: number, font: "F1" | "F2", size: number, color: string, value: string) =>
      `BT /${font} ${size} Tf ${color} rg 10 ${y} Td ${pdfText(value)} Tj ET`;
    return [
      `q 1 1 1 rg 0 0 ${width} ${height} re f ${RULE_RGB} RG 0.75 w 0.375 0.375 ${width - 0.75} ${height - 0.75} re S Q`,
      text(height - 16, "F2", 8, MUTED_RGB, "THE PROVIDER"),
      text(signatureBase + 20, "F2", 12, APPROVED_GREEN, "Approved electronically"),
      `q ${MUTED_RGB} RG 0.75 w 10 ${signatureBase} m ${width - 10} ${signatureBase} l S Q`,
      text(signatureBase - 14, "F2", 8.5, INK_RGB, providerName),
      text(signatureBase - 26, "F1", 8.5, INK_RGB, approval.approvedBy),
      text(signatureBase - 38, "F1", 8.5, MUTED_RGB, `Approved ${utcTimestamp(approval.approvedAt)}`),
      text(signatureBase - 52, "F1", 7, MUTED_RGB, "Sealed with a digital signature"),
    ].join("\n");
  };
}

function certificate(w: Writer, input: NdaPdfInput): void {
  const { flow, fonts } = w;
  const signed = input.signed;
  if (!signed) return;
  flow.newPage();
  paragraph(w, "Signing Certificate and Audit Trail", { size: 16, bold: true, gapAfter: 4 });
  paragraph(w, `${NDA_TITLE}, version ${NDA_VERSION}`, { size: 9, color: MUTED, gapAfter: 4 });
  rule(w, 8);
  const facts: Array<[string, string]> = [
    ["Document ID", input.documentId],
    ["Client", `${signed.signerName}, ${signed.companyName}`],
    ["Signer email", signed.signerEmail],
    ["Signature", signed.signatureMethod === "typed" ? "Typed name, rendered as a signature image" : "Drawn by hand"],
    ["Effective date", formatLongDate(input.parties.effectiveDate)],
    ["Status", `Signed by the client. ${PROVIDER_NAME}'s approval is added to this file as a second digital signature.`],
    ["Agreement text SHA-256", signed.agreementSha256],
  ];
  for (const [label, value] of facts) {
    flow.ensure(16);
    drawRuns(fonts, flow.page, label, { x: MARGIN.left, y: flow.y - 11, size: 8.5, face: "bold", color: MUTED });
    flow.gap(2.5);
    flow.text(value, { size: 8.5, leading: 12, indent: 130, color: INK });
    flow.gap(3.5);
  }
  rule(w, 8);
  paragraph(w, "Audit trail", { size: 12, bold: true, gapAfter: 4 });
  for (const entry of signed.trail) {
    flow.ensure(64);
    const top = flow.y;
    flow.page.drawCircle({ x: MARGIN.left + 3, y: top - 8, size: 2.5, color: BRAND });
    drawRuns(fonts, flow.page, entry.label, { x: MARGIN.left + 12, y: top - 11, size: 9.5, face: "bold", color: INK });
    drawRuns(fonts, flow.page, utcTimestamp(entry.at), {
      x: A4.width - MARGIN.right,
      y: top - 11,
      size: 9,
      align: "right",
      color: INK,
    });
    flow.y = top - 16;
    paragraph(w, `Email: ${entry.email} · IP address: ${entry.ip ?? "unknown"}`, { size: 8.5, indent: 12, gapAfter: 0 });
    paragraph(w, `Browser: ${browserSummary(entry.userAgent)}`, { size: 8.5, indent: 12, gapAfter: 0 });
    if (entry.userAgent) paragraph(w, entry.userAgent, { size: 7, indent: 12, color: MUTED, gapAfter: 0 });
    flow.gap(8);
  }
  rule(w, 8);
  paragraph(
    w,
    `This certificate is part of the document. To check that a copy is exactly the document ${PROVIDER_NAME} issued, upload it at ${input.verifyUrl}. Any change to the file, including to this page, makes the check fail.`,
    { size: 8.5, color: MUTED },
  );
}

function footers(w: Writer, input: NdaPdfInput): void {
  w.flow.footer((page, index, count) => {
    const text = `${PROVIDER_NAME} · ${NDA_TITLE} · ${input.documentId} · Page ${index + 1} of ${count}`;
    page.drawLine({
      start: { x: MARGIN.left, y: MARGIN.bottom - 24 },
      end: { x: A4.width - MARGIN.right, y: MARGIN.bottom - 24 },
      thickness: 0.5,
      color: RULE,
    });
    drawRuns(w.fonts, page, text, { x: MARGIN.left, y: MARGIN.bottom - 38, size: 7.5, color: MUTED });
  });
}

/** The PDF, and for a signed NDA where the company's approval signature goes (the Provider's box). */
export async function renderNdaPdf(input: NdaPdfInput): Promise<{ bytes: Uint8Array; approvalPlace: SignaturePlace }> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts = await DocumentFonts.embed(doc);
  const image = input.signed ? await doc.embedPng(input.signed.signaturePng) : null;

  const issuedAt = input.signed?.signedAt ?? new Date(`${input.parties.effectiveDate}T00:00:00Z`);
  doc.setTitle(`${NDA_TITLE} - ${drawable(input.parties.customerName)}`);
  doc.setAuthor(PROVIDER_NAME);
  doc.setSubject(input.signed ? "Signed non-disclosure agreement" : "Draft non-disclosure agreement");
  doc.setCreator(`${PROVIDER_NAME} client portal`);
  doc.setProducer(`${PROVIDER_NAME} client portal (pdf-lib)`);
  doc.setCreationDate(input.signed?.signedAt ?? issuedAt);
  doc.setModificationDate(issuedAt);

  const draft = !input.signed;
  const flow = new PageFlow(doc, fonts, A4, MARGIN, (next) => {
    if (!draft) return;
    next.page.drawText("DRAFT", {
      x: 150,
      y: 250,
      size: 150,
      font: fonts.main("bold"),
      color: rgb(0.93, 0.93, 0.96),
      rotate: degrees(45),
    });
  });
  const w: Writer = { flow, fonts };
  header(w, input);
  paragraph(w, input.agreement?.preamble ?? ndaPreamble(input.parties), { size: 10, gapAfter: 10 });
  for (const section of input.agreement?.sections ?? ndaSections(input.parties.provider ?? null)) {
    flow.ensure(40);
    paragraph(w, section.heading, { size: 10.5, bold: true, gapAfter: 1 });
    paragraph(w, section.body, { size: 9.5, gapAfter: 8 });
  }
  const approvalPlace = signatureBlock(w, input, image);
  certificate(w, input);
  footers(w, input);
  return { bytes: await doc.save(), approvalPlace };
}
