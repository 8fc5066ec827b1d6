// Draws the shared Markdown blocks (src/shared/text/markdown.ts) on a page flow: the PDF twin of MarkdownView.
// Used by the brief today and by any later Markdown document. Long documents yield to the event loop between
// blocks, so other requests are answered while one is drawn.
import { type Color, rgb } from "pdf-lib";
import type { Block, Span } from "../../shared/text/markdown";
import { INK, MUTED, type PageFlow, RULE_COLOR, type TextSpan, wrapSpans } from "./layout";
import { yieldToEventLoop } from "./render-guard";

type MarkdownPdfStyle = {
  /** Sizes and gaps are multiplied by this (a long document can be set a little tighter). */
  scale: number;
  headingColor: Color;
  accent: Color;
  /** Called after an all-italic paragraph right under the title (a subtitle line), to add e.g. a status badge. */
  afterSubtitle?: (flow: PageFlow) => void;
};

const QUOTE_FILL = rgb(0.93, 0.95, 1);
const BODY_SIZE = 9.5;
const BODY_LEADING = 13;
const YIELD_EVERY_MS = 20;
const LINES_PER_SLICE = 60;

/** PDF text has no links: an address that differs from its words is printed after them. */
function pdfSpans(spans: Span[]): TextSpan[] {
  return spans.map((span) =>
    span.href && span.href !== span.text && span.href !== `${span.text}/`
      ? { ...span, text: `${span.text} (${span.href})` }
      : span,
  );
}

export async function drawMarkdown(flow: PageFlow, blocks: Block[], style: MarkdownPdfStyle): Promise<void> {
  const v = (points: number) => points * style.scale;
  const bodySize = BODY_SIZE * style.scale;
  const bodyLeading = BODY_LEADING * style.scale;
  const { fonts, margin, contentWidth } = flow;
  let previous: Block | null = null;
  let lastYield = performance.now();

  for (const block of blocks) {
    if (performance.now() - lastYield > YIELD_EVERY_MS) {
      await yieldToEventLoop();
      lastYield = performance.now();
    }
    switch (block.type) {
      case "heading": {
        const size = v(block.level === 1 ? 22 : block.level === 2 ? 12 : 10.5);
        const leading = block.level === 1 ? v(27) : size + v(4);
        const lines = wrapSpans(fonts, pdfSpans(block.spans), size, contentWidth, { bold: true });
        if (block.level === 1) {
          flow.ensure(v(40));
          if (previous) flow.gap(v(10));
        } else {
          flow.gap(v(block.level === 2 ? 9 : 5));
          flow.ensure(leading + 2 * bodyLeading);
        }
        flow.drawLines(lines, { x: margin.left, size, leading, color: block.level === 3 ? INK : style.headingColor });
        if (block.level === 2) {
          flow.page.drawLine({
            start: { x: margin.left, y: flow.y + 1 },
            end: { x: margin.left + contentWidth, y: flow.y + 1 },
            thickness: 0.6,
            color: RULE_COLOR,
          });
        }
        flow.gap(block.level === 1 ? v(2) : v(4));
        break;
      }
      case "paragraph": {
        const subtitle = previous?.type === "heading" && previous.level === 1 && block.spans.every((span) => span.italic);
        const lines = wrapSpans(fonts, pdfSpans(block.spans), bodySize, contentWidth);
        flow.ensure(Math.min(lines.length, 2) * bodyLeading);
        // A very long paragraph is drawn a page at a time, letting other requests in between.
        for (let at = 0; at < lines.length; at += LINES_PER_SLICE) {
          if (at > 0) await yieldToEventLoop();
          flow.drawLines(lines.slice(at, at + LINES_PER_SLICE), {
            x: margin.left,
            size: bodySize,
            leading: bodyLeading,
            color: subtitle ? MUTED : INK,
          });
        }
        if (subtitle) style.afterSubtitle?.(flow);
        flow.gap(v(4));
        break;
      }
      case "list":
        flow.list(
          block.items.map((item) => ({ spans: pdfSpans(item.spans), level: item.level })),
          {
            ordered: block.ordered,
            start: block.start,
            size: bodySize,
            leading: bodyLeading,
            markerColor: style.accent,
            itemGap: v(1.5),
          },
        );
        flow.gap(v(3));
        break;
      case "quote": {
        const lines = wrapSpans(fonts, pdfSpans(block.spans), bodySize, contentWidth - 20, { italic: true });
        // A quote taller than a page is drawn without its box, line by line across pages.
        const height = lines.length * bodyLeading + v(8);
        if (height < flow.size.height / 2) {
          flow.ensure(height);
          flow.page.drawRectangle({ x: margin.left, y: flow.y - height, width: contentWidth, height, color: QUOTE_FILL });
          flow.page.drawRectangle({ x: margin.left, y: flow.y - height, width: 2.5, height, color: style.accent });
        }
        flow.gap(v(4));
        flow.drawLines(lines, { x: margin.left + 12, size: bodySize, leading: bodyLeading });
        flow.gap(v(10));
        break;
      }
      case "code":
        for (const raw of block.text.split("\n")) {
          const lines = wrapSpans(fonts, [{ text: raw || " ", code: true }], 8.5, contentWidth - 12);
          flow.drawLines(lines, { x: margin.left + 6, size: 8.5, leading: 11.5 });
        }
        flow.gap(6);
        break;
      case "rule":
        flow.rule({ gap: 6 });
        break;
    }
    previous = block;
  }
}
