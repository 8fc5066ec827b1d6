// USD / INR (default USD): changes only the symbol and the figures.
import clsx from "clsx";
import { CURRENCIES, CURRENCY_DISPLAY, type Currency } from "../../../../shared/constants/packages";

export function CurrencySwitch({ value, onChange }: { value: Currency; onChange: (currency: Currency) => void }) {
  return (
    <fieldset className="inline-flex items-center gap-3">
      <legend className="sr-only">Currency</legend>
      <span aria-hidden="true" className="text-sm font-medium text-slate-600">
        Currency
      </span>
      <span className="inline-flex rounded-full border border-slate-200 bg-slate-100 p-1">
        {CURRENCIES.map((currency) => (
          <button
            key={currency}
            type="button"
            aria-pressed={value === currency}
            onClick={() => onChange(currency)}
            className={clsx(
              "rounded-full px-4 py-1.5 text-sm font-semibold transition-colors",
              value === currency ? "bg-white text-brand-800 shadow-sm" : "text-slate-600 hover:text-slate-900",
            )}
          >
            <span aria-hidden="true">{CURRENCY_DISPLAY[currency].symbol} </span>
            {CURRENCY_DISPLAY[currency].label}
          </button>
        ))}
      </span>
    </fieldset>
  );
}
