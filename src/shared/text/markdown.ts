// A small Markdown reader for briefs: the web preview and the PDF both render the same blocks, and neither ever
// turns text into HTML (so nothing a user or a model writes can inject markup).

export type Span = { text: string; bold?: boolean; italic?: boolean; code?: boolean };

export type ListItem = { level: 0 | 1; spans: Span[] };

export type Block =
  | { type: "heading"; level: 1 | 2 | 3; spans: Span[] }
  | { type: "paragraph"; spans: Span[] }
  | { type: "list"; ordered: boolean; start: number; items: ListItem[] }
  | { type: "quote"; spans: Span[] }
  | { type: "code"; text: string }
  | { type: "rule" };

const INLINE =
  /\\([\\`*_[\]#|<>~-])|\*\*(.+?)\*\*|__(.+?)__|`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)|\*([^*\s](?:[^*]*[^*\s])?)\*|(?<![\p{L}\p{N}])_([^_\s](?:[^_]*[^_\s])?)_(?![\p{L}\p{N}])/gu;

/** Inline emphasis: **bold**, *italic* or _italic_, `code`; a link keeps its text and shows its address. */
export function parseInline(text: string, style: Omit<Span, "text"> = {}): Span[] {
  const spans: Span[] = [];
  const push = (value: string, extra: Omit<Span, "text"> = {}) => {
    if (!value) return;
    const merged = { ...style, ...extra };
    const last = spans[spans.length - 1];
    if (last && last.bold === merged.bold && last.italic === merged.italic && last.code === merged.code) last.text += value;
    else spans.push({ text: value, ...merged });
  };
  let index = 0;
  for (const match of text.matchAll(INLINE)) {
    const at = match.index ?? 0;
    push(text.slice(index, at));
    const [, escaped, bold1, bold2, code, linkText, linkUrl, italic1, italic2] = match;
    const bold = bold1 ?? bold2;
    const italic = italic1 ?? italic2;
    if (escaped !== undefined) push(escaped);
    else if (bold !== undefined) for (const span of parseInline(bold, { ...style, bold: true })) push(span.text, span);
    else if (code !== undefined) push(code, { code: true });
    else if (linkText !== undefined) push(linkText === linkUrl ? linkText : `${linkText} (${linkUrl})`);
    else if (italic !== undefined) for (const span of parseInline(italic, { ...style, italic: true })) push(span.text, span);
    index = at + match[0].length;
  }
  push(text.slice(index));
  return spans;
}

export function spansToText(spans: Span[]): string {
  return spans.map((span) => span.text).join("");
}

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const RULE = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/;
const BULLET = /^(\s*)[-*+•]\s+(.*)$/;
const ORDERED = /^(\s*)(\d{1,3})[.)]\s+(.*)$/;
const QUOTE = /^\s{0,3}>\s?(.*)$/;
const FENCE = /^\s{0,3}(```|~~~)/;
const TABLE_SEPARATOR = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;

export function parseMarkdown(markdown: string): Block[] {
  const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let quote: string[] = [];
  let list: { ordered: boolean; start: number; items: { level: 0 | 1; text: string }[] } | null = null;

  const flush = () => {
    if (paragraph.length) blocks.push({ type: "paragraph", spans: parseInline(paragraph.join(" ")) });
    if (quote.length) blocks.push({ type: "quote", spans: parseInline(quote.join(" ")) });
    if (list) {
      blocks.push({
        type: "list",
        ordered: list.ordered,
        start: list.start,
        items: list.items.map((item) => ({ level: item.level, spans: parseInline(item.text) })),
      });
    }
    paragraph = [];
    quote = [];
    list = null;
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    if (FENCE.test(line)) {
      flush();
      const code: string[] = [];
      for (i++; i < lines.length && !FENCE.test(lines[i] ?? ""); i++) code.push(lines[i] ?? "");
      if (code.length) blocks.push({ type: "code", text: code.join("\n") });
      continue;
    }
    if (!line.trim()) {
      flush();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      const level = Math.min(3, heading[1]?.length ?? 1) as 1 | 2 | 3;
      blocks.push({ type: "heading", level, spans: parseInline(heading[2] ?? "") });
      continue;
    }
    if (RULE.test(line)) {
      flush();
      blocks.push({ type: "rule" });
      continue;
    }
    const bullet = BULLET.exec(line);
    const ordered = bullet ? null : ORDERED.exec(line);
    if (bullet || ordered) {
      const isOrdered = Boolean(ordered);
      const indent = (bullet?.[1] ?? ordered?.[1] ?? "").length;
      const text = (bullet?.[2] ?? ordered?.[3] ?? "").trim();
      const level: 0 | 1 = indent >= 2 && list ? 1 : 0;
      if (paragraph.length || quote.length || (list && level === 0 && list.ordered !== isOrdered)) flush();
      if (!list) list = { ordered: isOrdered, start: ordered ? Number(ordered[2]) : 1, items: [] };
      list.items.push({ level, text });
      continue;
    }
    const quoted = QUOTE.exec(line);
    if (quoted) {
      if (paragraph.length || list) flush();
      quote.push((quoted[1] ?? "").trim());
      continue;
    }
    if (line.trim().startsWith("|")) {
      if (TABLE_SEPARATOR.test(line)) continue;
      flush();
      const cells = line
        .trim()
        .replace(/^\||\|$/g, "")
        .split("|")
        .map((cell) => cell.trim())
        .filter(Boolean);
      blocks.push({ type: "paragraph", spans: parseInline(cells.join(" · ")) });
      continue;
    }
    if (list && /^\s+\S/.test(line)) {
      const last = list.items[list.items.length - 1];
      if (last) last.text += ` ${line.trim()}`;
      continue;
    }
    if (list || quote.length) flush();
    paragraph.push(line.trim());
  }
  flush();
  return blocks;
}

/** The Markdown as plain text (for counting words and for emails). */
export function markdownToPlainText(markdown: string): string {
  return parseMarkdown(markdown)
    .map((block) => {
      switch (block.type) {
        case "list":
          return block.items
            .map((item, i) => `${block.ordered ? `${block.start + i}.` : "-"} ${spansToText(item.spans)}`)
            .join("\n");
        case "code":
          return block.text;
        case "rule":
          return "";
        default:
          return spansToText(block.spans);
      }
    })
    .filter(Boolean)
    .join("\n\n");
}

export function wordCount(markdown: string): number {
  return markdownToPlainText(markdown).split(/\s+/).filter(Boolean).length;
}
