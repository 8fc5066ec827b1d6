// Small display helpers of the admin console (labels and badges from the shared rules).
import { CURRENCIES, formatPrice, PACKAGES, type PackageType } from "../../../shared/constants/packages";
import { PROJECT_STATUS_LABELS, PROJECT_STATUSES, type ProjectStatus } from "../../../shared/domain/project-status";

export const STATUS_BADGE: Record<ProjectStatus, "secondary" | "default" | "warning" | "success"> = {
  profile: "secondary",
  requirements: "secondary",
  development: "default",
  testing: "warning",
  completed: "success",
};

export const STATUS_OPTIONS = PROJECT_STATUSES.map((status) => ({ value: status, label: PROJECT_STATUS_LABELS[status] }));
export const STATUS_FILTER_OPTIONS = [{ value: "all", label: "All statuses" }, ...STATUS_OPTIONS];
/** "Advanced": a package by name; a project's price is its own (domain/pricing.ts), never a figure beside the name. */
export function packageLabel(type: PackageType): string {
  return `${type[0]?.toUpperCase()}${type.slice(1)}`;
}

/** The filter names each package with its plan price in both currencies: "Advanced ($2,000 · ₹1,60,000)". */
export const PACKAGE_FILTER_OPTIONS = [
  { value: "all", label: "All packages" },
  ...(Object.keys(PACKAGES) as PackageType[]).map((type) => ({
    value: type,
    label: `${packageLabel(type)} (${CURRENCIES.map((currency) => formatPrice(PACKAGES[type].prices[currency], currency)).join(" · ")})`,
  })),
];
