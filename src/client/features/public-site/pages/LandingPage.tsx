// / for signed-out visitors: the eleven landing sections, in the order rendered below.
import { PublicLayout } from "../components/PublicLayout";
import { ClosingCtaSection } from "../sections/ClosingCtaSection";
import { FinalCtaSection } from "../sections/FinalCtaSection";
import { GetInTouchSection } from "../sections/GetInTouchSection";
import { Hero } from "../sections/Hero";
import { OurStorySection } from "../sections/OurStorySection";
import { PricingSection } from "../sections/PricingSection";
import { ProblemSection } from "../sections/ProblemSection";
import { RoiCalculatorSection } from "../sections/RoiCalculatorSection";
import { RoiGuaranteeSection } from "../sections/RoiGuaranteeSection";
import { StepsSection } from "../sections/StepsSection";
import { WhatYouGetSection } from "../sections/WhatYouGetSection";

export default function LandingPage() {
  return (
    <PublicLayout page="home">
      <Hero />
      <ProblemSection />
      <WhatYouGetSection />
      <StepsSection />
      <PricingSection />
      <RoiGuaranteeSection />
      <OurStorySection />
      <RoiCalculatorSection />
      <ClosingCtaSection />
      <GetInTouchSection />
      <FinalCtaSection />
    </PublicLayout>
  );
}
