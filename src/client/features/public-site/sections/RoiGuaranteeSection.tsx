// 6. ROI guarantee: $10+ saved per $1, a prototype at the plans' prices against a $150,000 project, 1-year hosted access.
import { BadgeCheck } from "lucide-react";
import { MARKETING_FIGURES } from "../../../../shared/constants/marketing";
import { formatPrice } from "../../../../shared/constants/packages";

const usd = (amount: number) => formatPrice(amount, "USD");
const f = MARKETING_FIGURES;

export function RoiGuaranteeBox({ headingId, headingLevel = "h2" }: { headingId: string; headingLevel?: "h2" | "h3" }) {
  const Heading = headingLevel;
  return (
    <div className="grid gap-10 overflow-hidden rounded-3xl bg-gradient-to-br from-brand-800 via-brand-700 to-indigo-600 p-8 text-white shadow-xl sm:p-12 lg:grid-cols-2">
      <div>
        <p className="inline-flex items-center gap-2 rounded-full bg-white/15 px-3 py-1 text-sm font-semibold">
          <BadgeCheck className="size-4" aria-hidden="true" />
          ROI guarantee
        </p>
        <Heading id={headingId} className="mt-5 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          Save ${f.savedPerDollar}+ for every $1 you put into a prototype
        </Heading>
        <p className="mt-4 text-lg leading-relaxed text-brand-50">
          Validating first means your development budget goes into the product users asked for, not into rebuilding the one they
          did not. Your prototype stays hosted with {f.hostedAccessYears}-year access, so it keeps serving as the reference for
          your team.
        </p>
      </div>
      <dl className="grid gap-4 sm:grid-cols-2">
        <div className="rounded-2xl bg-white/10 p-5">
          <dt className="text-sm text-brand-100">Prototype investment</dt>
          <dd className="mt-1 text-2xl font-bold">
            {usd(f.prototypeInvestment.min)}-{usd(f.prototypeInvestment.max)}
          </dd>
        </div>
        <div className="rounded-2xl bg-white/10 p-5">
          <dt className="text-sm text-brand-100">Traditional project</dt>
          <dd className="mt-1 text-2xl font-bold">{usd(f.traditionalProject)}</dd>
        </div>
        <div className="rounded-2xl bg-white/10 p-5">
          <dt className="text-sm text-brand-100">Average savings</dt>
          <dd className="mt-1 text-2xl font-bold">{usd(f.averageSavings)}+</dd>
        </div>
        <div className="rounded-2xl bg-white p-5 text-brand-900">
          <dt className="text-sm font-medium">Return on investment</dt>
          <dd className="mt-1 text-xl font-bold">${f.savedPerDollar}+ saved per $1</dd>
        </div>
        <div className="rounded-2xl bg-white/10 p-5 sm:col-span-2">
          <dt className="text-sm text-brand-100">Prototype hosting</dt>
          <dd className="mt-1 text-lg font-semibold">{f.hostedAccessYears}-year hosted access included</dd>
        </div>
      </dl>
    </div>
  );
}

export function RoiGuaranteeSection() {
  return (
    <section aria-labelledby="roi-guarantee-title" className="px-4 pb-20 sm:px-6 sm:pb-24">
      <div className="mx-auto max-w-7xl">
        <RoiGuaranteeBox headingId="roi-guarantee-title" />
      </div>
    </section>
  );
}
