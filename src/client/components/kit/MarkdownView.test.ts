import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MarkdownView } from "./MarkdownView";

const html = (markdown: string) => renderToStaticMarkup(createElement(MarkdownView, { markdown }));

describe("MarkdownView", () => {
  it("renders blocks as elements", () => {
    const out = html("# Title\n\nSome **bold** and *italic* `code`.\n\n- one\n  - two\n\n> quote");
    expect(out).toContain('<h2 class="text-2xl');
    expect(out).toContain("<strong");
    expect(out).toContain("<em>italic</em>");
    expect(out).toContain("<code");
    expect(out).toMatch(/<li[^>]*style="margin-left:1.25rem"/);
    expect(out).toContain("<blockquote");
  });

  it("links only http(s) addresses, in a new tab without an opener", () => {
    const out = html("[ok](https://x.example/a) [bad](javascript:alert(1)) [mail](mailto:a@b.example)");
    expect(out).toContain('<a href="https://x.example/a" target="_blank" rel="noopener noreferrer nofollow"');
    expect(out.match(/<a /g)).toHaveLength(1);
    expect(out).not.toContain('javascript:alert(1)"');
  });

  it("never renders raw HTML", () => {
    const out = html('<script>alert(1)</script>\n\n<img src=x onerror="alert(1)"> and <b>bold</b>');
    expect(out).not.toContain("<script");
    expect(out).not.toContain("<img");
    expect(out).not.toContain("<b>");
    expect(out).toContain("&lt;script&gt;");
  });

  it("renders a hostile 50,000-character line as its text", () => {
    for (const line of ["#".repeat(50_000), "[".repeat(50_000), `# a${" ".repeat(50_000)}b`]) {
      const out = html(line);
      expect(out.length).toBeGreaterThan(line.trim().replace(/ +/g, " ").length - 10);
    }
  });
});
