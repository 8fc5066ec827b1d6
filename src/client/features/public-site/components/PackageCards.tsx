// BASIC / ADVANCED / PREMIUM from the one packages module, priced in the chosen currency.
import clsx from "clsx";
import { Check, Sparkles } from "lucide-react";
import { type Currency, formatPrice, PACKAGE_TYPES, PACKAGES } from "../../../../shared/constants/packages";
import { StartProjectLink } from "./cta-links";

function packageFeatures(type: (typeof PACKAGE_TYPES)[number]): string[] {
  const p = PACKAGES[type];
  return [
    `Working prototype in ${p.deliveryHours} hours`,
    `${p.users} users for ${p.accessMonths} months`,
    `${p.iterations} iterations`,
    "2-page AI-assisted brief",
    "NDA protection",
    "Daily progress updates",
  ];
}

export function PackageCards({ currency, headingLevel = "h3" }: { currency: Currency; headingLevel?: "h2" | "h3" }) {
  const Heading = headingLevel;
  return (
    <ul className="grid gap-6 lg:grid-cols-3">
      {PACKAGE_TYPES.map((type) => {
        const p = PACKAGES[type];
        return (
          <li
            key={type}
            className={clsx(
              "relative flex flex-col rounded-2xl border bg-white p-7 shadow-sm",
              p.mostPopular ? "border-brand-600 shadow-xl shadow-brand-700/10 ring-1 ring-brand-600" : "border-slate-200",
            )}
          >
            {p.mostPopular && (
              <span className="absolute -top-3.5 left-1/2 inline-flex -translate-x-1/2 items-center gap-1 rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold text-white">
                <Sparkles className="size-3.5" aria-hidden="true" />
                Most Popular
              </span>
            )}
            <Heading className="text-sm font-bold tracking-widest text-brand-700">{p.name}</Heading>
            <p className="mt-4 flex items-baseline gap-2">
              <span
                className="text-4xl font-bold tracking-tight text-slate-950"
                data-testid={`price-${type}`}
                data-price-package={type}
              >
                {formatPrice(p.prices[currency], currency)}
              </span>
              <span className="text-sm text-slate-600">per prototype</span>
            </p>
            <p className="mt-2 text-sm font-medium text-slate-700">Delivered in {p.deliveryHours} hours</p>
            <ul className="mt-6 grid flex-1 gap-3 text-sm text-slate-700">
              {packageFeatures(type).map((feature) => (
                <li key={feature} className="flex gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
                  {feature}
                </li>
              ))}
            </ul>
            <StartProjectLink variant={p.mostPopular ? "default" : "outline"} className="mt-8 w-full">
              Get Started<span className="sr-only"> with {p.name}</span>
            </StartProjectLink>
          </li>
        );
      })}
    </ul>
  );
}
