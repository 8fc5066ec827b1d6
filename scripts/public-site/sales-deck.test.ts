import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { buildSalesDeck } from "./sales-deck";

describe("the sales deck", () => {
  it("is a six-page landscape PDF: cover, what we do, process, packages, ROI, contact", async () => {
    const pdf = await PDFDocument.load(await buildSalesDeck());
    expect(pdf.getPageCount()).toBe(6);
    for (const page of pdf.getPages()) expect(page.getSize()).toEqual({ width: 960, height: 540 });
    expect(pdf.getTitle()).toBe("Blueprint — working software prototypes in 48-96 hours");
    expect(pdf.getKeywords()).toContain("ADVANCED");
  });

  it("comes out the same from the same constants", async () => {
    const [a, b] = await Promise.all([buildSalesDeck(), buildSalesDeck()]);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });
});
