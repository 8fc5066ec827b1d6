// 5. Package pricing with the USD / INR switch (default USD).
import { useState } from "react";
import { type Currency, DEFAULT_CURRENCY } from "../../../../shared/constants/packages";
import { CurrencySwitch } from "../components/CurrencySwitch";
import { PackageCards } from "../components/PackageCards";
import { SectionHeading } from "../components/PublicLayout";

export function PricingSection() {
  const [currency, setCurrency] = useState<Currency>(DEFAULT_CURRENCY);
  return (
    <section aria-labelledby="pricing-title" className="py-20 sm:py-24" id="pricing">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading
          id="pricing-title"
          eyebrow="Packages"
          title="Simple, fixed prices per prototype"
          lead="Pick the depth you need. Every package includes NDA protection, daily progress updates, 3 iterations and 6 months of access for your team."
        />
        <div className="mt-8 flex justify-center">
          <CurrencySwitch value={currency} onChange={setCurrency} />
        </div>
        <div className="mt-12">
          <PackageCards currency={currency} />
        </div>
      </div>
    </section>
  );
}
