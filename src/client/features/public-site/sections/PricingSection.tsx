// 5. Package pricing with the USD / INR switch (default USD).
import { useState } from "react";
import { type Currency, DEFAULT_CURRENCY } from "../../../../shared/constants/packages";
import { CurrencySwitch } from "../components/CurrencySwitch";
import { PackageCards } from "../components/PackageCards";
import { PageSection } from "../components/PublicLayout";

export function PricingSection() {
  const [currency, setCurrency] = useState<Currency>(DEFAULT_CURRENCY);
  return (
    <PageSection
      id="pricing-title"
      eyebrow="Packages"
      title="Simple, fixed prices per prototype"
      lead="Pick the depth you need. Every package includes NDA protection, daily progress updates, 3 iterations and 6 months of access for your team."
      anchor="pricing"
    >
      <div className="mt-8 flex justify-center">
        <CurrencySwitch value={currency} onChange={setCurrency} />
      </div>
      <div className="mt-12">
        <PackageCards currency={currency} />
      </div>
    </PageSection>
  );
}
