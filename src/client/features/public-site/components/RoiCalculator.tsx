// Calculate Your ROI: planned build budget, share of rework a validated prototype avoids, chosen package (shared/domain/roi.ts).
// On a pre-rendered page the ROI island (islands/roi.ts) drives the same markup through its data-roi-* hooks, with the
// same formatting (roi-format.ts).
import { useId, useState } from "react";
import { PACKAGE_TYPES, PACKAGES, type PackageType } from "../../../../shared/constants/packages";
import { calculateRoi, ROI_DEFAULTS, ROI_LIMITS } from "../../../../shared/domain/roi";

import { budgetDigits, formatBudget, perDollarText, usd } from "./roi-format";

export function RoiCalculator() {
  const uid = useId();
  const [budgetText, setBudgetText] = useState(String(ROI_DEFAULTS.buildBudget));
  const [percent, setPercent] = useState(ROI_DEFAULTS.reworkAvoidedPercent);
  const [packageType, setPackageType] = useState<PackageType>(ROI_DEFAULTS.packageType);

  const typedBudget = Number(budgetText);
  const budgetOutOfRange = typedBudget < ROI_LIMITS.buildBudget.min || typedBudget > ROI_LIMITS.buildBudget.max;
  const result = calculateRoi({ buildBudget: typedBudget, reworkAvoidedPercent: percent, packageType });

  return (
    <div data-island="roi" className="grid overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-sm lg:grid-cols-5">
      <div className="grid gap-7 p-6 sm:p-8 lg:col-span-3">
        <div className="grid gap-2">
          <label htmlFor={`${uid}-budget`} className="text-sm font-semibold text-slate-900">
            Planned build budget (USD)
          </label>
          <p id={`${uid}-budget-hint`} className="text-sm text-slate-600">
            What you expect the full development to cost without a prototype.
          </p>
          <div className="relative">
            <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-500" aria-hidden="true">
              $
            </span>
            <input
              id={`${uid}-budget`}
              data-roi="budget"
              inputMode="numeric"
              aria-describedby={`${uid}-budget-hint${budgetOutOfRange ? ` ${uid}-budget-range` : ""}`}
              aria-invalid={budgetOutOfRange || undefined}
              value={formatBudget(budgetText)}
              onChange={(event) => setBudgetText(budgetDigits(event.target.value))}
              className="h-12 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-7 text-lg font-semibold text-slate-950 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600/30 aria-invalid:border-amber-500"
            />
          </div>
          <p id={`${uid}-budget-range`} data-roi="budget-range" hidden={!budgetOutOfRange} className="text-sm text-amber-800">
            The calculator works with budgets from {usd(ROI_LIMITS.buildBudget.min)} to {usd(ROI_LIMITS.buildBudget.max)}; it uses
            the nearest of those.
          </p>
        </div>

        <div className="grid gap-2">
          <div className="flex items-baseline justify-between gap-4">
            <label htmlFor={`${uid}-percent`} className="text-sm font-semibold text-slate-900">
              Rework a validated prototype avoids
            </label>
            <output htmlFor={`${uid}-percent`} data-roi="percent-out" className="text-lg font-bold text-brand-700">
              {percent}%
            </output>
          </div>
          <input
            id={`${uid}-percent`}
            data-roi="percent"
            type="range"
            min={ROI_LIMITS.reworkAvoidedPercent.min}
            max={ROI_LIMITS.reworkAvoidedPercent.max}
            step={ROI_LIMITS.reworkAvoidedPercent.step}
            value={percent}
            aria-valuetext={`${percent} percent`}
            onChange={(event) => setPercent(Number(event.target.value))}
            className="w-full accent-brand-700"
          />
          <p className="text-sm text-slate-600">
            The share of the budget that would otherwise go to rebuilding what users did not need or did not understand.
          </p>
        </div>

        <fieldset className="grid gap-3">
          <legend className="text-sm font-semibold text-slate-900">Prototype package</legend>
          <div className="grid grid-cols-3 gap-2 sm:gap-3">
            {PACKAGE_TYPES.map((type) => (
              <label
                key={type}
                className="flex cursor-pointer flex-col rounded-xl border border-slate-200 p-3 transition-colors hover:border-slate-300 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 sm:p-4 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600"
              >
                <input
                  type="radio"
                  data-roi="package"
                  name={`${uid}-package`}
                  value={type}
                  checked={packageType === type}
                  onChange={() => setPackageType(type)}
                  className="sr-only"
                />
                <span className="text-xs font-bold tracking-widest text-brand-700">{PACKAGES[type].name}</span>
                <span className="mt-1 text-base font-semibold text-slate-950 sm:text-lg">{usd(PACKAGES[type].prices.USD)}</span>
              </label>
            ))}
          </div>
        </fieldset>
      </div>

      <div className="flex flex-col gap-6 bg-slate-950 p-6 text-white sm:p-8 lg:col-span-2" aria-live="polite">
        <dl className="grid grid-cols-2 gap-x-4 gap-y-5">
          <div className="col-span-2">
            <dt className="text-sm text-slate-300">Rework you avoid</dt>
            <dd className="text-4xl font-bold tracking-tight" data-testid="roi-savings" data-roi="savings">
              {usd(result.savings)}
            </dd>
          </div>
          {[
            { label: "Prototype cost", roi: "cost", amount: result.prototypeCost },
            { label: "Net savings", roi: "net", amount: result.netSavings },
          ].map((figure) => (
            <div key={figure.roi}>
              <dt className="text-sm text-slate-300">{figure.label}</dt>
              <dd className="text-xl font-semibold" data-roi={figure.roi}>
                {usd(figure.amount)}
              </dd>
            </div>
          ))}
          <div className="col-span-2 rounded-2xl bg-white/10 p-4">
            <dt className="text-sm text-slate-300">Return on every $1</dt>
            <dd className="text-3xl font-bold text-emerald-300" data-testid="roi-per-dollar" data-roi="per-dollar">
              {perDollarText(result.savedPerDollar)}
            </dd>
          </div>
        </dl>
        <p className="text-sm leading-relaxed text-slate-300">
          <span className="font-semibold text-white">How we work it out: </span>
          rework you avoid = your build budget × the share of rework a validated prototype avoids. Return on every $1 = rework you
          avoid ÷ the package price. Net savings = rework you avoid − the package price.
        </p>
      </div>
    </div>
  );
}
