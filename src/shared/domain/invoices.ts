// An invoice as issued: what it states is kept with it (invoices.content), so it reads the same whatever changes later.
// The server writes it (features/invoices), the PDF draws it, the customer's and the console's lists show it.

import type { TaxBreakdown } from "./invoice-tax";
import type { PaymentPhase } from "./payments";

export type InvoiceParty = {
  name: string;
  address: string;
  country: string;
  countryName: string;
  region: string | null;
  taxId: string | null;
  taxIdLabel: string;
  email: string | null;
};

export type InvoiceContent = {
  seller: InvoiceParty;
  buyer: InvoiceParty;
  project: { code: string; name: string | null; packageName: string };
  lines: Array<{ description: string; quantity: number; amountMinor: number }>;
  tax: TaxBreakdown;
  /** The project's price, what was paid before this invoice, and what remains after it is paid. */
  projectTotalMinor: number;
  paidBeforeMinor: number;
  balanceAfterMinor: number;
};

export const INVOICE_STATUSES = ["issued", "paid", "void"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  issued: "Awaiting payment",
  paid: "Paid",
  void: "Void (replaced)",
};

/** BP-2026-0007: the prefix, the year and the year's sequence. */
export function invoiceNumber(prefix: string, year: number, sequence: number): string {
  return `${prefix}-${year}-${String(sequence).padStart(4, "0")}`;
}

export const INVOICE_LINE_TEXT: Record<PaymentPhase, (percent: number) => string> = {
  advance: (percent) => `Advance payment (${percent} % of the project price)`,
  balance: (percent) => `Balance payment (${percent} % of the project price, due on delivery)`,
};
