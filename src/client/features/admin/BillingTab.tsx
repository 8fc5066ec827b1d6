// The console's Billing tab: the company's legal details (and, below them, what later sections add), one section each.
import { InvoicesSection } from "./InvoicesSection";
import { LegalDetailsSection } from "./LegalDetailsSection";

export function BillingTab() {
  return (
    <div className="grid gap-6">
      <LegalDetailsSection />
      <InvoicesSection />
    </div>
  );
}
