// The invoices' answers: a project's invoices (GET /api/projects/{id}/invoices) and the console's list of all of them
// (GET /api/company/invoices, paged, filtered by status and year, newest first). Amounts are decimal strings in the
// invoice's currency ("2500.00"); prices include tax (decision 0038), so `total` is what the customer pays.
import { z } from "zod";
import { INVOICE_STATUSES } from "../domain/invoices";
import { PAYMENT_PHASES } from "../domain/payments";
import { DEFAULT_ADMIN_PAGE_SIZE } from "./admin";
import { pageQueryFields, pageSchema } from "./paging";

export const invoiceSummarySchema = z.object({
  id: z.string(),
  number: z.string(),
  phase: z.enum(PAYMENT_PHASES),
  status: z.enum(INVOICE_STATUSES),
  currency: z.enum(["USD", "INR"]),
  total: z.string(),
  taxable: z.string(),
  taxTotal: z.string(),
  issuedAt: z.string(),
  paidAt: z.string().nullable(),
  voidedAt: z.string().nullable(),
  /** Where to download it: the invoice's PDF always (a void one stamped VOID), the receipt once paid. */
  links: z.object({ pdf: z.string(), receipt: z.string().nullable() }),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

/** A project keeps at most a few invoices (two phases, and those voided by a change): the list is bounded. */
export const PROJECT_INVOICES_MAX = 50;
export const projectInvoicesSchema = z.array(invoiceSummarySchema).max(PROJECT_INVOICES_MAX);

export const companyInvoiceSchema = invoiceSummarySchema.extend({
  project: z.object({ id: z.string(), code: z.string(), name: z.string().nullable() }),
  /** The buyer as the invoice names them. */
  customer: z.string(),
});
export type CompanyInvoice = z.infer<typeof companyInvoiceSchema>;
export const companyInvoicePageSchema = pageSchema(companyInvoiceSchema);

export const INVOICE_YEAR_MIN = 2000;
export const INVOICE_YEAR_MAX = 2200;

export const companyInvoiceQuerySchema = z.strictObject({
  status: z
    .enum(["all", ...INVOICE_STATUSES])
    .optional()
    .default("all"),
  year: z.coerce.number().int().min(INVOICE_YEAR_MIN).max(INVOICE_YEAR_MAX).optional(),
  ...pageQueryFields(DEFAULT_ADMIN_PAGE_SIZE),
});
export type CompanyInvoiceQuery = z.infer<typeof companyInvoiceQuerySchema>;
