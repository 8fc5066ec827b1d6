import { describe, expect, it } from "vitest";
import { markdownToPlainText, parseInline, parseMarkdown } from "./markdown";

describe("parseInline", () => {
  it.each([
    ["plain text", "hello", [{ text: "hello" }]],
    ["bold", "a **b** c", [{ text: "a " }, { text: "b", bold: true }, { text: " c" }]],
    ["italic with stars", "*x*", [{ text: "x", italic: true }]],
    ["italic with underscores", "_x_ y", [{ text: "x", italic: true }, { text: " y" }]],
    ["snake_case stays text", "user_id_field", [{ text: "user_id_field" }]],
    ["code", "run `npm test`", [{ text: "run " }, { text: "npm test", code: true }]],
    ["escaped stars", "5 \\* 3 \\*not\\*", [{ text: "5 * 3 *not*" }]],
    ["a link keeps its address", "[site](https://x.example)", [{ text: "site (https://x.example)" }]],
  ])("reads %s", (_name, input, spans) => {
    expect(parseInline(input)).toEqual(spans);
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

  it("turns a table into readable lines instead of pipes", () => {
    const blocks = parseMarkdown("| Feature | Priority |\n|---|---|\n| Login | Critical |");
    expect(markdownToPlainText("| Feature | Priority |\n|---|---|\n| Login | Critical |")).toBe(
      "Feature · Priority\n\nLogin · Critical",
    );
    expect(blocks).toHaveLength(2);
  });

  it("keeps fenced code as code", () => {
    expect(parseMarkdown("```\n<script>alert(1)</script>\n```")).toEqual([{ type: "code", text: "<script>alert(1)</script>" }]);
  });
});
