// GET /api/projects/{id}/payments/{phase}/receipt: the receipt of a paid phase, sealed with the portal's PAdES
// signature and recorded by its SHA-256 so /verify recognises it. The same input always gives the same bytes. A phase
// with a paid invoice gets the invoice's receipt (features/invoices: seller and buyer, number BP-2026-0007-R, taxes,
// paid to date and balance); one paid before the company's legal details existed keeps this plain receipt (payer,
// company, project code, phase, amount, currency, Stripe's payment id, paid-at in UTC).
import { and, desc, eq } from "drizzle-orm";
import { PDFDocument, rgb } from "pdf-lib";
import { utcTimestamp } from "../../../shared/domain/dates";
import { PROVIDER_NAME } from "../../../shared/domain/nda-agreement";
import { formatMoney, PAYMENT_PHASE_LABELS, type PaymentPhase, toMinorUnits } from "../../../shared/domain/payments";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { payments, profiles, users } from "../../db/schema";
import type { IssuedDocument } from "../../documents/deliver";
import { DocumentFonts, drawable } from "../../documents/fonts";
import { recordIssuedDocument } from "../../documents/issued";
import { A4, MUTED, PageFlow } from "../../documents/layout";
import { type SealDetails, sealPdf, sealRecord } from "../../documents/pades";
import { contentKey, pdfRenders } from "../../documents/render-guard";
import { sealLocation, signingIdentity } from "../../documents/signing-identity";
import { forbidden, notFound } from "../../errors";
import { invoiceDocument, livePhaseInvoice } from "../invoices";
import type { ProjectAccess } from "../projects";

export const RECEIPT_MESSAGES = {
  notPaid: "There is no receipt yet: this payment has not been received.",
  notAllowed: "Only the project's owner, a team admin or the Blueprint team can download its receipts.",
} as const;

export type ReceiptInput = {
  receiptNumber: string;
  payerName: string;
  payerEmail: string;
  company: string;
  projectCode: string;
  phase: string;
  amount: string;
  method: string;
  paymentId: string;
  paidAt: string;
};

const BRAND = rgb(0.19, 0.18, 0.51);

export async function renderReceiptPdf(input: ReceiptInput, paidAt: Date): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts = await DocumentFonts.embed(doc);
  doc.setTitle(`Payment receipt ${input.receiptNumber}`);
  doc.setSubject(`${input.phase} for ${input.projectCode}`);
  doc.setAuthor(PROVIDER_NAME);
  doc.setCreator("Blueprint client portal");
  doc.setProducer("Blueprint client portal (pdf-lib)");
  doc.setCreationDate(paidAt);
  doc.setModificationDate(paidAt);
  const flow = new PageFlow(doc, fonts, A4);
  flow.heading("Payment receipt", { size: 22, color: BRAND, gapAfter: 6 });
  flow.text(`Receipt ${input.receiptNumber}`, { size: 10, color: MUTED });
  flow.gap(12);
  flow.rule({ gap: 8 });
  const rows: Array<[string, string]> = [
    ["Received from", `${input.payerName} <${input.payerEmail}>`],
    ["Received by", input.company],
    ["Project", input.projectCode],
    ["For", input.phase],
    ["Amount", input.amount],
    ["Paid by", input.method],
    ["Payment id", input.paymentId],
    ["Paid at (UTC)", input.paidAt],
  ];
  for (const [label, value] of rows) {
    flow.text([{ text: `${label}: `, bold: true }, { text: drawable(value) }], { size: 11.5, leading: 19 });
  }
  flow.gap(10);
  flow.rule({ gap: 8 });
  flow.text(
    `This receipt is digitally signed by ${PROVIDER_NAME}. Any PDF reader shows whether it is unchanged, and the portal's /verify page recognises it.`,
    { size: 9, color: MUTED },
  );
  return doc.save();
}

