import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { pdfText } from "../../../tests/setup/pdf-text";
import { DocumentFonts, drawable } from "./fonts";
import { PageFlow } from "./layout";

async function drawnText(lines: string[]): Promise<string> {
  const doc = await PDFDocument.create();
  const flow = new PageFlow(doc, await DocumentFonts.embed(doc));
  for (const line of lines) flow.text(line, { size: 11 });
  return pdfText(await doc.save());
}

describe("document fonts", () => {
  it("draws what customers type in Latin, Greek and Cyrillic, symbols and simple emoji, never as ?", async () => {
    const typed = [
      "Zoë Ñúñez, Łódź, Ærøskøbing, Đặng Thị Ngọc, Şirket, façade",
      "Ελένη Παπαδοπούλου",
      "Ольга Иванова",
      "€ ₹ ₽ £ → ≥ ✓ ★ 😀",
    ];
    const text = await drawnText(typed);
    // pdftotext drops the spaces between wide symbols; the characters are what matters.
    for (const line of typed) expect(text.replace(/\s+/g, "")).toContain(line.replace(/\s+/g, ""));
    expect(text).not.toContain("?");
  });

  it("shows a character no bundled font has as U+FFFD, not as ? and not dropped", async () => {
    const text = await drawnText(["CJK 中文 end"]);
    expect(text).toContain("CJK \ufffd\ufffd end");
    expect(text).not.toContain("?");
  });

  it("drops invisible controls (bidi overrides, joiners) and turns control characters into spaces", () => {
    expect(drawable("a\u202Eb\u200Dc\u0007d\te")).toBe("abc d    e");
    expect(drawable("e\u0301")).toBe("é");
  });

  it("falls back per character to the next family", async () => {
    const doc = await PDFDocument.create();
    const fonts = await DocumentFonts.embed(doc);
    const runs = fonts.runs("Aω中", "bold", 10);
    expect(runs.map((run) => run.text).join("")).toBe("Aω\ufffd");
  });
});
