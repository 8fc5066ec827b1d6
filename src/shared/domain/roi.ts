// The ROI calculator's rule: rework a validated prototype avoids, against what the prototype costs.
import { PACKAGES, type PackageType } from "../constants/packages";

type RoiInput = {
  /** What the full build is planned to cost, in USD. */
  buildBudget: number;
  /** Share of the build budget that a validated prototype keeps from being spent on rework, in percent. */
  reworkAvoidedPercent: number;
  packageType: PackageType;
};

type RoiResult = {
  savings: number;
  prototypeCost: number;
  netSavings: number;
  /** Dollars of rework avoided for every dollar spent on the prototype, one decimal. */
  savedPerDollar: number;
};

/** The defaults tell the landing page's story: a $150,000 project, $30,000 saved, well over $10 per $1. */
export const ROI_DEFAULTS: RoiInput = { buildBudget: 150_000, reworkAvoidedPercent: 20, packageType: "advanced" };

export const ROI_LIMITS = {
  buildBudget: { min: 10_000, max: 2_000_000, step: 5_000 },
  reworkAvoidedPercent: { min: 5, max: 50, step: 1 },
} as const;

function clamp(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(max, Math.max(min, value));
}

export function calculateRoi(input: RoiInput): RoiResult {
  const budget = clamp(input.buildBudget, ROI_LIMITS.buildBudget.min, ROI_LIMITS.buildBudget.max);
  const percent = clamp(input.reworkAvoidedPercent, ROI_LIMITS.reworkAvoidedPercent.min, ROI_LIMITS.reworkAvoidedPercent.max);
  const savings = Math.round((budget * percent) / 100);
  const prototypeCost = PACKAGES[input.packageType].prices.USD;
  return {
    savings,
    prototypeCost,
    netSavings: savings - prototypeCost,
    savedPerDollar: Math.round((savings / prototypeCost) * 10) / 10,
  };
}
