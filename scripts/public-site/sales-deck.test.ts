import { PDFDocument } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { buildSalesDeck } from "./sales-deck";

// Building the deck embeds whole font files: about a second of CPU on a quiet machine, several on a shared one. It is
// built once for the file (it was built three times, against the unit tests' 5 s default, and timed out under load),
// and once more to show a second build is the same file; both have a budget fitting that work.
const DECK_BUILD_MS = 30_000;
let deck: Uint8Array;

beforeAll(async () => {
  deck = await buildSalesDeck();
}, DECK_BUILD_MS);

describe("the sales deck", () => {
  it("is a six-page landscape PDF: cover, what we do, process, packages, ROI, contact", async () => {
    const pdf = await PDFDocument.load(deck);
    expect(pdf.getPageCount()).toBe(6);
    for (const page of pdf.getPages()) expect(page.getSize()).toEqual({ width: 960, height: 540 });
    expect(pdf.getTitle()).toBe("Blueprint — working software prototypes in 48-96 hours");
    expect(pdf.getKeywords()).toContain("ADVANCED");
  });

  it(
    "comes out the same from the same constants",
    async () => {
      const again = await buildSalesDeck();
      expect(Buffer.from(again).equals(Buffer.from(deck))).toBe(true);
    },
    DECK_BUILD_MS,
  );
});
