// The page flow every PDF shares: a cursor that moves down the page, styled text wrapped to a width (in as many
// fonts as the characters need), headings, paragraphs, lists, rules, page breaks and a footer on every page.
import { type Color, type PDFDocument, type PDFPage, rgb } from "pdf-lib";
import type { DocumentFonts, Face } from "./fonts";

export type TextSpan = { text: string; bold?: boolean; italic?: boolean; code?: boolean };
type Box = { width: number; height: number };
export type Margins = { left: number; right: number; top: number; bottom: number };

export const A4: Box = { width: 595.28, height: 841.89 };
export const INK = rgb(0.12, 0.14, 0.2);
export const MUTED = rgb(0.4, 0.43, 0.5);
export const RULE_COLOR = rgb(0.85, 0.87, 0.91);
/** Inline code has no monospaced face in the bundled fonts: it is set in this colour instead. */
const CODE_COLOR = rgb(0.55, 0.16, 0.36);

export function faceOf(span: { bold?: boolean; italic?: boolean }): Face {
  if (span.bold && span.italic) return "boldItalic";
  if (span.bold) return "bold";
  if (span.italic) return "italic";
  return "regular";
}

type Piece = { text: string; font: ReturnType<DocumentFonts["main"]>; width: number; color?: Color };
/** `space` is the width of a space in the word's first font: the gap drawn before it when `spaceBefore`. */
type Word = { pieces: Piece[]; width: number; spaceBefore: boolean; space: number };
export type Line = { words: Word[]; width: number };

function widthOf(pieces: Piece[]): number {
  return pieces.reduce((sum, piece) => sum + piece.width, 0);
}

/**
 * Greedy line breaking over styled spans. Each character is measured once (widths are cached per font), so the
 * cost is linear in the text; a word wider than the line is cut where it reaches the edge.
 */
export function wrapSpans(
  fonts: DocumentFonts,
  spans: TextSpan[],
  size: number,
  maxWidth: number,
  base: Omit<TextSpan, "text"> = {},
): Line[] {
  const words: Word[] = [];
  let pendingSpace = false;
  let open: Word | null = null;
  for (const span of spans) {
    const face = faceOf({ bold: span.bold || base.bold, italic: span.italic || base.italic });
    const color = span.code || base.code ? CODE_COLOR : undefined;
    for (const part of span.text.split(/(\s+)/)) {
      if (!part) continue;
      if (/^\s/.test(part)) {
        pendingSpace = true;
        open = null;
        continue;
      }
      const pieces = fonts.runs(part, face, size).map((run) => ({ ...run, color }));
      // A style change inside a word ("**bold**ness") continues the same word.
      if (open && !pendingSpace) {
        open.pieces.push(...pieces);
        open.width += widthOf(pieces);
      } else {
        const first = pieces[0];
        const space = first ? fonts.measure(first.font, " ", size) : 0;
        open = { pieces, width: widthOf(pieces), spaceBefore: words.length > 0 && pendingSpace, space };
        words.push(open);
      }
      pendingSpace = false;
    }
  }
  const lines: Line[] = [];
  let current: Line = { words: [], width: 0 };
  const place = (word: Word) => {
    const gap = current.words.length && word.spaceBefore ? word.space : 0;
    if (current.words.length && current.width + gap + word.width > maxWidth) {
      lines.push(current);
      current = { words: [{ ...word, spaceBefore: false }], width: word.width };
    } else {
      current.words.push(word);
      current.width += gap + word.width;
    }
  };
  for (const word of words) {
    if (word.width <= maxWidth) {
      place(word);
      continue;
    }
    for (const chunk of cutWord(fonts, word, size, maxWidth)) place(chunk);
  }
  if (current.words.length) lines.push(current);
  return lines;
}

/** Cuts a word wider than the line into line-wide chunks, character by character (widths come from the cache). */
function cutWord(fonts: DocumentFonts, word: Word, size: number, maxWidth: number): Word[] {
  const chunks: Word[] = [];
  let pieces: Piece[] = [];
  let width = 0;
  for (const piece of word.pieces) {
    let text = "";
    let textWidth = 0;
    for (const char of piece.text) {
      const charWidth = fonts.measure(piece.font, char, size);
      if (width + textWidth + charWidth > maxWidth && (text || pieces.length)) {
        if (text) pieces.push({ ...piece, text, width: textWidth });
        chunks.push({
          pieces,
          width: width + textWidth,
          spaceBefore: chunks.length === 0 && word.spaceBefore,
          space: word.space,
        });
        pieces = [];
        width = 0;
        text = "";
        textWidth = 0;
      }
      text += char;
      textWidth += charWidth;
    }
    if (text) {
      pieces.push({ ...piece, text, width: textWidth });
      width += textWidth;
    }
  }
  if (pieces.length) chunks.push({ pieces, width, spaceBefore: chunks.length === 0 && word.spaceBefore, space: word.space });
  return chunks;
}

