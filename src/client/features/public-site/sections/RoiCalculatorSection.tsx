// 8. Calculate Your ROI.

import { PageSection } from "../components/PublicLayout";
import { RoiCalculator } from "../components/RoiCalculator";

export function RoiCalculatorSection() {
  return (
    <PageSection
      id="roi-calculator-title"
      eyebrow="Your numbers"
      title="Calculate Your ROI"
      lead="Put in your own budget and see what validating first is worth to you."
    >
      <div className="mt-12">
        <RoiCalculator />
      </div>
    </PageSection>
  );
}
