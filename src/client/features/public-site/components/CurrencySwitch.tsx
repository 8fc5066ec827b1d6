// USD / INR (default USD): changes only the symbol and the figures. On a pre-rendered page the currency
// island (islands/currency.ts) drives the same markup: the pressed look follows aria-pressed alone.
import { CURRENCIES, CURRENCY_DISPLAY, type Currency } from "../../../../shared/constants/packages";

export function CurrencySwitch({ value, onChange }: { value: Currency; onChange: (currency: Currency) => void }) {
  return (
    <fieldset className="inline-flex items-center gap-3" data-island="currency">
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
            data-currency={currency}
            onClick={() => onChange(currency)}
            className="rounded-full px-4 py-1.5 text-sm font-semibold text-slate-600 transition-colors hover:text-slate-900 aria-pressed:bg-white aria-pressed:text-brand-800 aria-pressed:shadow-sm"
          >
            <span aria-hidden="true">{CURRENCY_DISPLAY[currency].symbol} </span>
            {CURRENCY_DISPLAY[currency].label}
          </button>
        ))}
      </span>
    </fieldset>
  );
}
