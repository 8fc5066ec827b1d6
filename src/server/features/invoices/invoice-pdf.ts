// Draws an invoice, or the receipt of a paid one, from what the invoice stated when it was issued (invoices.content):
// seller and buyer with their addresses and tax IDs, the number and issue date, the project, the lines, the taxable
// value and the tax lines (or the zero-rated note), the total, paid to date and the balance. A receipt adds when and
// how it was paid. A void invoice is drawn as it was, stamped VOID. The same input always gives the same bytes.
import { degrees, PDFDocument, rgb } from "pdf-lib";
import { formatUtcDay, utcTimestamp } from "../../../shared/domain/dates";
import type { InvoiceContent, InvoiceParty } from "../../../shared/domain/invoices";
import { formatMoney } from "../../../shared/domain/payments";
import { DocumentFonts, drawable } from "../../documents/fonts";
import { A4, fitLine, MUTED, PageFlow } from "../../documents/layout";

const BRAND = rgb(0.19, 0.18, 0.51);
const VOID_RED = rgb(0.78, 0.1, 0.12);

export type InvoicePdfInput = {
  number: string;
  issuedAt: Date;
  currency: string;
  status: "issued" | "paid" | "void";
  content: InvoiceContent;
};

/** What a receipt adds: the payment. */
export type ReceiptFacts = {
  receiptNumber: string;
  paidAt: Date;
  /** "Card (Stripe Checkout)" or "Bank transfer". */
  method: string;
  paymentId: string;
};

/** The document's title: a tax invoice when it charges tax. */
export function invoiceTitle(content: InvoiceContent): string {
  return content.tax.lines.length > 0 ? "Tax invoice" : "Invoice";
}

function partyLines(party: InvoiceParty): string[] {
  return [
    party.address,
    [party.region, party.countryName].filter(Boolean).join(", "),
    party.taxId ? `${party.taxIdLabel}: ${party.taxId}` : "",
    party.email ?? "",
  ].filter((line) => line.trim() !== "");
}