/** What the receipt states, from the phase's payment record (or, for a transfer, the admin's typed date and amount). */
async function receiptFacts(db: Database, access: ProjectAccess, phase: PaymentPhase) {
  const { project } = access;
  const received = phase === "advance" ? project.advancePaymentReceivedDate : project.balancePaymentReceivedDate;
  if (!received) return null;
  const [stripePayment] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.projectId, project.id),
        eq(payments.phase, phase),
        eq(payments.provider, "stripe"),
        eq(payments.kind, "paid"),
      ),
    )
    .orderBy(desc(payments.occurredAt))
    .limit(1);
  const viaStripe = (phase === "advance" ? project.advancePaidVia : project.balancePaidVia) === "stripe" && stripePayment;
  const amountMinor = viaStripe
    ? stripePayment.amountMinor
    : toMinorUnits(phase === "advance" ? project.advancePaymentAmount : project.balancePaymentAmount);
  const currency = viaStripe
    ? (stripePayment.currency ?? "USD")
    : phase === "advance"
      ? project.advancePaymentCurrency
      : project.balancePaymentCurrency;
  const paidAt = viaStripe ? stripePayment.occurredAt : received;
  return {
    paidAt,
    amount: amountMinor === null ? "as agreed (no amount recorded)" : formatMoney(amountMinor, currency),
    method: viaStripe ? "Card (Stripe Checkout)" : "Bank transfer",
    paymentId: viaStripe ? (stripePayment.stripePaymentIntentId ?? stripePayment.stripeSessionId ?? "—") : "—",
  };
}

export async function paymentReceipt(
  ctx: AppContext,
  { access, phase }: { access: ProjectAccess; phase: PaymentPhase },
): Promise<IssuedDocument> {
  if (!["owner", "admin", "company"].includes(access.accessLevel)) throw forbidden(RECEIPT_MESSAGES.notAllowed);
  const { project } = access;
  const invoice = await livePhaseInvoice(ctx.db, { projectId: project.id, phase });
  if (invoice?.status === "paid") {
    const document = await invoiceDocument(ctx, { invoice, kind: "receipt", renderer: access.user.id });
    if (document) return document;
  }
  const facts = await receiptFacts(ctx.db, access, phase);
  if (!facts) throw notFound(RECEIPT_MESSAGES.notPaid);
  const [payer] = await ctx.db
    .select({
      email: users.email,
      name: users.name,
      fullName: profiles.fullName,
      company: profiles.company,
      profileId: profiles.id,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, project.userId))
    .limit(1);
  const payerName = [payer?.fullName ?? payer?.name, payer?.company].filter(Boolean).join(", ") || "The customer";
  const input: ReceiptInput = {
    receiptNumber: `${project.projectCode}-${phase === "advance" ? "A" : "B"}`,
    payerName,
    payerEmail: payer?.email ?? "",
    company: PROVIDER_NAME,
    projectCode: project.projectCode,
    phase: PAYMENT_PHASE_LABELS[phase],
    amount: facts.amount,
    method: facts.method,
    paymentId: facts.paymentId,
    paidAt: utcTimestamp(facts.paidAt),
  };
  const identity = signingIdentity(ctx.config);
  const seal: SealDetails = {
    reason: `Receipt for the ${PAYMENT_PHASE_LABELS[phase].toLowerCase()} of ${project.projectCode}, issued by ${PROVIDER_NAME}`,
    location: sealLocation(ctx.config),
    signingTime: facts.paidAt,
  };
  const key = contentKey("payment-receipt:v1", { input, seal, signer: identity.fingerprint });
  const bytes = await pdfRenders.render(key, access.user.id, async () =>
    sealPdf(await renderReceiptPdf(input, facts.paidAt), identity, seal),
  );
  const sha256 = await recordIssuedDocument(ctx.db, {
    kind: "payment_receipt",
    bytes,
    profileId: payer?.profileId ?? null,
    projectId: project.id,
    details: {
      projectCode: project.projectCode,
      phase,
      amount: facts.amount,
      paymentId: facts.paymentId,
      issuedTo: access.user.email,
      signatures: [sealRecord(identity, seal)],
    },
  });
  return { bytes, sha256, filename: `${project.projectCode}-${phase}-receipt.pdf` };
}
