// An invoice's status as a badge, the same in the customer's list and the console's: awaiting payment, paid, void.
import { INVOICE_STATUS_LABELS, type InvoiceStatus } from "../../../shared/domain/invoices";
import { Badge } from "../ui/badge";

const VARIANT = { issued: "warning", paid: "success", void: "secondary" } as const;

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <Badge variant={VARIANT[status]} data-testid="invoice-status">
      {INVOICE_STATUS_LABELS[status]}
    </Badge>
  );
}
