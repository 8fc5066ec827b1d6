import { describe, expect, it } from "vitest";
import { type Block, markdownToPlainText, parseMarkdown, safeHref } from "./markdown";

const inline = (markdown: string) => (parseMarkdown(markdown)[0] as Extract<Block, { type: "paragraph" }>).spans;

describe("inline text", () => {
  it.each([
    ["plain text", "hello", [{ text: "hello" }]],
    ["bold", "a **b** c", [{ text: "a " }, { text: "b", bold: true }, { text: " c" }]],
    ["italic with stars", "*x*", [{ text: "x", italic: true }]],
    ["italic with underscores", "_x_ y", [{ text: "x", italic: true }, { text: " y" }]],
    [
      "bold inside italic",
      "*a **b***",
      [
        { text: "a ", italic: true },
        { text: "b", italic: true, bold: true },
      ],
    ],
    ["snake_case stays text", "user_id_field", [{ text: "user_id_field" }]],
    ["code", "run `npm test`", [{ text: "run " }, { text: "npm test", code: true }]],
    ["escaped stars", "5 \\* 3 \\*not\\*", [{ text: "5 * 3 *not*" }]],
    ["an http(s) link keeps its address", "[site](https://x.example/a)", [{ text: "site", href: "https://x.example/a" }]],
    ["a javascript: link is only text", "[click](javascript:alert(1))", [{ text: "[click](javascript:alert(1))" }]],
    ["a mailto: link is only text", "[mail](mailto:a@b.example)", [{ text: "mail" }]],
    ["a relative link is only text", "[home](/admin)", [{ text: "home" }]],
    ["raw HTML is text", "<b>hi</b> <img src=x onerror=alert(1)>", [{ text: "<b>hi</b> <img src=x onerror=alert(1)>" }]],
    ["an image shows its description, never loads", "![logo](https://x.example/a.png)", [{ text: "logo" }]],
    ["entities are decoded once", "a &amp; b &lt;c&gt;", [{ text: "a & b <c>" }]],
  ])("reads %s", (_name, input, spans) => {
    expect(inline(input)).toEqual(spans);
  });

  it.each([
    ["https://a.example/x", "https://a.example/x"],
    ["HTTP://A.example", "http://a.example/"],
    ["javascript:alert(1)", undefined],
    ["data:text/html,<script>", undefined],
    ["/relative", undefined],
    ["", undefined],
  ])("safeHref(%j)", (href, expected) => {
    expect(safeHref(href)).toBe(expected);
  });
});

describe("parseMarkdown", () => {
  it("reads headings, paragraphs, lists, quotes and rules", () => {
    const blocks = parseMarkdown(
      "# Title\n\nFirst line\nsame paragraph.\n\n- one\n- two\n  - nested\n\n1. step\n2. next\n\n> quoted\n\n---",
    );
    expect(blocks.map((b) => b.type)).toEqual(["heading", "paragraph", "list", "list", "quote", "rule"]);
    expect(blocks[1]).toEqual({ type: "paragraph", spans: [{ text: "First line same paragraph." }] });
    expect(blocks[2]).toMatchObject({ ordered: false, items: [{ level: 0 }, { level: 0 }, { level: 1 }] });
    expect(blocks[3]).toMatchObject({ ordered: true, start: 1 });
  });

  it("keeps an ordered list's start and reads h4-h6 as level 3", () => {
    expect(parseMarkdown("3. c\n4. d")[0]).toMatchObject({ type: "list", ordered: true, start: 3 });
    expect(parseMarkdown("###### Small")[0]).toEqual({ type: "heading", level: 3, spans: [{ text: "Small" }] });
  });

  it("turns a table into readable lines instead of pipes", () => {
    const table = "| Feature | Priority |\n|---|---|\n| Login | Critical |";
    expect(markdownToPlainText(table)).toBe("Feature · Priority\n\nLogin · Critical");
    expect(parseMarkdown(table)).toHaveLength(2);
  });

  it("keeps fenced code as code", () => {
    expect(parseMarkdown("```\n<script>alert(1)</script>\n```")).toEqual([{ type: "code", text: "<script>alert(1)</script>" }]);
  });

  it("shows a link's address in plain text", () => {
    expect(markdownToPlainText("See [the site](https://x.example/) now")).toBe("See the site (https://x.example/) now");
  });
});

// Hostile input: each is a 50,000-character line. The old hand-written parser backtracked on some of these
// (a heading line of spaces took seconds); markdown-it reads them in one pass. Timing lives in the bench; here the
// output must simply be right.
describe("hostile input stays plain", () => {
  const N = 50_000;

  it("a line of # is a paragraph of #", () => {
    expect(markdownToPlainText("#".repeat(N)) === "#".repeat(N)).toBe(true);
    expect(parseMarkdown("#".repeat(N)).map((block) => block.type)).toEqual(["paragraph"]);
  });

  it("a heading padded with spaces keeps its words", () => {
    const blocks = parseMarkdown(`# a${" ".repeat(N)}b`);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]).toMatchObject({ type: "heading", level: 1 });
    expect(markdownToPlainText(`# a${" ".repeat(N)}b`).replace(/ +/g, " ")).toBe("a b");
  });

  it("a line of spaces is nothing", () => {
    expect(parseMarkdown(" ".repeat(N))).toEqual([]);
  });

  it("a line of [ is text", () => {
    expect(markdownToPlainText("[".repeat(N)) === "[".repeat(N)).toBe(true);
  });

  it("a line of * is a rule, and * with words stays text", () => {
    expect(parseMarkdown("*".repeat(N))).toEqual([{ type: "rule" }]);
    const text = `a${"*".repeat(N)}b`;
    expect(markdownToPlainText(text) === text).toBe(true);
  });

  it("unclosed links, images and markup stay text", () => {
    for (const unit of ["[a](", "![", "[", "<", "&"]) {
      const line = unit.repeat(Math.floor(N / unit.length));
      // Compared as a boolean: a failing diff of 50,000 characters helps nobody.
      expect(markdownToPlainText(line) === line, `${unit} x ${N / unit.length}`).toBe(true);
    }
  });

  it("emphasis runs keep every letter", () => {
    const line = "**a".repeat(N / 3);
    expect(markdownToPlainText(line).replace(/\*/g, "") === "a".repeat(N / 3)).toBe(true);
    const inner = "a*".repeat(N / 2);
    expect(markdownToPlainText(inner).replace(/\*/g, "") === "a".repeat(N / 2)).toBe(true);
    const loose = "*a ".repeat(N / 3);
    expect(markdownToPlainText(loose).replace(/[*\s]/g, "") === "a".repeat(N / 3)).toBe(true);
  });

  it("50,000 levels of quote or list nesting are cut at a fixed depth", () => {
    expect(parseMarkdown(">".repeat(N))).toEqual([]);
    const nested = parseMarkdown(`${"- ".repeat(N / 2)}x`);
    expect(nested.length).toBeLessThanOrEqual(1);
  });
});
