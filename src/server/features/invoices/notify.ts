// The invoice and receipt emails: a requested phase's invoice to the owner and the admin-level members (the people who
// pay), the invoice PDF attached; a paid phase's "payment received" to the same people with its receipt attached. Both
// are transactional (no unsubscribe link, email/kinds.ts). The PDF is drawn when the email is sent (emailAttachment),
// from the invoice as issued, so the attachment is the very file the portal serves.
import { and, eq } from "drizzle-orm";
import type { InvoiceContent } from "../../../shared/domain/invoices";
import { formatMoney, PAYMENT_PHASE_LABELS, type PaymentPhase } from "../../../shared/domain/payments";
import { PAYMENT_SCHEDULE } from "../../../shared/domain/pricing";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { invoices, projectMembers, projects, users } from "../../db/schema";
import type { EmailOutbox } from "../../email/outbox";
import type { MailAttachment } from "../../email/worker";
import { type InvoiceRow, invoiceDocument, livePhaseInvoice, receiptNumberOf } from "./documents";

/** The project's owner and its admin-level members: who pays, and who gets the invoices and receipts. */
export async function payers(db: Database, projectId: string): Promise<string[]> {
  const [owner] = await db
    .select({ email: users.email })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.userId))
    .where(eq(projects.id, projectId))
    .limit(1);
  const admins = await db
    .select({ email: projectMembers.email })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.accessLevel, "admin")));
  return [...new Set([owner?.email, ...admins.map((row) => row.email)].filter(Boolean).map((e) => String(e).toLowerCase()))];
}

const reference = (kind: "invoice" | "receipt", invoiceId: string) => `${kind}:${invoiceId}`;

/** Emails each newly issued (unpaid) invoice to the project's payers, in the transaction that issued it. */
export async function emailIssuedInvoices(
  email: EmailOutbox,
  { tx, issued }: { tx: Database; issued: InvoiceRow[] },
): Promise<void> {
  for (const invoice of issued) {
    if (invoice.status !== "issued") continue;
    const content = invoice.content as unknown as InvoiceContent;
    const phase = invoice.phase as PaymentPhase;
    const data = {
      project: { projectCode: content.project.code, projectName: content.project.name },
      phase: PAYMENT_PHASE_LABELS[phase],
      invoiceNumber: invoice.number,
      money: formatMoney(invoice.totalMinor, invoice.currency),
      due: PAYMENT_SCHEDULE[phase]?.due ?? null,
    };
    for (const to of await payers(tx, invoice.projectId)) {
      await email.enqueue(
        { kind: "invoice-issued", to, data, projectId: invoice.projectId, attachment: reference("invoice", invoice.id) },
        tx,
      );
    }
  }
}

/**
 * Tells the payers a phase was paid: "payment received" with the receipt of the phase's invoice attached (when the
 * phase has one: without the company's legal details no invoice is issued, and the receipt stays on the dashboard).
 */
export async function emailPaymentReceived(
  email: EmailOutbox,
  { tx, projectId, phase, money }: { tx: Database; projectId: string; phase: PaymentPhase; money: string },
): Promise<void> {
  const [project] = await tx
    .select({ projectCode: projects.projectCode, projectName: projects.projectName })
    .from(projects)
    .where(eq(projects.id, projectId))
    .limit(1);
  if (!project) return;
  const invoice = await livePhaseInvoice(tx, { projectId, phase });
  const paid = invoice?.status === "paid" ? invoice : null;
  const data = {
    project,
    phase: PAYMENT_PHASE_LABELS[phase],
    money,
    receiptNumber: paid ? receiptNumberOf(paid.number) : null,
  };
  for (const to of await payers(tx, projectId)) {
    await email.enqueue(
      { kind: "payment-received", to, data, projectId, attachment: paid ? reference("receipt", paid.id) : null },
      tx,
    );
  }
}

/** The email worker's attachment resolver: "invoice:<id>" or "receipt:<id>" → the sealed PDF. */
export async function emailAttachment(ctx: Pick<AppContext, "config" | "db">, ref: string): Promise<MailAttachment> {
  const [kind, invoiceId] = ref.split(":");
  if ((kind !== "invoice" && kind !== "receipt") || !invoiceId) throw new Error(`unknown attachment ${ref}`);
  const [invoice] = await ctx.db.select().from(invoices).where(eq(invoices.id, invoiceId)).limit(1);
  if (!invoice) throw new Error(`attachment ${ref}: no such invoice`);
  const document = await invoiceDocument(ctx, { invoice, kind, renderer: null });
  if (!document) throw new Error(`attachment ${ref}: the invoice is not paid`);
  return { filename: document.filename, content: Buffer.from(document.bytes), contentType: "application/pdf" };
}
