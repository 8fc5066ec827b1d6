// The one Markdown reader of the portal (briefs today; messages and admin notes later). markdown-it parses (see
// docs/decisions/0008-markdown-library.md); its tokens become the small block model below, which the web preview
// (MarkdownView) renders as React elements and the server draws as PDF blocks. Nothing is ever turned into HTML:
// raw HTML is text, images show their description, and only http(s) links keep an address.
import MarkdownIt, { type Token } from "markdown-it";

export type Span = { text: string; bold?: boolean; italic?: boolean; code?: boolean; href?: string };

type ListItem = { level: number; spans: Span[] };

export type Block =
  | { type: "heading"; level: 1 | 2 | 3; spans: Span[] }
  | { type: "paragraph"; spans: Span[] }
  | { type: "list"; ordered: boolean; start: number; items: ListItem[] }
  | { type: "quote"; spans: Span[] }
  | { type: "code"; text: string }
  | { type: "rule" };

/** Longer input is cut before parsing: every caller's own cap is far below (a brief is at most 50,000). */
const MARKDOWN_MAX_LENGTH = 200_000;
/** Deeper lists and quotes are read as text: keeps hostile nesting cheap and pages readable. */
const MAX_NESTING = 20;
const MAX_LIST_LEVEL = 3;

const parser = new MarkdownIt("default", {
  html: false,
  linkify: false,
  typographer: false,
  breaks: false,
  maxNesting: MAX_NESTING,
});

