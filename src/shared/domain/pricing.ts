// A project's one price: its package's plan price in the project's currency (the price list in constants/packages.ts,
// the one the site shows), or the custom price the company quoted for this project (with a reason, audited). The
// payment phases are shares of that price by the payment schedule below, so the customer sees each phase's amount,
// and what makes it due, from the day the project opens (decision 0035).
import { type Currency, PACKAGES, type PackageType } from "../constants/packages";
import { formatMoney, fromMinorUnits, type PaymentPhase, toMinorUnits } from "./payments";

export type PriceSource = "plan" | "custom";
export type ProjectPrice = { amount: string; currency: Currency; source: PriceSource };

/** The payment schedule: each phase's share of the price and what makes it due (the shares add up to 100). */
export const PAYMENT_SCHEDULE: Record<PaymentPhase, { percent: number; due: string }> = {
  advance: { percent: 50, due: "Due once the brief is confirmed; the delivery clock starts when it is received." },
  balance: { percent: 50, due: "Due on delivery, when the prototype is handed over for your approval." },
};

export const PRICE_REASON_MAX = 500;
export const PRICE_MESSAGES = {
  reasonRequired: "Give the reason for the custom price: it is kept with the price and in the audit log.",
  reasonTooLong: `Please keep the reason under ${PRICE_REASON_MAX} characters`,
  amountPositive: "The price must be more than zero",
} as const;

/** The plan's price of a package in a currency, as money with two decimals ("2000.00"). */
export function planPrice(packageType: PackageType, currency: Currency): string {
  return fromMinorUnits(PACKAGES[packageType].prices[currency] * 100);
}

/** The project's price: the custom one when the company set it, else its package's plan price. */
export function projectPrice(project: {
  packageType: PackageType;
  priceCurrency: Currency;
  customPrice: string | null;
}): ProjectPrice {
  return project.customPrice !== null
    ? { amount: project.customPrice, currency: project.priceCurrency, source: "custom" }
    : { amount: planPrice(project.packageType, project.priceCurrency), currency: project.priceCurrency, source: "plan" };
}

/**
 * A phase's share of the price (the advance's percent from the company's legal settings, else the default schedule),
 * in minor units so nothing is lost to floats: the advance is rounded down to the cent
 * and the balance is what remains, so the two always add up to the price.
 */
export function scheduledPhaseAmount(
  price: Pick<ProjectPrice, "amount">,
  phase: PaymentPhase,
  advancePercent: number = PAYMENT_SCHEDULE.advance.percent,
): string {
  const total = toMinorUnits(price.amount) ?? 0;
  const advance = Math.floor((total * advancePercent) / 100);
  return fromMinorUnits(phase === "advance" ? advance : total - advance);
}

/** "2,000.00 USD": an amount as the portal writes money (both decimals, the currency's code). */
export function moneyText(amount: string, currency: Currency): string {
  return formatMoney(toMinorUnits(amount) ?? 0, currency);
}

/** What the figure is: "ADVANCED plan price" or "Custom price". */
export function priceSourceLabel(price: Pick<ProjectPrice, "source">, packageType: PackageType): string {
  return price.source === "custom" ? "Custom price" : `${PACKAGES[packageType].name} plan price`;
}
