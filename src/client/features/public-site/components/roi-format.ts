// How the ROI calculator shows its figures, shared by the React component and the pre-rendered page's island.
import { formatPrice } from "../../../../shared/constants/packages";

export const usd = (amount: number) => formatPrice(amount, "USD");

/** The budget field keeps digits only, at most nine. */
export const budgetDigits = (typed: string) => typed.replace(/[^0-9]/g, "").slice(0, 9);

/** The budget field shows its digits grouped ("300,000"), or nothing. */
export const formatBudget = (digits: string) => (digits ? Number(digits).toLocaleString("en-US") : "");

export const perDollarText = (savedPerDollar: number) => `$${savedPerDollar.toLocaleString("en-US")} saved`;
