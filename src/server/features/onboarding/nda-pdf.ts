// Draws the NDA as a PDF with pdf-lib: the agreement, the signature block with the signer's image, and (when
// signed) a signing certificate with the audit trail. Every typed value is drawn as text in an embedded
// Unicode font, never interpreted. The same inputs give the same bytes, so a file's SHA-256 identifies it.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import fontkit from "@pdf-lib/fontkit";
import { degrees, PDFDocument, type PDFFont, type PDFImage, type PDFPage, rgb } from "pdf-lib";
import { formatLongDate } from "../../../shared/domain/dates";
import {
  NDA_TITLE,
  NDA_VERSION,
  type NdaParties,
  ndaPreamble,
  ndaSections,
  PROVIDER_NAME,
} from "../../../shared/domain/nda-agreement";
import type { SignatureMethod } from "../../../shared/schemas/nda";
import type { NdaAuditEntry } from "./nda-audit";
import { woffToSfnt } from "./woff";

export type NdaPdfInput = {
  documentId: string;
  parties: NdaParties;
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
    approval: { approvedAt: Date; approvedBy: string } | null;
    trail: NdaAuditEntry[];
  };
};

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = { left: 56, right: 56, top: 64, bottom: 72 };
const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
const INK = rgb(0.11, 0.13, 0.18);
const MUTED = rgb(0.4, 0.43, 0.5);
const BRAND = rgb(0.26, 0.22, 0.79);
const RULE = rgb(0.85, 0.87, 0.9);

const require = createRequire(import.meta.url);
let fontFiles: { regular: Uint8Array; bold: Uint8Array } | null = null;

/** DejaVu Sans covers Latin, Greek and Cyrillic; other scripts draw as empty boxes, never as markup. */
function loadFontFiles() {
  const load = (file: string) => woffToSfnt(readFileSync(require.resolve(`@fontsource/dejavu-sans/files/${file}`)));
  fontFiles ??= {
    regular: load("dejavu-sans-latin-400-normal.woff"),
    bold: load("dejavu-sans-latin-700-normal.woff"),
  };
  return fontFiles;
}

/** Control characters would only confuse the layout; they become spaces. */
function clean(text: string): string {
  return text.replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, " ");
}

