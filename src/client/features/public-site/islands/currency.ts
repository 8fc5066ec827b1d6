// The USD / INR switch on a pre-rendered page: pressing a currency re-prices every package price on the page
// (elements marked data-price-package) with the same formatting as the React components.
import { CURRENCIES, type Currency, formatPrice, PACKAGES, type PackageType } from "../../../../shared/constants/packages";

export function currencyIsland(fieldset: HTMLElement): void {
  const buttons = [...fieldset.querySelectorAll<HTMLButtonElement>("button[data-currency]")];
  const choose = (currency: Currency) => {
    for (const button of buttons) button.setAttribute("aria-pressed", String(button.dataset.currency === currency));
    for (const price of document.querySelectorAll<HTMLElement>("[data-price-package]")) {
      const type = price.dataset.pricePackage as PackageType;
      if (PACKAGES[type]) price.textContent = formatPrice(PACKAGES[type].prices[currency], currency);
    }
    for (const name of document.querySelectorAll("[data-currency-name]")) name.textContent = currency;
  };
  for (const button of buttons) {
    const currency = button.dataset.currency as Currency;
    if (CURRENCIES.includes(currency)) button.addEventListener("click", () => choose(currency));
  }
}
