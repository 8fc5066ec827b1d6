// Lays the brief's Markdown out as an A4 PDF: title block, numbered sections, lists, running header and footer,
// drawn with the shared document toolkit. Fetches nothing; the same input always gives the same bytes.
import { PDFDocument, rgb } from "pdf-lib";
import { readAuthor } from "../../../../shared/domain/brief-author";
import { formatUtcDay } from "../../../../shared/domain/dates";
import { PROVIDER_NAME } from "../../../../shared/domain/nda-agreement";
import { parseMarkdown } from "../../../../shared/text/markdown";
import { DocumentFonts, drawable } from "../../../documents/fonts";
import { A4, drawRuns, fitLine, MUTED, PageFlow, RULE_COLOR } from "../../../documents/layout";
import { drawMarkdown } from "../../../documents/markdown-pdf";

export type BriefPdfInput = {
  markdown: string;
  projectCode: string;
  clientName: string | null;
  title: string;
  confirmedAt: Date | null;
  /** Who wrote the text (requirements.brief_generated_by: the composer, an AI model, the client; "+edited"). */
  writtenBy: string | null;
  /** When the brief text last changed: the document's date (keeps the bytes stable between downloads). */
  updatedAt: Date;
};

const MARGIN = { left: 56, right: 56, top: 58, bottom: 44 };
const BRAND = rgb(0.19, 0.18, 0.51);
const ACCENT = rgb(0.26, 0.22, 0.79);

/** The brief is a two-page document: a longer text is set a little tighter (down to 86 %) before it runs over. */
export const BRIEF_TARGET_PAGES = 2;
const FIT_SCALES = [1, 0.95, 0.9, 0.86];

/** "Written from the client's answers by Blueprint's brief composer, edited by the client". */
function writtenBy(author: string | null): string {
  if (!author) return "Written by the client";
  const { kind, model, edited } = readAuthor(author);
  const source =
    kind === "builtin"
      ? `Written from the client's answers by ${PROVIDER_NAME}'s brief composer`
      : kind === "ai"
        ? `Written from the client's answers by the AI model ${model}`
        : "Written by the client";
  return edited && kind !== "customer" ? `${source}, edited by the client` : source;
}

export async function renderBriefPdf(input: BriefPdfInput): Promise<Uint8Array> {
  let doc = await layOut(input, 1);
  // A brief twice the target length cannot be set tight enough to fit: it keeps the normal size (one layout, not four).
  if (doc.getPageCount() > 2 * BRIEF_TARGET_PAGES) return doc.save();
  for (const scale of FIT_SCALES.slice(1)) {
    if (doc.getPageCount() <= BRIEF_TARGET_PAGES) break;
    doc = await layOut(input, scale);
  }
  return doc.save();
}

async function layOut(input: BriefPdfInput, scale: number): Promise<PDFDocument> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts = await DocumentFonts.embed(doc);
  const title = drawable(input.title);
  doc.setTitle(`${title} — prototype brief`);
  doc.setSubject(`Prototype brief ${input.projectCode}`);
  // The text is the client's (written or edited and confirmed by them): the file names them as its author.
  doc.setAuthor(input.clientName ?? "The client");
  doc.setCreator("Blueprint client portal");
  doc.setProducer("Blueprint client portal (pdf-lib)");
  doc.setCreationDate(input.updatedAt);
  doc.setModificationDate(input.confirmedAt ?? input.updatedAt);

  const flow = new PageFlow(doc, fonts, A4, MARGIN);
  await drawMarkdown(flow, parseMarkdown(input.markdown), {
    scale,
    headingColor: BRAND,
    accent: ACCENT,
    afterSubtitle: (at) => {
      at.gap(4);
      // Who wrote it and who confirmed it: the first page's badge says both; the footer says whose scope it is.
      const status = fitLine(
        fonts,
        input.confirmedAt
          ? `${writtenBy(input.writtenBy)}; confirmed by the client on ${formatUtcDay(input.confirmedAt)} as the agreed scope`
          : `Draft: ${writtenBy(input.writtenBy).toLowerCase()}; not yet confirmed by the client`,
        "bold",
        8.5,
        A4.width - MARGIN.left - MARGIN.right - 16,
      );
      const width = fonts.width(status, "bold", 8.5) + 16;
      at.page.drawRectangle({
        x: MARGIN.left,
        y: at.y - 15,
        width,
        height: 17,
        color: input.confirmedAt ? rgb(0.86, 0.96, 0.91) : rgb(1, 0.95, 0.82),
      });
      drawRuns(fonts, at.page, status, {
        x: MARGIN.left + 8,
        y: at.y - 10.5,
        size: 8.5,
        face: "bold",
        color: input.confirmedAt ? rgb(0.02, 0.4, 0.27) : rgb(0.55, 0.33, 0),
      });
      at.gap(22);
    },
  });

  // Every page says whose words these are, first (a long client name is what gets cut, never this).
  // Whose it is and that it is the agreed scope come first (a long client name is what gets cut).
  const confirmed = input.confirmedAt
    ? `Confirmed by the client on ${formatUtcDay(input.confirmedAt)} as the agreed scope`
    : "The client's draft brief, not yet confirmed";
  const clientLine = `${confirmed}${input.clientName ? ` · ${input.clientName}` : ""}`;
  flow.footer((page, index, count) => {
    const headerY = A4.height - 36;
    const brandWidth = drawRuns(fonts, page, "BLUEPRINT", { x: MARGIN.left, y: headerY, size: 8.5, face: "bold", color: ACCENT });
    drawRuns(fonts, page, "  ·  PROTOTYPE BRIEF", { x: MARGIN.left + brandWidth, y: headerY, size: 8.5, color: MUTED });
    const right = `${input.projectCode}${input.confirmedAt ? "" : "  ·  DRAFT"}`;
    drawRuns(fonts, page, right, { x: A4.width - MARGIN.right, y: headerY, size: 8.5, color: MUTED, align: "right" });
    page.drawLine({
      start: { x: MARGIN.left, y: headerY - 8 },
      end: { x: A4.width - MARGIN.right, y: headerY - 8 },
      thickness: 0.6,
      color: RULE_COLOR,
    });
    flow.drawFootLine(page, fitLine(fonts, clientLine, "regular", 8, A4.width - MARGIN.left - MARGIN.right - 90), {
      index,
      count,
    });
  });
  return doc;
}
