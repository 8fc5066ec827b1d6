// Lays the brief's Markdown out as an A4 PDF with pdf-lib: title block, numbered sections, lists, running header
// and footer. Pure JavaScript, fetches nothing; the same input always gives the same bytes.
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { type Block, parseMarkdown, type Span } from "../../../../shared/text/markdown";

export type BriefPdfInput = {
  markdown: string;
  projectCode: string;
  clientName: string | null;
  title: string;
  confirmedAt: Date | null;
  /** When the brief text last changed: the document's date (keeps the bytes stable between downloads). */
  updatedAt: Date;
};

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = { left: 56, right: 56, top: 58, bottom: 44 };
const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
const COLORS = {
  ink: rgb(0.12, 0.14, 0.2),
  muted: rgb(0.4, 0.43, 0.5),
  brand: rgb(0.19, 0.18, 0.51),
  accent: rgb(0.26, 0.22, 0.79),
  rule: rgb(0.85, 0.87, 0.91),
  quote: rgb(0.93, 0.95, 1),
};
const BASE_BODY_SIZE = 9.5;
const BASE_BODY_LEADING = 13;

// Characters the standard PDF fonts can show (Windows-1252); anything else is transliterated.
const CP1252_EXTRA = "€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ";
const REPLACEMENTS: Record<string, string> = {
  "→": "->",
  "←": "<-",
  "⇒": "=>",
  "≥": ">=",
  "≤": "<=",
  "≠": "!=",
  "✓": "v",
  "✔": "v",
  "✗": "x",
  "★": "*",
  "‑": "-",
  "−": "-",
  "\u00a0": " ",
  "\u2009": " ",
  "\u202f": " ",
  "\t": "    ",
};

export function toWinAnsi(text: string): string {
  let out = "";
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa1 && code <= 0xff) || CP1252_EXTRA.includes(ch)) out += ch;
    else if (REPLACEMENTS[ch] !== undefined) out += REPLACEMENTS[ch];
    else {
      const stripped = ch.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
      out +=
        [...stripped].every((c) => (c.codePointAt(0) ?? 0) >= 0x20 && (c.codePointAt(0) ?? 0) <= 0x7e) && stripped
          ? stripped
          : "?";
    }
  }
  return out;
}

type Fonts = { regular: PDFFont; bold: PDFFont; italic: PDFFont; boldItalic: PDFFont; mono: PDFFont };

function fontFor(fonts: Fonts, span: Omit<Span, "text">): PDFFont {
  if (span.code) return fonts.mono;
  if (span.bold && span.italic) return fonts.boldItalic;
  if (span.bold) return fonts.bold;
  if (span.italic) return fonts.italic;
  return fonts.regular;
}

type Word = { text: string; font: PDFFont; width: number; spaceBefore: boolean };
type Line = { words: Word[]; width: number };

/** Greedy line breaking over styled spans; a word longer than the line is split. */
function wrapSpans(spans: Span[], fonts: Fonts, size: number, maxWidth: number, base: Omit<Span, "text"> = {}): Line[] {
  const words: Word[] = [];
  let pendingSpace = false;
  for (const span of spans) {
    const font = fontFor(fonts, { ...base, ...span, bold: span.bold || base.bold, italic: span.italic || base.italic });
    for (const part of toWinAnsi(span.text).split(/(\s+)/)) {
      if (!part) continue;
      if (/^\s+$/.test(part)) {
        pendingSpace = true;
        continue;
      }
      words.push({ text: part, font, width: font.widthOfTextAtSize(part, size), spaceBefore: words.length > 0 && pendingSpace });
      pendingSpace = false;
    }
  }
  const spaceWidth = fonts.regular.widthOfTextAtSize(" ", size);
  const lines: Line[] = [];
  let current: Line = { words: [], width: 0 };
  for (const word of words) {
    let pieces = [word];
    if (word.width > maxWidth) {
      pieces = [];
      let chunk = "";
      for (const ch of word.text) {
        if (word.font.widthOfTextAtSize(chunk + ch, size) > maxWidth && chunk) {
          pieces.push({ ...word, text: chunk, width: word.font.widthOfTextAtSize(chunk, size) });
          chunk = "";
        }
        chunk += ch;
      }
      pieces.push({ ...word, text: chunk, width: word.font.widthOfTextAtSize(chunk, size) });
    }
    for (const piece of pieces) {
      const gap = current.words.length && piece.spaceBefore ? spaceWidth : 0;
      if (current.words.length && current.width + gap + piece.width > maxWidth) {
        lines.push(current);
        current = { words: [{ ...piece, spaceBefore: false }], width: piece.width };
      } else {
        current.words.push(piece);
        current.width += gap + piece.width;
      }
    }
  }
  if (current.words.length) lines.push(current);
  return lines;
}

type Cursor = { page: PDFPage; y: number };

