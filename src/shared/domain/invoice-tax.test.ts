import { describe, expect, it } from "vitest";
import { EXPORT_NOTE, taxBreakdown } from "./invoice-tax";

const indianSeller = { country: "IN", region: "Karnataka", taxId: "29ABCDE1234F1ZW", taxLabel: "GST", taxRateBasisPoints: 1800 };

describe("an invoice's tax lines (prices include tax)", () => {
  it("splits GST into CGST and SGST within the seller's state, adding up to the total", () => {
    const tax = taxBreakdown(8_000_000, indianSeller, { country: "IN", region: "Karnataka" });
    expect(tax.taxableMinor).toBe(6_779_661);
    expect(tax.lines.map((line) => line.label)).toEqual(["CGST 9%", "SGST 9%"]);
    expect(tax.taxableMinor + tax.lines.reduce((sum, line) => sum + line.amountMinor, 0)).toBe(8_000_000);
  });

  it("charges IGST to another Indian state and nothing to a buyer abroad", () => {
    expect(taxBreakdown(8_000_000, indianSeller, { country: "IN", region: "Delhi" }).lines).toEqual([
      { label: "IGST 18%", rateBasisPoints: 1800, amountMinor: 1_220_339 },
    ]);
    const abroad = taxBreakdown(100_000, indianSeller, { country: "US", region: null });
    expect(abroad).toEqual({ taxableMinor: 100_000, lines: [], totalMinor: 100_000, note: EXPORT_NOTE });
  });

  it("prints no tax line for a company without a registration, and its own label elsewhere", () => {
    expect(taxBreakdown(100_000, { ...indianSeller, taxId: null }, { country: "IN", region: "Karnataka" }).lines).toEqual([]);
    const dutch = { country: "NL", region: null, taxId: "NL123456789B01", taxLabel: "VAT", taxRateBasisPoints: 2100 };
    expect(taxBreakdown(121_00, dutch, { country: "DE", region: null }).lines).toEqual([
      { label: "VAT 21%", rateBasisPoints: 2100, amountMinor: 21_00 },
    ]);
  });
});
