// The Billing tab's invoices: every invoice the portal issued, newest first, filtered by status and paged; each with
// its project, customer, phase, status, total (tax included), issue and payment dates, and its PDF and receipt.
import { Download } from "lucide-react";
import { formatMoney, PAYMENT_PHASE_LABELS, toMinorUnits } from "../../../shared/domain/payments";
import { InvoiceStatusBadge } from "../../components/kit/InvoiceStatusBadge";
import { ListState } from "../../components/kit/ListState";
import { Pager } from "../../components/kit/Pager";
import { Card, CardContent } from "../../components/ui/card";
import { formatCalendarDate } from "../../lib/date-time";
import { useListState } from "../../lib/use-list-state";
import { useCompanyInvoices } from "./api/get-company-invoices";
import { FilteredTabHeader } from "./FilteredTabHeader";

const OPTIONS = [
  { value: "all", label: "All invoices" },
  { value: "issued", label: "Awaiting payment" },
  { value: "paid", label: "Paid" },
  { value: "void", label: "Void (replaced)" },
];

const LIST = { status: ["all", "issued", "paid", "void"] } as const;

function DownloadLink({ href, children }: { href: string; children: string }) {
  return (
    <a className="inline-flex items-center gap-1 whitespace-nowrap text-brand-700 underline" href={href} download>
      <Download aria-hidden="true" className="size-3.5" />
      {children}
    </a>
  );
}

export function InvoicesSection() {
  const { state, set } = useListState(LIST, { scope: "invoices" });
  const invoices = useCompanyInvoices({ status: state.status, page: state.page });
  return (
    <Card className="min-w-0">
      <CardContent className="min-w-0 p-4 sm:p-6">
        <FilteredTabHeader
          title="Invoices"
          filter={{ label: "Invoice status", value: state.status, onChange: (status) => set({ status }), options: OPTIONS }}
        />
        <p className="mb-4 text-sm text-slate-600">
          Each payment phase is invoiced when it is requested, numbered per year without gaps; a changed amount voids the invoice
          and issues a new one. Totals include tax.
        </p>
        <ListState
          isLoading={invoices.isLoading}
          error={invoices.error}
          isEmpty={invoices.data?.items.length === 0}
          emptyText="No invoices yet"
          onRetry={() => invoices.refetch()}
        >
          <div className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
            <table
              className="w-full min-w-[44rem] text-left text-sm [&_td]:[overflow-wrap:normal] [&_th]:[overflow-wrap:normal]"
              data-testid="company-invoices"
            >
              <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  <th className="py-2 pr-3 font-medium">Number</th>
                  <th className="py-2 pr-3 font-medium">Project</th>
                  <th className="py-2 pr-3 font-medium">Customer</th>
                  <th className="py-2 pr-3 font-medium">Status</th>
                  <th className="py-2 pr-3 text-right font-medium">Total</th>
                  <th className="py-2 pr-3 font-medium">Issued · paid</th>
                  <th className="py-2 font-medium">Documents</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {invoices.data?.items.map((invoice) => (
                  <tr key={invoice.id} data-testid="company-invoice-row">
                    <td className="py-3 pr-3 whitespace-nowrap">
                      <span className="font-medium text-slate-900">{invoice.number}</span>
                      <span className="block text-xs text-slate-500">{PAYMENT_PHASE_LABELS[invoice.phase]}</span>
                    </td>
                    <td className="py-3 pr-3 whitespace-nowrap text-slate-700">{invoice.project.code}</td>
                    <td className="min-w-36 max-w-56 py-3 pr-3 break-words text-slate-700">{invoice.customer}</td>
                    <td className="py-3 pr-3">
                      <InvoiceStatusBadge status={invoice.status} />
                    </td>
                    <td className="py-3 pr-3 text-right whitespace-nowrap text-slate-900">
                      {formatMoney(toMinorUnits(invoice.total) ?? 0, invoice.currency)}
                    </td>
                    <td className="py-3 pr-3 whitespace-nowrap text-slate-700">
                      {formatCalendarDate(invoice.issuedAt)}
                      <span className="block text-xs text-slate-500">
                        {invoice.paidAt ? `Paid ${formatCalendarDate(invoice.paidAt)}` : "Not paid"}
                      </span>
                    </td>
                    <td className="py-3">
                      <div className="flex flex-col gap-1">
                        <DownloadLink href={invoice.links.pdf}>Invoice PDF</DownloadLink>
                        {invoice.links.receipt && <DownloadLink href={invoice.links.receipt}>Receipt</DownloadLink>}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {invoices.data && <Pager of={invoices.data} onPage={(page) => set({ page })} />}
        </ListState>
      </CardContent>
    </Card>
  );
}