/** The brief is a two-page document: a longer text is set a little tighter (down to 86 %) before it runs over. */
export const BRIEF_TARGET_PAGES = 2;
const FIT_SCALES = [1, 0.95, 0.9, 0.86];

export async function renderBriefPdf(input: BriefPdfInput): Promise<Uint8Array> {
  for (const scale of FIT_SCALES) {
    const doc = await layOut(input, scale);
    if (doc.getPageCount() <= BRIEF_TARGET_PAGES || scale === FIT_SCALES[FIT_SCALES.length - 1]) return doc.save();
  }
  throw new Error("unreachable: the last scale always returns");
}

async function layOut(input: BriefPdfInput, scale: number): Promise<PDFDocument> {
  const BODY_SIZE = BASE_BODY_SIZE * scale;
  const BODY_LEADING = BASE_BODY_LEADING * scale;
  const v = (points: number) => points * scale;
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    italic: await doc.embedFont(StandardFonts.HelveticaOblique),
    boldItalic: await doc.embedFont(StandardFonts.HelveticaBoldOblique),
    mono: await doc.embedFont(StandardFonts.Courier),
  };
  const title = toWinAnsi(input.title);
  doc.setTitle(`${title} — prototype brief`);
  doc.setSubject(`Prototype brief ${input.projectCode}`);
  doc.setAuthor("Blueprint");
  doc.setCreator("Blueprint client portal");
  doc.setProducer("Blueprint client portal (pdf-lib)");
  doc.setCreationDate(input.updatedAt);
  doc.setModificationDate(input.confirmedAt ?? input.updatedAt);

  const newPage = (): Cursor => ({ page: doc.addPage([PAGE.width, PAGE.height]), y: PAGE.height - MARGIN.top });
  let cursor = newPage();
  const ensure = (height: number) => {
    if (cursor.y - height < MARGIN.bottom) cursor = newPage();
  };

  const drawLines = (lines: Line[], opts: { x: number; size: number; leading: number; color: ReturnType<typeof rgb> }) => {
    const spaceWidth = fonts.regular.widthOfTextAtSize(" ", opts.size);
    for (const line of lines) {
      ensure(opts.leading);
      let x = opts.x;
      for (const [i, word] of line.words.entries()) {
        if (i > 0 && word.spaceBefore) x += spaceWidth;
        cursor.page.drawText(word.text, { x, y: cursor.y - opts.size, size: opts.size, font: word.font, color: opts.color });
        x += word.width;
      }
      cursor.y -= opts.leading;
    }
  };

  const blocks = parseMarkdown(input.markdown);
  let first = true;
  let previous: Block | null = null;
  for (const block of blocks) {
    switch (block.type) {
      case "heading": {
        if (block.level === 1) {
          const lines = wrapSpans(block.spans, fonts, v(22), CONTENT_WIDTH, { bold: true });
          ensure(v(40));
          if (!first) cursor.y -= v(10);
          drawLines(lines, { x: MARGIN.left, size: v(22), leading: v(27), color: COLORS.brand });
          cursor.y -= v(2);
        } else {
          const size = v(block.level === 2 ? 12 : 10.5);
          const lines = wrapSpans(block.spans, fonts, size, CONTENT_WIDTH, { bold: true });
          cursor.y -= v(block.level === 2 ? 9 : 5);
          ensure(size + v(4) + 2 * BODY_LEADING);
          drawLines(lines, { x: MARGIN.left, size, leading: size + v(4), color: block.level === 2 ? COLORS.brand : COLORS.ink });
          if (block.level === 2) {
            cursor.page.drawLine({
              start: { x: MARGIN.left, y: cursor.y + 1 },
              end: { x: MARGIN.left + CONTENT_WIDTH, y: cursor.y + 1 },
              thickness: 0.6,
              color: COLORS.rule,
            });
          }
          cursor.y -= v(4);
        }
        break;
      }
      case "paragraph": {
        const isMeta = previous?.type === "heading" && previous.level === 1 && block.spans.every((s) => s.italic);
        const size = isMeta ? v(9.5) : BODY_SIZE;
        const lines = wrapSpans(block.spans, fonts, size, CONTENT_WIDTH);
        ensure(Math.min(lines.length, 2) * BODY_LEADING);
        drawLines(lines, { x: MARGIN.left, size, leading: BODY_LEADING, color: isMeta ? COLORS.muted : COLORS.ink });
        if (isMeta) {
          cursor.y -= 4;
          const status = input.confirmedAt
            ? `Confirmed by the client on ${formatDate(input.confirmedAt)}`
            : "Draft — not yet confirmed by the client";
          const width = fonts.bold.widthOfTextAtSize(status, 8.5) + 16;
          cursor.page.drawRectangle({
            x: MARGIN.left,
            y: cursor.y - 15,
            width,
            height: 17,
            color: input.confirmedAt ? rgb(0.86, 0.96, 0.91) : rgb(1, 0.95, 0.82),
          });
          cursor.page.drawText(status, {
            x: MARGIN.left + 8,
            y: cursor.y - 10.5,
            size: 8.5,
            font: fonts.bold,
            color: input.confirmedAt ? rgb(0.02, 0.4, 0.27) : rgb(0.55, 0.33, 0),
          });
          cursor.y -= 22;
        }
        cursor.y -= v(4);
        break;
      }
      case "list": {
        let number = block.start;
        for (const item of block.items) {
          const indent = item.level === 1 ? 18 : 0;
          const marker = block.ordered && item.level === 0 ? `${number++}.` : item.level === 1 ? "–" : "•";
          const textX = MARGIN.left + indent + 16;
          const lines = wrapSpans(item.spans, fonts, BODY_SIZE, CONTENT_WIDTH - indent - 16);
          ensure(BODY_LEADING);
          const markerFont = block.ordered ? fonts.bold : fonts.regular;
          const markerWidth = markerFont.widthOfTextAtSize(marker, BODY_SIZE);
          cursor.page.drawText(marker, {
            x: block.ordered ? textX - 5 - markerWidth : MARGIN.left + indent + 3,
            y: cursor.y - BODY_SIZE,
            size: BODY_SIZE,
            font: markerFont,
            color: COLORS.accent,
          });
          drawLines(lines, { x: textX, size: BODY_SIZE, leading: BODY_LEADING, color: COLORS.ink });
          cursor.y -= v(1.5);
        }
        cursor.y -= v(3);
        break;
      }
      case "quote": {
        const lines = wrapSpans(block.spans, fonts, BODY_SIZE, CONTENT_WIDTH - 20, { italic: true });
        const height = lines.length * BODY_LEADING + v(8);
        ensure(height);
        cursor.page.drawRectangle({ x: MARGIN.left, y: cursor.y - height, width: CONTENT_WIDTH, height, color: COLORS.quote });
        cursor.page.drawRectangle({ x: MARGIN.left, y: cursor.y - height, width: 2.5, height, color: COLORS.accent });
        cursor.y -= v(4);
        drawLines(lines, { x: MARGIN.left + 12, size: BODY_SIZE, leading: BODY_LEADING, color: COLORS.ink });
        cursor.y -= v(10);
        break;
      }
      case "code": {
        for (const raw of block.text.split("\n")) {
          const lines = wrapSpans([{ text: raw || " ", code: true }], fonts, 8.5, CONTENT_WIDTH - 12);
          drawLines(lines, { x: MARGIN.left + 6, size: 8.5, leading: 11.5, color: COLORS.ink });
        }
        cursor.y -= 6;
        break;
      }
      case "rule": {
        ensure(12);
        cursor.page.drawLine({
          start: { x: MARGIN.left, y: cursor.y - 5 },
          end: { x: MARGIN.left + CONTENT_WIDTH, y: cursor.y - 5 },
          thickness: 0.6,
          color: COLORS.rule,
        });
        cursor.y -= 12;
        break;
      }
    }
    first = false;
    previous = block;
  }

  const pages = doc.getPages();
  const clientLine = toWinAnsi(input.clientName ? `Confidential — prepared for ${input.clientName}` : "Confidential");
  for (const [index, page] of pages.entries()) {
    const headerY = PAGE.height - 36;
    page.drawText("BLUEPRINT", { x: MARGIN.left, y: headerY, size: 8.5, font: fonts.bold, color: COLORS.accent });
    page.drawText("  ·  PROTOTYPE BRIEF", {
      x: MARGIN.left + fonts.bold.widthOfTextAtSize("BLUEPRINT", 8.5),
      y: headerY,
      size: 8.5,
      font: fonts.regular,
      color: COLORS.muted,
    });
    const right = `${input.projectCode}${input.confirmedAt ? "" : "  ·  DRAFT"}`;
    page.drawText(right, {
      x: PAGE.width - MARGIN.right - fonts.regular.widthOfTextAtSize(right, 8.5),
      y: headerY,
      size: 8.5,
      font: fonts.regular,
      color: COLORS.muted,
    });
    page.drawLine({
      start: { x: MARGIN.left, y: headerY - 8 },
      end: { x: PAGE.width - MARGIN.right, y: headerY - 8 },
      thickness: 0.6,
      color: COLORS.rule,
    });
    const footer = `Page ${index + 1} of ${pages.length}`;
    page.drawText(clientLine, { x: MARGIN.left, y: 30, size: 8, font: fonts.regular, color: COLORS.muted });
    page.drawText(footer, {
      x: PAGE.width - MARGIN.right - fonts.regular.widthOfTextAtSize(footer, 8),
      y: 30,
      size: 8,
      font: fonts.regular,
      color: COLORS.muted,
    });
  }
  return doc;
}

function formatDate(date: Date): string {
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(date);
}
