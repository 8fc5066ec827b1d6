// The tax lines of an invoice. Prices include tax (the price list's figure is what the customer pays; decision 0038):
// the taxable value is backed out of the total, and the tax is the rest. A company without a tax registration or rate
// prints no tax line. An Indian seller charges CGST + SGST (half the rate each) to a buyer in its own state, IGST to a
// buyer in another Indian state, and nothing to a buyer abroad (an export of services, zero-rated); any other seller
// prints one line with its own label.
import { formatMoney } from "./payments";

export type TaxParty = { country: string; region: string | null };
export type TaxSettings = TaxParty & { taxId: string | null; taxLabel: string | null; taxRateBasisPoints: number };
export type TaxLine = { label: string; rateBasisPoints: number; amountMinor: number };
export type TaxBreakdown = { taxableMinor: number; lines: TaxLine[]; totalMinor: number; note: string | null };

export const EXPORT_NOTE = "Export of services: zero-rated, no GST charged.";

function rateText(points: number): string {
  return `${points / 100}%`;
}

/** The tax a total (tax included) holds, split into the lines the seller and buyer call for. */
export function taxBreakdown(totalMinor: number, seller: TaxSettings, buyer: TaxParty): TaxBreakdown {
  const rate = seller.taxId ? seller.taxRateBasisPoints : 0;
  if (rate <= 0) return { taxableMinor: totalMinor, lines: [], totalMinor, note: null };
  if (seller.country === "IN" && buyer.country !== "IN")
    return { taxableMinor: totalMinor, lines: [], totalMinor, note: EXPORT_NOTE };
  const taxableMinor = Math.round((totalMinor * 10000) / (10000 + rate));
  const tax = totalMinor - taxableMinor;
  if (seller.country === "IN" && buyer.region === seller.region) {
    const central = Math.floor(tax / 2);
    const half = Math.floor(rate / 2);
    return {
      taxableMinor,
      lines: [
        { label: `CGST ${rateText(half)}`, rateBasisPoints: half, amountMinor: central },
        { label: `SGST ${rateText(rate - half)}`, rateBasisPoints: rate - half, amountMinor: tax - central },
      ],
      totalMinor,
      note: null,
    };
  }
  const label = seller.country === "IN" ? "IGST" : (seller.taxLabel ?? "Tax");
  return {
    taxableMinor,
    lines: [{ label: `${label} ${rateText(rate)}`, rateBasisPoints: rate, amountMinor: tax }],
    totalMinor,
    note: null,
  };
}

/** "CGST 9%: 12,203.39 INR" lines, for text and tests. */
export function taxLineTexts(breakdown: TaxBreakdown, currency: string): string[] {
  return breakdown.lines.map((line) => `${line.label}: ${formatMoney(line.amountMinor, currency)}`);
}