export async function renderInvoicePdf(invoice: InvoicePdfInput, receipt: ReceiptFacts | null = null): Promise<Uint8Array> {
  const { content, currency } = invoice;
  const money = (minor: number) => formatMoney(minor, currency);
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts = await DocumentFonts.embed(doc);
  const title = receipt ? "Payment receipt" : invoiceTitle(content);
  const stamp = receipt?.paidAt ?? invoice.issuedAt;
  doc.setTitle(receipt ? `Receipt ${receipt.receiptNumber}` : `${title} ${invoice.number}`);
  doc.setSubject(`${content.lines[0]?.description ?? "Invoice"} for ${content.project.code}`);
  doc.setAuthor(drawable(content.seller.name));
  doc.setCreator("Blueprint client portal");
  doc.setProducer("Blueprint client portal (pdf-lib)");
  doc.setCreationDate(stamp);
  doc.setModificationDate(stamp);
  const flow = new PageFlow(doc, fonts, A4);
  const left = flow.margin.left;
  const right = A4.width - flow.margin.right;

  flow.heading(title, { size: 22, color: BRAND, gapAfter: 4 });
  if (receipt) {
    flow.text([{ text: "Receipt ", bold: true }, { text: `${receipt.receiptNumber} · Receipt for invoice ${invoice.number}` }], {
      size: 10.5,
    });
  }
  flow.text(
    [
      { text: "Invoice number: ", bold: true },
      { text: invoice.number },
      { text: "    Issue date: ", bold: true },
      { text: formatUtcDay(invoice.issuedAt) },
    ],
    { size: 10.5 },
  );
  flow.text(
    [
      { text: "Project: ", bold: true },
      { text: drawable([content.project.code, content.project.name].filter(Boolean).join(" — ")) },
      { text: ` (${content.project.packageName})` },
    ],
    { size: 10.5 },
  );
  flow.gap(8);
  flow.rule({ gap: 6 });

  for (const [label, party] of [
    ["From (seller)", content.seller],
    ["Bill to (buyer)", content.buyer],
  ] as const) {
    flow.text(label, { size: 9, color: MUTED, base: { bold: true } });
    flow.text(drawable(party.name), { size: 11.5, base: { bold: true } });
    for (const line of partyLines(party)) flow.text(drawable(line), { size: 10, leading: 14 });
    flow.gap(6);
  }
  flow.rule({ gap: 6 });

  // The lines: description, quantity, amount (tax included).
  const qtyX = right - 150;
  const row = (cells: { description: string; quantity: string; amount: string }, bold = false) => {
    flow.ensure(18);
    const y = flow.y - 11;
    const face = bold ? "bold" : "regular";
    flow.drawAt(flow.page, fitLine(fonts, drawable(cells.description), face, 10.5, qtyX - left - 20), {
      x: left,
      y,
      size: 10.5,
      face,
    });
    flow.drawAt(flow.page, cells.quantity, { x: qtyX, y, size: 10.5, face, align: "right" });
    flow.drawAt(flow.page, cells.amount, { x: right, y, size: 10.5, face, align: "right" });
    flow.gap(18);
  };
  row({ description: "Description", quantity: "Qty", amount: `Amount (${currency})` }, true);
  for (const line of content.lines) {
    row({ description: line.description, quantity: String(line.quantity), amount: money(line.amountMinor) });
  }
  flow.rule({ gap: 4 });

  const total = (label: string, value: string, bold = false) => {
    flow.ensure(17);
    const y = flow.y - 11;
    const face = bold ? "bold" : "regular";
    flow.drawAt(flow.page, drawable(label), { x: qtyX, y, size: 10.5, face, align: "right" });
    flow.drawAt(flow.page, value, { x: right, y, size: 10.5, face, align: "right" });
    flow.gap(17);
  };
  total("Taxable value", money(content.tax.taxableMinor));
  for (const line of content.tax.lines) total(line.label, money(line.amountMinor));
  total(`Total (${currency}, tax included)`, money(content.tax.totalMinor), true);
  if (content.tax.note) flow.text(content.tax.note, { size: 9.5, color: MUTED });
  flow.gap(6);
  flow.rule({ gap: 6 });

  const paidToDate = content.paidBeforeMinor + (receipt ? content.tax.totalMinor : 0);
  const facts: Array<[string, string]> = receipt
    ? [
        ["Paid", money(content.tax.totalMinor)],
        ["Paid at (UTC)", utcTimestamp(receipt.paidAt)],
        ["Paid by", receipt.method],
        ["Payment id", receipt.paymentId],
        ["Project price", money(content.projectTotalMinor)],
        ["Paid to date", money(paidToDate)],
        ["Balance after this payment", money(content.balanceAfterMinor)],
      ]
    : [
        ["Project price", money(content.projectTotalMinor)],
        ["Paid to date", money(paidToDate)],
        ["Amount due on this invoice", money(content.tax.totalMinor)],
        ["Balance after this invoice", money(content.balanceAfterMinor)],
      ];
  for (const [label, value] of facts) {
    flow.text([{ text: `${label}: `, bold: true }, { text: drawable(value) }], { size: 10.5, leading: 16 });
  }
  flow.gap(10);
  flow.rule({ gap: 8 });
  flow.text(
    `Prices include tax: the total is what the customer pays, and the taxable value and tax are contained in it. This document is digitally signed by the Blueprint client portal for ${drawable(content.seller.name)}; any PDF reader shows whether it is unchanged, and the portal's /verify page recognises it.`,
    { size: 8.5, color: MUTED },
  );

  if (invoice.status === "void" && !receipt) {
    for (const page of doc.getPages()) {
      page.drawText("VOID", {
        x: 150,
        y: 300,
        size: 120,
        font: fonts.main("bold"),
        color: VOID_RED,
        opacity: 0.28,
        rotate: degrees(35),
      });
    }
    flow.text("VOID: this invoice was replaced by a new one (the payment's amount or currency changed). Do not pay it.", {
      size: 10,
      color: VOID_RED,
      base: { bold: true },
    });
  }
  flow.footer((page, index, count) =>
    flow.drawFootLine(page, `${title} ${receipt?.receiptNumber ?? invoice.number}`, { index, count }),
  );
  return doc.save();
}