export function formatUtc(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace("T", " ")} UTC`;
}

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
export function browserSummary(userAgent: string | null): string {
  if (!userAgent) return "Unknown browser";
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

/** Splits text into lines that fit the width; words longer than a line are broken. Each word is measured once. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const measure = (value: string) => font.widthOfTextAtSize(value, size);
  const space = measure(" ");
  const lines: string[] = [];
  for (const paragraph of clean(text).split("\n")) {
    let line = "";
    let lineWidth = 0;
    for (const word of paragraph.split(/ +/).filter(Boolean)) {
      const wordWidth = measure(word);
      if (line && lineWidth + space + wordWidth <= width) {
        line = `${line} ${word}`;
        lineWidth += space + wordWidth;
        continue;
      }
      if (line) lines.push(line);
      let rest = word;
      let restWidth = wordWidth;
      while (restWidth > width) {
        let cut = Math.max(1, Math.floor((rest.length * width) / restWidth));
        while (cut > 1 && measure(rest.slice(0, cut)) > width) cut--;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
        restWidth = measure(rest);
      }
      line = rest;
      lineWidth = restWidth;
    }
    lines.push(line);
  }
  return lines;
}

type Writer = {
  doc: PDFDocument;
  page: PDFPage;
  y: number;
  regular: PDFFont;
  bold: PDFFont;
  draft: boolean;
};

function addPage(w: Writer): void {
  w.page = w.doc.addPage([PAGE.width, PAGE.height]);
  w.y = PAGE.height - MARGIN.top;
  if (w.draft) {
    w.page.drawText("DRAFT", {
      x: 150,
      y: 250,
      size: 150,
      font: w.bold,
      color: rgb(0.93, 0.93, 0.96),
      rotate: degrees(45),
    });
  }
}

function ensureSpace(w: Writer, height: number): void {
  if (w.y - height < MARGIN.bottom) addPage(w);
}

function paragraph(
  w: Writer,
  text: string,
  options: { size?: number; font?: PDFFont; color?: ReturnType<typeof rgb>; gapAfter?: number; indent?: number } = {},
): void {
  const size = options.size ?? 10;
  const font = options.font ?? w.regular;
  const indent = options.indent ?? 0;
  const lineHeight = size * 1.45;
  for (const line of wrapText(text, font, size, CONTENT_WIDTH - indent)) {
    ensureSpace(w, lineHeight);
    w.y -= lineHeight;
    w.page.drawText(line, { x: MARGIN.left + indent, y: w.y + size * 0.3, size, font, color: options.color ?? INK });
  }
  w.y -= options.gapAfter ?? 6;
}

function rule(w: Writer, gap = 10): void {
  ensureSpace(w, gap * 2);
  w.y -= gap;
  w.page.drawLine({
    start: { x: MARGIN.left, y: w.y },
    end: { x: PAGE.width - MARGIN.right, y: w.y },
    thickness: 0.75,
    color: RULE,
  });
  w.y -= gap;
}

function header(w: Writer, input: NdaPdfInput): void {
  w.page.drawText(PROVIDER_NAME, { x: MARGIN.left, y: w.y, size: 13, font: w.bold, color: BRAND });
  const label = input.signed ? "Electronically signed" : "Draft for review - not signed";
  const labelWidth = w.regular.widthOfTextAtSize(label, 9);
  w.page.drawText(label, {
    x: PAGE.width - MARGIN.right - labelWidth,
    y: w.y + 2,
    size: 9,
    font: w.regular,
    color: input.signed ? rgb(0.02, 0.47, 0.34) : rgb(0.75, 0.15, 0.15),
  });
  w.y -= 30;
  paragraph(w, NDA_TITLE, { size: 20, font: w.bold, gapAfter: 2 });
  paragraph(w, `Version ${NDA_VERSION} · Document ID ${input.documentId}`, { size: 9, color: MUTED, gapAfter: 0 });
  rule(w, 10);
}

function signatureBlock(w: Writer, input: NdaPdfInput, image: PDFImage | null): void {
  const boxHeight = 150;
  ensureSpace(w, boxHeight + 30);
  paragraph(w, "Signatures", { size: 13, font: w.bold, gapAfter: 8 });
  const top = w.y;
  const columnWidth = (CONTENT_WIDTH - 24) / 2;
  const columns = [MARGIN.left, MARGIN.left + columnWidth + 24];
  for (const x of columns) {
    w.page.drawRectangle({
      x,
      y: top - boxHeight,
      width: columnWidth,
      height: boxHeight,
      borderColor: RULE,
      borderWidth: 0.75,
    });
  }
  const line = (
    x: number,
    y: number,
    text: string,
    options: { size?: number; font?: PDFFont; color?: ReturnType<typeof rgb> } = {},
  ) => {
    const size = options.size ?? 8.5;
    const font = options.font ?? w.regular;
    const fitted = wrapText(text, font, size, columnWidth - 20)[0] ?? "";
    w.page.drawText(fitted, { x: x + 10, y, size, font, color: options.color ?? INK });
  };

  // The Client
  const [clientX, providerX] = columns as [number, number];
  line(clientX, top - 16, "THE CLIENT", { size: 8, font: w.bold, color: MUTED });
  const signatureBase = top - 92;
  if (image) {
    const scale = Math.min((columnWidth - 20) / image.width, 60 / image.height);
    w.page.drawImage(image, { x: clientX + 10, y: signatureBase + 4, width: image.width * scale, height: image.height * scale });
  }
  w.page.drawLine({
    start: { x: clientX + 10, y: signatureBase },
    end: { x: clientX + columnWidth - 10, y: signatureBase },
    thickness: 0.75,
    color: MUTED,
  });
  const signed = input.signed;
  line(clientX, signatureBase - 14, signed ? signed.signerName : input.parties.customerName || "Name", { font: w.bold });
  line(clientX, signatureBase - 26, signed ? signed.companyName : input.parties.companyName || "Company");
  line(clientX, signatureBase - 38, signed ? signed.signerEmail : "Email", { color: MUTED });
  line(clientX, signatureBase - 50, signed ? `Signed ${formatUtc(signed.signedAt)}` : "Not signed", { color: MUTED });

  // The Provider
  line(providerX, top - 16, "THE PROVIDER", { size: 8, font: w.bold, color: MUTED });
  const approval = signed?.approval ?? null;
  if (approval) {
    line(providerX, signatureBase + 20, "Approved electronically", { size: 12, font: w.bold, color: rgb(0.02, 0.47, 0.34) });
  } else if (signed) {
    line(providerX, signatureBase + 20, "Awaiting company approval", { size: 11, font: w.bold, color: rgb(0.7, 0.45, 0.03) });
  }
  w.page.drawLine({
    start: { x: providerX + 10, y: signatureBase },
    end: { x: providerX + columnWidth - 10, y: signatureBase },
    thickness: 0.75,
    color: MUTED,
  });
  line(providerX, signatureBase - 14, PROVIDER_NAME, { font: w.bold });
  line(providerX, signatureBase - 26, approval ? approval.approvedBy : "Company administrator");
  line(providerX, signatureBase - 38, approval ? `Approved ${formatUtc(approval.approvedAt)}` : "Not approved yet", {
    color: MUTED,
  });
  w.y = top - boxHeight - 12;
}

function certificate(w: Writer, input: NdaPdfInput): void {
  const signed = input.signed;
  if (!signed) return;
  addPage(w);
  paragraph(w, "Signing Certificate and Audit Trail", { size: 16, font: w.bold, gapAfter: 4 });
  paragraph(w, `${NDA_TITLE}, version ${NDA_VERSION}`, { size: 9, color: MUTED, gapAfter: 4 });
  rule(w, 8);
  const facts: Array<[string, string]> = [
    ["Document ID", input.documentId],
    ["Client", `${signed.signerName}, ${signed.companyName}`],
    ["Signer email", signed.signerEmail],
    ["Signature", signed.signatureMethod === "typed" ? "Typed name, rendered as a signature image" : "Drawn by hand"],
    ["Effective date", formatLongDate(input.parties.effectiveDate)],
    [
      "Status",
      signed.approval
        ? `Signed by the client and approved by ${PROVIDER_NAME}`
        : `Signed by the client, awaiting approval by ${PROVIDER_NAME}`,
    ],
    ["Agreement text SHA-256", signed.agreementSha256],
  ];
  for (const [label, value] of facts) {
    ensureSpace(w, 16);
    const top = w.y;
    w.page.drawText(label, { x: MARGIN.left, y: top - 11, size: 8.5, font: w.bold, color: MUTED });
    const lines = wrapText(value, w.regular, 8.5, CONTENT_WIDTH - 130);
    lines.forEach((text, index) => {
      w.page.drawText(text, { x: MARGIN.left + 130, y: top - 11 - index * 12, size: 8.5, font: w.regular, color: INK });
    });
    w.y = top - 6 - lines.length * 12;
  }
  rule(w, 8);
  paragraph(w, "Audit trail", { size: 12, font: w.bold, gapAfter: 4 });
  for (const entry of signed.trail) {
    ensureSpace(w, 64);
    const top = w.y;
    w.page.drawCircle({ x: MARGIN.left + 3, y: top - 8, size: 2.5, color: BRAND });
    w.page.drawText(entry.label, { x: MARGIN.left + 12, y: top - 11, size: 9.5, font: w.bold, color: INK });
    const time = formatUtc(entry.at);
    w.page.drawText(time, {
      x: PAGE.width - MARGIN.right - w.regular.widthOfTextAtSize(time, 9),
      y: top - 11,
      size: 9,
      font: w.regular,
      color: INK,
    });
    w.y = top - 16;
    paragraph(w, `Email: ${entry.email} · IP address: ${entry.ip ?? "unknown"}`, { size: 8.5, indent: 12, gapAfter: 0 });
    paragraph(w, `Browser: ${browserSummary(entry.userAgent)}`, { size: 8.5, indent: 12, gapAfter: 0 });
    if (entry.userAgent) paragraph(w, entry.userAgent, { size: 7, indent: 12, color: MUTED, gapAfter: 0 });
    w.y -= 8;
  }
  rule(w, 8);
  paragraph(
    w,
    `This certificate is part of the document. To check that a copy is exactly the document ${PROVIDER_NAME} issued, upload it at ${input.verifyUrl}. Any change to the file, including to this page, makes the check fail.`,
    { size: 8.5, color: MUTED },
  );
}

function footers(w: Writer, input: NdaPdfInput): void {
  const pages = w.doc.getPages();
  pages.forEach((page, index) => {
    const text = `${PROVIDER_NAME} · ${NDA_TITLE} · ${input.documentId} · Page ${index + 1} of ${pages.length}`;
    page.drawLine({
      start: { x: MARGIN.left, y: MARGIN.bottom - 24 },
      end: { x: PAGE.width - MARGIN.right, y: MARGIN.bottom - 24 },
      thickness: 0.5,
      color: RULE,
    });
    page.drawText(text, { x: MARGIN.left, y: MARGIN.bottom - 38, size: 7.5, font: w.regular, color: MUTED });
  });
}

export async function renderNdaPdf(input: NdaPdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(fontkit);
  const files = loadFontFiles();
  const regular = await doc.embedFont(files.regular, { subset: true });
  const bold = await doc.embedFont(files.bold, { subset: true });
  const image = input.signed ? await doc.embedPng(input.signed.signaturePng) : null;

  const issuedAt =
    input.signed?.approval?.approvedAt ?? input.signed?.signedAt ?? new Date(`${input.parties.effectiveDate}T00:00:00Z`);
  doc.setTitle(`${NDA_TITLE} - ${clean(input.parties.customerName)}`);
  doc.setAuthor(PROVIDER_NAME);
  doc.setSubject(input.signed ? "Signed non-disclosure agreement" : "Draft non-disclosure agreement");
  doc.setCreator(`${PROVIDER_NAME} client portal`);
  doc.setProducer(`${PROVIDER_NAME} client portal (pdf-lib)`);
  doc.setCreationDate(input.signed?.signedAt ?? issuedAt);
  doc.setModificationDate(issuedAt);

  const w: Writer = { doc, page: undefined as unknown as PDFPage, y: 0, regular, bold, draft: !input.signed };
  addPage(w);
  header(w, input);
  paragraph(w, ndaPreamble(input.parties), { size: 10, gapAfter: 10 });
  for (const section of ndaSections()) {
    ensureSpace(w, 40);
    paragraph(w, section.heading, { size: 10.5, font: bold, gapAfter: 1 });
    paragraph(w, section.body, { size: 9.5, gapAfter: 8 });
  }
  signatureBlock(w, input, image);
  certificate(w, input);
  footers(w, input);
  return doc.save();
}
