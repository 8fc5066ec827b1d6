import { describe, expect, it } from "vitest";
import { calculateRoi, ROI_DEFAULTS, ROI_LIMITS } from "./roi";

describe("the ROI calculator", () => {
  it("tells the landing page's story with its defaults: $30,000+ saved, $10+ per $1", () => {
    const result = calculateRoi(ROI_DEFAULTS);
    expect(result.savings).toBeGreaterThanOrEqual(30_000);
    expect(result.savedPerDollar).toBeGreaterThanOrEqual(10);
  });

  it.each([
    { buildBudget: 150_000, reworkAvoidedPercent: 20, packageType: "basic", savings: 30_000, cost: 1_000, perDollar: 30 },
    { buildBudget: 150_000, reworkAvoidedPercent: 20, packageType: "advanced", savings: 30_000, cost: 2_000, perDollar: 15 },
    { buildBudget: 150_000, reworkAvoidedPercent: 20, packageType: "premium", savings: 30_000, cost: 4_000, perDollar: 7.5 },
    { buildBudget: 50_000, reworkAvoidedPercent: 15, packageType: "basic", savings: 7_500, cost: 1_000, perDollar: 7.5 },
    { buildBudget: 333_333, reworkAvoidedPercent: 33, packageType: "premium", savings: 110_000, cost: 4_000, perDollar: 27.5 },
  ] as const)("saves $savings on a $buildBudget build at $reworkAvoidedPercent% with $packageType", (row) => {
    const result = calculateRoi(row);
    expect(result).toEqual({
      savings: row.savings,
      prototypeCost: row.cost,
      netSavings: row.savings - row.cost,
      savedPerDollar: row.perDollar,
    });
  });

  it("keeps figures inside the calculator's limits, whatever is typed", () => {
    expect(calculateRoi({ buildBudget: -5, reworkAvoidedPercent: 20, packageType: "basic" }).savings).toBe(
      (ROI_LIMITS.buildBudget.min * 20) / 100,
    );
    expect(calculateRoi({ buildBudget: Number.NaN, reworkAvoidedPercent: 500, packageType: "basic" }).savings).toBe(
      (ROI_LIMITS.buildBudget.min * ROI_LIMITS.reworkAvoidedPercent.max) / 100,
    );
  });
});
