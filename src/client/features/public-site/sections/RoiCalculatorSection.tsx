// 8. Calculate Your ROI.

import { SectionHeading } from "../components/PublicLayout";
import { RoiCalculator } from "../components/RoiCalculator";

export function RoiCalculatorSection() {
  return (
    <section aria-labelledby="roi-calculator-title" className="py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading
          id="roi-calculator-title"
          eyebrow="Your numbers"
          title="Calculate Your ROI"
          lead="Put in your own budget and see what validating first is worth to you."
        />
        <div className="mt-12">
          <RoiCalculator />
        </div>
      </div>
    </section>
  );
}
