// An invoice's PDF and its receipt's PDF, sealed with the portal's PAdES signature (signed as of the invoice's issue
// and the payment's time, so the same invoice always gives the same bytes) and recorded by their SHA-256 so /verify
// recognises them. The receipt's number is the invoice's with "-R" (BP-2026-0007-R): one receipt per paid invoice.
import { and, desc, eq } from "drizzle-orm";
import type { InvoiceContent } from "../../../shared/domain/invoices";
import { formatMoney, PAYMENT_PHASE_LABELS, type PaymentPhase } from "../../../shared/domain/payments";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { invoices, payments, profiles, projects } from "../../db/schema";
import type { IssuedDocument } from "../../documents/deliver";
import { recordIssuedDocument } from "../../documents/issued";
import { type SealDetails, sealPdf, sealRecord } from "../../documents/pades";
import { contentKey, pdfRenders } from "../../documents/render-guard";
import { sealLocation, signingIdentity } from "../../documents/signing-identity";
import { type InvoicePdfInput, invoiceTitle, type ReceiptFacts, renderInvoicePdf } from "./invoice-pdf";

export type InvoiceRow = typeof invoices.$inferSelect;
type Ctx = Pick<AppContext, "config" | "db">;

/** BP-2026-0007 → BP-2026-0007-R. */
export function receiptNumberOf(invoiceNumber: string): string {
  return `${invoiceNumber}-R`;
}

export const INVOICE_DOCUMENT_MESSAGES = {
  notPaid: "There is no receipt yet: this invoice has not been paid.",
} as const;

function pdfInput(invoice: InvoiceRow): InvoicePdfInput {
  return {
    number: invoice.number,
    issuedAt: invoice.issuedAt,
    currency: invoice.currency,
    status: invoice.status,
    content: invoice.content as unknown as InvoiceContent,
  };
}

/** How the invoice was paid: Stripe's payment (its payment intent), or the transfer the company recorded. */
async function receiptFacts(db: Database, invoice: InvoiceRow): Promise<ReceiptFacts | null> {
  if (invoice.status !== "paid" || !invoice.paidAt) return null;
  const [project] = await db
    .select({ advancePaidVia: projects.advancePaidVia, balancePaidVia: projects.balancePaidVia })
    .from(projects)
    .where(eq(projects.id, invoice.projectId))
    .limit(1);
  const via = invoice.phase === "advance" ? project?.advancePaidVia : project?.balancePaidVia;
  const [record] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.projectId, invoice.projectId),
        eq(payments.phase, invoice.phase),
        eq(payments.kind, "paid"),
        eq(payments.provider, via === "stripe" ? "stripe" : "transfer"),
      ),
    )
    .orderBy(desc(payments.occurredAt))
    .limit(1);
  const card = via === "stripe";
  return {
    receiptNumber: receiptNumberOf(invoice.number),
    paidAt: invoice.paidAt,
    method: card ? "Card via Stripe" : "Bank transfer",
    paymentId: (card ? (record?.stripePaymentIntentId ?? record?.stripeSessionId) : record?.id) ?? "—",
  };
}

async function ownerProfileId(db: Database, projectId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: profiles.id })
    .from(projects)
    .innerJoin(profiles, eq(profiles.userId, projects.userId))
    .where(eq(projects.id, projectId))
    .limit(1);
  return row?.id ?? null;
}

/**
 * The invoice's PDF (kind "invoice") or its receipt's (kind "receipt"; null while unpaid). `renderer` names whose
 * render budget it spends (a user id), or null for the email worker, which renders outside the per-user budget.
 */
export async function invoiceDocument(
  ctx: Ctx,
  { invoice, kind, renderer }: { invoice: InvoiceRow; kind: "invoice" | "receipt"; renderer: string | null },
): Promise<IssuedDocument | null> {
  const input = pdfInput(invoice);
  const receipt = kind === "receipt" ? await receiptFacts(ctx.db, invoice) : null;
  if (kind === "receipt" && !receipt) return null;
  const identity = signingIdentity(ctx.config);
  const phase = PAYMENT_PHASE_LABELS[invoice.phase as PaymentPhase].toLowerCase();
  const seal: SealDetails = receipt
    ? {
        reason: `Receipt ${receipt.receiptNumber} for invoice ${invoice.number} (${phase} of ${input.content.project.code})`,
        location: sealLocation(ctx.config),
        signingTime: receipt.paidAt,
      }
    : {
        reason: `${invoiceTitle(input.content)} ${invoice.number} (${phase} of ${input.content.project.code})${invoice.status === "void" ? ", void" : ""}`,
        location: sealLocation(ctx.config),
        signingTime: invoice.issuedAt,
      };
  const key = contentKey(receipt ? "invoice-receipt:v1" : "invoice:v1", { input, receipt, seal, signer: identity.fingerprint });
  const produce = async () => sealPdf(await renderInvoicePdf(input, receipt), identity, seal);
  const bytes = renderer ? await pdfRenders.render(key, renderer, produce) : await produce();
  const sha256 = await recordIssuedDocument(ctx.db, {
    kind: receipt ? "payment_receipt" : "invoice",
    bytes,
    profileId: await ownerProfileId(ctx.db, invoice.projectId),
    projectId: invoice.projectId,
    details: {
      projectCode: input.content.project.code,
      phase: invoice.phase,
      invoiceNumber: invoice.number,
      ...(receipt ? { receiptNumber: receipt.receiptNumber, paymentId: receipt.paymentId } : { status: invoice.status }),
      amount: formatMoney(invoice.totalMinor, invoice.currency),
      signatures: [sealRecord(identity, seal)],
    },
  });
  const filename = receipt
    ? `${input.content.project.code}-${invoice.phase}-receipt.pdf`
    : `${invoice.number}${invoice.status === "void" ? "-void" : ""}.pdf`;
  return { bytes, sha256, filename };
}

/** The phase's invoice that is not void (issued or paid), if any. */
export async function livePhaseInvoice(
  db: Database,
  { projectId, phase }: { projectId: string; phase: PaymentPhase },
): Promise<InvoiceRow | null> {
  const rows = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.projectId, projectId), eq(invoices.phase, phase)))
    .orderBy(desc(invoices.issuedAt), desc(invoices.sequence));
  return rows.find((row) => row.status !== "void") ?? null;
}
