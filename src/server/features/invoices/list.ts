// The invoices as lists: a project's (its owner, admin-level members and the company), and every invoice for the
// console (newest first by issue time, then id, the order of invoices_issued_idx; filtered by status and year).
import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { InvoiceContent } from "../../../shared/domain/invoices";
import { fromMinorUnits } from "../../../shared/domain/payments";
import {
  type CompanyInvoice,
  type CompanyInvoiceQuery,
  type InvoiceSummary,
  PROJECT_INVOICES_MAX,
} from "../../../shared/schemas/invoices";
import type { Page } from "../../../shared/schemas/paging";
import type { Database } from "../../db/client";
import { onePage, pageReply } from "../../db/paging";
import { invoices, projects } from "../../db/schema";
import type { InvoiceRow } from "./documents";

/** The invoice's links: its PDF, and the phase's receipt once paid (the receipt route keeps its path by phase). */
export function invoiceLinks(invoice: Pick<InvoiceRow, "id" | "projectId" | "phase" | "status">) {
  const project = `/api/projects/${invoice.projectId}`;
  return {
    pdf: `${project}/invoices/${invoice.id}/pdf`,
    receipt: invoice.status === "paid" ? `${project}/payments/${invoice.phase}/receipt` : null,
  };
}

export function toInvoiceSummary(invoice: InvoiceRow): InvoiceSummary {
  const content = invoice.content as unknown as InvoiceContent;
  const taxable = content.tax?.taxableMinor ?? invoice.totalMinor;
  return {
    id: invoice.id,
    number: invoice.number,
    phase: invoice.phase,
    status: invoice.status,
    currency: invoice.currency,
    total: fromMinorUnits(invoice.totalMinor),
    taxable: fromMinorUnits(taxable),
    taxTotal: fromMinorUnits(invoice.totalMinor - taxable),
    issuedAt: invoice.issuedAt.toISOString(),
    paidAt: invoice.paidAt?.toISOString() ?? null,
    voidedAt: invoice.voidedAt?.toISOString() ?? null,
    links: invoiceLinks(invoice),
  };
}

export async function listProjectInvoices(db: Database, projectId: string): Promise<InvoiceSummary[]> {
  const rows = await db
    .select()
    .from(invoices)
    .where(eq(invoices.projectId, projectId))
    .orderBy(desc(invoices.issuedAt), desc(invoices.sequence))
    .limit(PROJECT_INVOICES_MAX);
  return rows.map(toInvoiceSummary);
}

export async function listCompanyInvoices(db: Database, query: CompanyInvoiceQuery): Promise<Page<CompanyInvoice>> {
  const filters: SQL[] = [];
  if (query.status !== "all") filters.push(eq(invoices.status, query.status));
  if (query.year !== undefined) filters.push(eq(invoices.year, query.year));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [counted]] = await Promise.all([
    onePage(
      db
        .select({ invoice: invoices, code: projects.projectCode, name: projects.projectName })
        .from(invoices)
        .innerJoin(projects, eq(projects.id, invoices.projectId))
        .where(where)
        .orderBy(desc(invoices.issuedAt), desc(invoices.id))
        .$dynamic(),
      query,
    ),
    db.select({ n: count() }).from(invoices).where(where),
  ]);
  const items = rows.map(({ invoice, code, name }) => ({
    ...toInvoiceSummary(invoice),
    project: { id: invoice.projectId, code, name },
    customer: (invoice.content as unknown as InvoiceContent).buyer?.name ?? "",
  }));
  return pageReply(items, counted?.n ?? 0, query);
}
