// /pricing: the packages with the USD / INR switch, what each includes, and the ROI guarantee.
import { Check, MoveHorizontal } from "lucide-react";
import { useState } from "react";
import { ENGAGEMENT_INCLUDES } from "../../../../shared/constants/marketing";
import { type Currency, DEFAULT_CURRENCY, formatPrice, PACKAGE_TYPES, PACKAGES } from "../../../../shared/constants/packages";
import { CurrencySwitch } from "../components/CurrencySwitch";
import { Faq } from "../components/Faq";
import { PackageCards } from "../components/PackageCards";
import { PageHero } from "../components/PageHero";
import { PublicLayout, SectionHeading } from "../components/PublicLayout";
import { FinalCtaSection } from "../sections/FinalCtaSection";
import { RoiGuaranteeBox } from "../sections/RoiGuaranteeSection";

/** A row's label: held at the left while the packages scroll past it on a phone. */
const ROW_HEADER = "sticky left-0 z-10 min-w-[9rem] bg-white p-4 font-medium text-slate-900";

const FAQ = [
  {
    question: "Which package should I choose?",
    answer:
      "BASIC suits a focused idea with a few key screens. ADVANCED, our most popular, covers a full product flow for a larger group of testers. PREMIUM is for complex products with several user roles and 20 people testing.",
  },
  {
    question: "Can I pay in Indian rupees?",
    answer:
      "Yes. Prices are set in US dollars and Indian rupees; use the switch above to see either. US dollars are the default.",
  },
  {
    question: "What do I need to get started?",
    answer:
      "Just your email address. Sign in to the portal with a one-time code, complete your company profile, sign the NDA and answer the 15-30 minute requirements questionnaire.",
  },
];

export default function PricingPage() {
  const [currency, setCurrency] = useState<Currency>(DEFAULT_CURRENCY);
  const rows: Array<{ label: string; value: (type: (typeof PACKAGE_TYPES)[number]) => string }> = [
    { label: "Price", value: (type) => formatPrice(PACKAGES[type].prices[currency], currency) },
    { label: "Delivery", value: (type) => `${PACKAGES[type].deliveryHours} hours` },
    { label: "Users included", value: (type) => String(PACKAGES[type].users) },
    { label: "Access period", value: (type) => `${PACKAGES[type].accessMonths} months` },
    { label: "Iterations", value: (type) => String(PACKAGES[type].iterations) },
  ];

  return (
    <PublicLayout page="pricing">
      <PageHero
        eyebrow="Pricing"
        title="Fixed prices for working prototypes"
        lead="Three packages, one promise: a high-fidelity prototype and the requirements behind it, delivered in 48 to 96 hours."
      >
        <CurrencySwitch value={currency} onChange={setCurrency} />
      </PageHero>

      <section aria-labelledby="packages-title" className="pb-20">
        <div className="mx-auto max-w-7xl px-4 pt-6 sm:px-6">
          <h2 id="packages-title" className="sr-only">
            Packages
          </h2>
          <PackageCards currency={currency} />
        </div>
      </section>

      <section aria-labelledby="compare-packages-title" className="bg-slate-50 py-20 sm:py-24">
        <div className="mx-auto max-w-5xl px-4 sm:px-6">
          <SectionHeading id="compare-packages-title" eyebrow="Compare" title="What each package includes" />
          {/* relative: the cells' sr-only texts are absolutely placed; without a positioned scroller they escape its
              clip and widen the page at 375 px. */}
          <p className="mt-8 flex items-center gap-2 text-sm text-slate-600 sm:hidden" data-testid="compare-scroll-hint">
            <MoveHorizontal className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
            Swipe the table sideways to compare all three packages.
          </p>
          <section
            className="relative mt-4 overflow-x-auto sm:mt-12 rounded-2xl border border-slate-200 bg-white"
            aria-label="Package comparison, scrollable"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable table must be reachable by keyboard on small screens
            tabIndex={0}
          >
            {/* Words stay whole here (the base rule lets text break anywhere): the table scrolls instead, its first
                column held in place so each row keeps its label. */}
            <table className="w-full min-w-[36rem] text-left text-sm [&_td]:[overflow-wrap:normal] [&_th]:[overflow-wrap:normal]">
              <caption className="sr-only">
                Packages compared, prices in <span data-currency-name="">{currency}</span>
              </caption>
              <thead>
                <tr className="border-b border-slate-200">
                  <th scope="col" className="sticky left-0 z-10 bg-white p-4">
                    <span className="sr-only">Feature</span>
                  </th>
                  {PACKAGE_TYPES.map((type) => (
                    <th key={type} scope="col" className="whitespace-nowrap p-4 text-sm font-bold tracking-widest text-brand-700">
                      {PACKAGES[type].name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rows.map((row) => (
                  <tr key={row.label}>
                    <th scope="row" className={ROW_HEADER}>
                      {row.label}
                    </th>
                    {PACKAGE_TYPES.map((type) => (
                      <td
                        key={type}
                        className="whitespace-nowrap p-4 text-slate-800"
                        data-price-package={row.label === "Price" ? type : undefined}
                      >
                        {row.value(type)}
                      </td>
                    ))}
                  </tr>
                ))}
                {ENGAGEMENT_INCLUDES.filter((item) => item !== "3 iteration rounds").map((item) => (
                  <tr key={item}>
                    <th scope="row" className={ROW_HEADER}>
                      {item}
                    </th>
                    {PACKAGE_TYPES.map((type) => (
                      <td key={type} className="p-4">
                        <Check className="size-5 text-emerald-600" aria-hidden="true" />
                        <span className="sr-only">Included</span>
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </div>
      </section>

      <section aria-labelledby="pricing-roi-title" className="px-4 py-20 sm:px-6 sm:py-24">
        <div className="mx-auto max-w-7xl">
          <RoiGuaranteeBox headingId="pricing-roi-title" />
        </div>
      </section>

      <div className="bg-slate-50">
        <Faq id="pricing-faq-title" items={FAQ} />
      </div>
      <div className="pt-20">
        <FinalCtaSection />
      </div>
    </PublicLayout>
  );
}
