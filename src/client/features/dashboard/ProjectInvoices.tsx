// The project's invoices in Payment Information: number, status and amount (tax included) of each, with its PDF and,
// once paid, its receipt. Shown to those who pay (the owner and admin-level members).
import { Download } from "lucide-react";
import { formatMoney, PAYMENT_PHASE_LABELS, toMinorUnits } from "../../../shared/domain/payments";
import type { InvoiceSummary } from "../../../shared/schemas/invoices";
import { InvoiceStatusBadge } from "../../components/kit/InvoiceStatusBadge";
import { Button } from "../../components/ui/button";
import { formatCalendarDate } from "../../lib/date-time";

export function ProjectInvoices({ invoices }: { invoices: InvoiceSummary[] }) {
  if (invoices.length === 0) return null;
  return (
    <div className="grid gap-2" data-testid="project-invoices">
      <h3 className="text-sm font-semibold text-slate-900">Invoices</h3>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
        {invoices.map((invoice) => (
          <li key={invoice.id} className="grid gap-2 p-3" data-testid={`invoice-${invoice.number}`}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-medium text-slate-900">
                {invoice.number} <span className="font-normal text-slate-600">· {PAYMENT_PHASE_LABELS[invoice.phase]}</span>
              </p>
              <InvoiceStatusBadge status={invoice.status} />
            </div>
            <p className="text-sm text-slate-700">
              {formatMoney(toMinorUnits(invoice.total) ?? 0, invoice.currency)}{" "}
              <span className="text-xs text-slate-500">
                (tax included) · issued {formatCalendarDate(invoice.issuedAt)}
                {invoice.paidAt ? ` · paid ${formatCalendarDate(invoice.paidAt)}` : ""}
              </span>
            </p>
            <div className="flex flex-wrap gap-2">
              <Button asChild size="sm" variant="outline">
                <a href={invoice.links.pdf} download>
                  <Download aria-hidden="true" />
                  Download invoice
                </a>
              </Button>
              {invoice.links.receipt && (
                <Button asChild size="sm" variant="outline">
                  <a href={invoice.links.receipt} download>
                    <Download aria-hidden="true" />
                    Download receipt
                  </a>
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