/** http(s) only: anything else (mailto:, javascript:, relative paths) stays plain text. */
export function safeHref(href: string | null | undefined): string | undefined {
  if (!href) return undefined;
  try {
    const url = new URL(href);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

type Style = { bold: number; italic: number; href?: string };

function pushSpan(spans: Span[], text: string, style: { bold?: boolean; italic?: boolean; code?: boolean; href?: string }) {
  if (!text) return;
  const last = spans[spans.length - 1];
  if (last && last.bold === style.bold && last.italic === style.italic && last.code === style.code && last.href === style.href) {
    last.text += text;
    return;
  }
  const span: Span = { text };
  if (style.bold) span.bold = true;
  if (style.italic) span.italic = true;
  if (style.code) span.code = true;
  if (style.href) span.href = style.href;
  spans.push(span);
}

/** An inline token's children as styled spans. */
function inlineSpans(token: Token | undefined): Span[] {
  const spans: Span[] = [];
  const style: Style = { bold: 0, italic: 0 };
  const current = (extra: { code?: boolean } = {}) => ({
    bold: style.bold > 0 || undefined,
    italic: style.italic > 0 || undefined,
    href: style.href,
    ...extra,
  });
  for (const child of token?.children ?? []) {
    switch (child.type) {
      case "text":
      case "html_inline":
        pushSpan(spans, child.content, current());
        break;
      case "softbreak":
      case "hardbreak":
        pushSpan(spans, " ", current());
        break;
      case "code_inline":
        pushSpan(spans, child.content, current({ code: true }));
        break;
      case "strong_open":
        style.bold++;
        break;
      case "strong_close":
        style.bold--;
        break;
      case "em_open":
        style.italic++;
        break;
      case "em_close":
        style.italic--;
        break;
      case "link_open":
        style.href = safeHref(String(child.attrGet("href") ?? ""));
        break;
      case "link_close":
        style.href = undefined;
        break;
      case "image":
        pushSpan(spans, child.content || "image", current());
        break;
      default:
        if (child.content) pushSpan(spans, child.content, current());
    }
  }
  return spans;
}

export function spansToText(spans: Span[]): string {
  return spans.map((span) => span.text).join("");
}

/** Reads Markdown into blocks (see the file comment). Linear in the input: markdown-it has no backtracking patterns. */
export function parseMarkdown(markdown: string): Block[] {
  const tokens = parser.parse(markdown.slice(0, MARKDOWN_MAX_LENGTH), {});
  const blocks: Block[] = [];
  // Open lists, innermost last; each list item collects its paragraphs' spans.
  const lists: { block: Extract<Block, { type: "list" }> | null }[] = [];
  let item: ListItem | null = null;
  let quoteDepth = 0;
  let row: Span[][] | null = null;

  const addText = (spans: Span[], kind: "paragraph" | "quote") => {
    if (!spans.length) return;
    if (item) {
      if (item.spans.length) pushSpan(item.spans, " ", {});
      for (const span of spans) pushSpan(item.spans, span.text, span);
      return;
    }
    blocks.push({ type: kind, spans });
  };

  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    switch (token.type) {
      case "heading_open": {
        const spans = inlineSpans(tokens[i + 1]);
        const level = Math.min(3, Number(token.tag.slice(1)) || 1) as 1 | 2 | 3;
        if (item || quoteDepth) addText(spans, "quote");
        else if (spans.length) blocks.push({ type: "heading", level, spans });
        i++;
        break;
      }
      case "paragraph_open":
        addText(inlineSpans(tokens[i + 1]), quoteDepth ? "quote" : "paragraph");
        i++;
        break;
      case "blockquote_open":
        quoteDepth++;
        break;
      case "blockquote_close":
        quoteDepth--;
        break;
      case "bullet_list_open":
      case "ordered_list_open": {
        const level = lists.length;
        if (level === 0) {
          const start = Number(token.attrGet("start") ?? 1);
          const block: Extract<Block, { type: "list" }> = {
            type: "list",
            ordered: token.type === "ordered_list_open",
            start: Number.isFinite(start) ? start : 1,
            items: [],
          };
          blocks.push(block);
          lists.push({ block });
        } else {
          lists.push({ block: null });
        }
        break;
      }
      case "bullet_list_close":
      case "ordered_list_close":
        lists.pop();
        item = null;
        break;
      case "list_item_open": {
        const top = lists[0]?.block;
        if (!top) break;
        item = { level: Math.min(MAX_LIST_LEVEL, lists.length - 1), spans: [] };
        top.items.push(item);
        break;
      }
      case "list_item_close":
        item = null;
        break;
      case "fence":
      case "code_block": {
        const text = token.content.replace(/\n$/, "");
        if (item) addText([{ text, code: true }], "paragraph");
        else if (text) blocks.push({ type: "code", text });
        break;
      }
      case "hr":
        if (!item) blocks.push({ type: "rule" });
        break;
      // A table is read row by row: "Feature · Priority", then "Login · Critical".
      case "tr_open":
        row = [];
        break;
      case "inline":
        if (row) row.push(inlineSpans(token));
        break;
      case "tr_close": {
        const cells = (row ?? []).filter((cell) => spansToText(cell).trim());
        row = null;
        const spans: Span[] = [];
        cells.forEach((cell, index) => {
          if (index > 0) pushSpan(spans, " · ", {});
          for (const span of cell) pushSpan(spans, span.text, span);
        });
        addText(spans, "paragraph");
        break;
      }
    }
  }
  // A list whose every item came out empty (e.g. "- " alone) is dropped.
  return blocks.filter((block) => block.type !== "list" || block.items.some((entry) => entry.spans.length));
}

/** Inline text as read in plain text: a link whose words differ from its address shows both. */
function plainSpans(spans: Span[]): string {
  return spans
    .map((span) =>
      span.href && span.href !== span.text && `${span.text}/` !== span.href ? `${span.text} (${span.href})` : span.text,
    )
    .join("");
}

/** The Markdown as plain text (for counting words and for emails). */
export function markdownToPlainText(markdown: string): string {
  return parseMarkdown(markdown)
    .map((block) => {
      switch (block.type) {
        case "list":
          return block.items
            .map(
              (item, i) =>
                `${"  ".repeat(item.level)}${block.ordered && item.level === 0 ? `${block.start + i}.` : "-"} ${plainSpans(item.spans)}`,
            )
            .join("\n");
        case "code":
          return block.text;
        case "rule":
          return "";
        default:
          return plainSpans(block.spans);
      }
    })
    .filter(Boolean)
    .join("\n\n");
}

export function wordCount(markdown: string): number {
  return markdownToPlainText(markdown).split(/\s+/).filter(Boolean).length;
}