type TextOptions = {
  size: number;
  leading?: number;
  color?: Color;
  indent?: number;
  width?: number;
  base?: Omit<TextSpan, "text">;
};

/** A document being written top to bottom; a new page starts whenever the next element does not fit. */
export class PageFlow {
  page!: PDFPage;
  y = 0;
  readonly contentWidth: number;

  constructor(
    readonly doc: PDFDocument,
    readonly fonts: DocumentFonts,
    readonly size: Box = A4,
    readonly margin: Margins = { left: 56, right: 56, top: 58, bottom: 44 },
    private readonly onNewPage?: (flow: PageFlow) => void,
  ) {
    this.contentWidth = size.width - margin.left - margin.right;
    this.newPage();
  }

  newPage(): void {
    this.page = this.doc.addPage([this.size.width, this.size.height]);
    this.y = this.size.height - this.margin.top;
    this.onNewPage?.(this);
  }

  /** Starts a new page unless `height` points still fit above the bottom margin. */
  ensure(height: number): void {
    if (this.y - height < this.margin.bottom) this.newPage();
  }

  gap(points: number): void {
    this.y -= points;
  }

  /**
   * Draws wrapped lines from the cursor at `x`, breaking pages between lines. Neighbouring words in the same font
   * and colour go out as one text operation (a space in that font between them), which keeps long documents cheap.
   */
  drawLines(lines: Line[], options: { x: number; size: number; leading: number; color?: Color }): void {
    for (const line of lines) {
      this.ensure(options.leading);
      const y = this.y - options.size;
      let x = options.x;
      let segment: { text: string; x: number; font: Piece["font"]; color: Color } | null = null;
      const flush = () => {
        if (segment)
          this.page.drawText(segment.text, { x: segment.x, y, size: options.size, font: segment.font, color: segment.color });
        segment = null;
      };
      for (const [index, word] of line.words.entries()) {
        const spaced = index > 0 && word.spaceBefore;
        for (const [pieceIndex, piece] of word.pieces.entries()) {
          const color = piece.color ?? options.color ?? INK;
          const gap = spaced && pieceIndex === 0 ? word.space : 0;
          const open = segment as { text: string; x: number; font: Piece["font"]; color: Color } | null;
          if (open && open.font === piece.font && open.color === color) {
            open.text += gap ? ` ${piece.text}` : piece.text;
          } else {
            flush();
            segment = { text: piece.text, x: x + gap, font: piece.font, color };
          }
          x += gap + piece.width;
        }
      }
      flush();
      this.y -= options.leading;
    }
  }

  /** A paragraph of styled text (a plain string is one span). Returns the lines it took. */
  text(content: string | TextSpan[], options: TextOptions): Line[] {
    const spans = typeof content === "string" ? [{ text: content }] : content;
    const indent = options.indent ?? 0;
    const leading = options.leading ?? options.size * 1.4;
    const lines: Line[] = [];
    // Hard line breaks inside a string start new lines.
    for (const paragraph of splitLines(spans)) {
      const wrapped = wrapSpans(this.fonts, paragraph, options.size, options.width ?? this.contentWidth - indent, options.base);
      this.drawLines(wrapped.length ? wrapped : [{ words: [], width: 0 }], {
        x: this.margin.left + indent,
        size: options.size,
        leading,
        color: options.color,
      });
      lines.push(...wrapped);
    }
    return lines;
  }

  heading(content: string | TextSpan[], options: { size: number; color?: Color; gapBefore?: number; gapAfter?: number }): void {
    this.gap(options.gapBefore ?? 0);
    // Keep a heading with at least two lines of what follows.
    this.ensure(options.size * 1.3 + 2 * 13);
    this.text(content, { size: options.size, leading: options.size * 1.3, color: options.color, base: { bold: true } });
    this.gap(options.gapAfter ?? 4);
  }

