// GET /api/plans: the price list as the site, the portal and the console read it (constants/packages.ts).
import { z } from "zod";
import { CURRENCIES, PACKAGE_TYPES, PACKAGES } from "../constants/packages";
import { planPrice } from "../domain/pricing";

export const planSchema = z.object({
  code: z.enum(PACKAGE_TYPES),
  name: z.string(),
  /** The delivery promise: hours from the advance payment to the prototype. */
  clockHours: z.number(),
  /** The plan's price in each currency, as money with two decimals ("2000.00"). */
  prices: z.record(z.enum(CURRENCIES), z.string()),
  users: z.number(),
  accessMonths: z.number(),
  iterations: z.number(),
  mostPopular: z.boolean(),
});
/** The packages, in PACKAGE_TYPES order (a bounded set: one entry per package, never paged). */
export const plansReplySchema = z.array(planSchema);
export type Plan = z.infer<typeof planSchema>;

export const PLANS: Plan[] = PACKAGE_TYPES.map((code) => {
  const info = PACKAGES[code];
  return {
    code,
    name: info.name,
    clockHours: info.deliveryHours,
    prices: Object.fromEntries(CURRENCIES.map((currency) => [currency, planPrice(code, currency)])) as Plan["prices"],
    users: info.users,
    accessMonths: info.accessMonths,
    iterations: info.iterations,
    mostPopular: info.mostPopular,
  };
});
