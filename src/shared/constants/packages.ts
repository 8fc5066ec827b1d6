// Packages, prices and what each includes: the one price list the public site, the portal and the console read
// (served as GET /api/plans; decision 0035: the spec's $5K/$7.5K/$10K console values are not a second price).

export const PACKAGE_TYPES = ["basic", "advanced", "premium"] as const;
export type PackageType = (typeof PACKAGE_TYPES)[number];

export const CURRENCIES = ["USD", "INR"] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = "USD";

export const CURRENCY_DISPLAY: Record<Currency, { symbol: string; label: string; locale: string }> = {
  USD: { symbol: "$", label: "USD", locale: "en-US" },
  INR: { symbol: "₹", label: "INR", locale: "en-IN" },
};

type PackageInfo = {
  type: PackageType;
  name: string;
  prices: Record<Currency, number>;
  deliveryHours: number;
  users: number;
  accessMonths: number;
  iterations: number;
  mostPopular: boolean;
};

/** What every package includes alike: the pricing section says so in one sentence. */
const IN_EVERY_PACKAGE = { accessMonths: 6, iterations: 3 };
const MOST_POPULAR_PACKAGE: PackageType = "advanced";

/** A package's own terms; its type is its key, its name the type in capitals. */
type PackageTerms = Omit<PackageInfo, "type" | "name" | "mostPopular" | keyof typeof IN_EVERY_PACKAGE>;

function definePackages(terms: Record<PackageType, PackageTerms>): Record<PackageType, PackageInfo> {
  const entries = PACKAGE_TYPES.map((type) => {
    const info: PackageInfo = {
      type,
      name: type.toUpperCase(),
      ...IN_EVERY_PACKAGE,
      ...terms[type],
      mostPopular: type === MOST_POPULAR_PACKAGE,
    };
    return [type, info];
  });
  return Object.fromEntries(entries) as Record<PackageType, PackageInfo>;
}

export const PACKAGES = definePackages({
  basic: { prices: { USD: 1000, INR: 80000 }, deliveryHours: 48, users: 5 },
  advanced: { prices: { USD: 2000, INR: 160000 }, deliveryHours: 72, users: 10 },
  premium: { prices: { USD: 4000, INR: 320000 }, deliveryHours: 96, users: 20 },
});

export const DEFAULT_USER_LIMIT = 5;
export const DEFAULT_MAX_ITERATIONS = 3;
export const HOSTED_ACCESS_YEARS = 1;

/** A new project without choices: budget and timeline stay unset (null) until the customer picks them. */
export const DEFAULT_NEW_PROJECT = {
  packageType: "basic" as PackageType,
  budgetRange: null,
  timeline: null,
  userLimit: DEFAULT_USER_LIMIT,
};

/** A package's delivery clock in hours; null for a value that names no package. */
export function deliveryHoursOf(packageType: string | null | undefined): number | null {
  return PACKAGE_TYPES.includes(packageType as PackageType) ? PACKAGES[packageType as PackageType].deliveryHours : null;
}

export function userLimitFor(packageType: PackageType | null | undefined): number {
  return packageType ? PACKAGES[packageType].users : DEFAULT_USER_LIMIT;
}

/** Formats an amount with the currency's symbol and digit grouping (Indian grouping for INR: ₹1,60,000). */
export function formatPrice(amount: number, currency: Currency): string {
  return new Intl.NumberFormat(CURRENCY_DISPLAY[currency].locale, {
    style: "currency",
    currency,
    maximumFractionDigits: 0,
  }).format(amount);
}