  /** A bulleted or numbered list; `level` indents nested items. */
  list(
    items: { spans: TextSpan[]; level?: number }[],
    options: { ordered?: boolean; start?: number; size: number; leading: number; markerColor?: Color; itemGap?: number },
  ): void {
    let number = options.start ?? 1;
    for (const item of items) {
      const level = item.level ?? 0;
      const indent = level * 18;
      const marker = options.ordered && level === 0 ? `${number++}.` : level > 0 ? "–" : "•";
      const textX = this.margin.left + indent + 16;
      const lines = wrapSpans(this.fonts, item.spans, options.size, this.contentWidth - indent - 16);
      this.ensure(options.leading);
      const markerFace = options.ordered ? "bold" : "regular";
      const markerWidth = this.fonts.width(marker, markerFace, options.size);
      this.page.drawText(marker, {
        x: options.ordered && level === 0 ? textX - 5 - markerWidth : this.margin.left + indent + 3,
        y: this.y - options.size,
        size: options.size,
        font: this.fonts.main(markerFace),
        color: options.markerColor ?? INK,
      });
      this.drawLines(lines, { x: textX, size: options.size, leading: options.leading });
      this.gap(options.itemGap ?? 1.5);
    }
  }

  rule(options: { gap?: number; color?: Color } = {}): void {
    const gap = options.gap ?? 6;
    this.ensure(gap * 2);
    this.y -= gap;
    this.page.drawLine({
      start: { x: this.margin.left, y: this.y },
      end: { x: this.size.width - this.margin.right, y: this.y },
      thickness: 0.6,
      color: options.color ?? RULE_COLOR,
    });
    this.y -= gap;
  }

  /** Draws on every page once the content is laid out (page numbers need the final count). */
  footer(draw: (page: PDFPage, index: number, count: number) => void): void {
    const pages = this.doc.getPages();
    pages.forEach((page, index) => {
      draw(page, index, pages.length);
    });
  }

  /** A page's foot line (call it from `footer`): `text` on the left, "Page 2 of 5" on the right, small and muted. */
  drawFootLine(page: PDFPage, text: string, at: { index: number; count: number }): void {
    const style = { y: 30, size: 8, color: MUTED };
    drawRuns(this.fonts, page, text, { x: this.margin.left, ...style });
    drawRuns(this.fonts, page, `Page ${at.index + 1} of ${at.count}`, {
      x: this.size.width - this.margin.right,
      ...style,
      align: "right",
    });
  }

  /** Text at a fixed spot (headers, footers, labels): one line, in as many fonts as it needs; returns its width. */
  drawAt(
    page: PDFPage,
    content: string,
    at: { x: number; y: number; size: number; face?: Face; color?: Color; align?: "left" | "right" },
  ): number {
    return drawRuns(this.fonts, page, content, at);
  }
}

/** One line of text at a fixed spot, falling back across fonts; `align: "right"` ends the text at x. */
export function drawRuns(
  fonts: DocumentFonts,
  page: PDFPage,
  content: string,
  at: { x: number; y: number; size: number; face?: Face; color?: Color; align?: "left" | "right" },
): number {
  const runs = fonts.runs(content, at.face ?? "regular", at.size);
  const width = runs.reduce((sum, run) => sum + run.width, 0);
  let x = at.align === "right" ? at.x - width : at.x;
  for (const run of runs) {
    page.drawText(run.text, { x, y: at.y, size: at.size, font: run.font, color: at.color ?? INK });
    x += run.width;
  }
  return width;
}

function splitLines(spans: TextSpan[]): TextSpan[][] {
  const paragraphs: TextSpan[][] = [[]];
  for (const span of spans) {
    const parts = span.text.split("\n");
    parts.forEach((part, index) => {
      if (index > 0) paragraphs.push([]);
      if (part) paragraphs[paragraphs.length - 1]?.push({ ...span, text: part });
    });
  }
  return paragraphs;
}

/** The text cut to fit one line of `width`, with "…" when it was cut (names in fixed boxes). */
export function fitLine(fonts: DocumentFonts, content: string, face: Face, size: number, width: number): string {
  if (fonts.width(content, face, size) <= width) return content;
  const ellipsis = fonts.width("…", face, size);
  let out = "";
  let used = 0;
  for (const run of fonts.runs(content, face, size)) {
    for (const char of run.text) {
      const charWidth = fonts.measure(run.font, char, size);
      if (used + charWidth + ellipsis > width) return `${out.trimEnd()}…`;
      out += char;
      used += charWidth;
    }
  }
  return out;
}
