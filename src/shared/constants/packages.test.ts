import { describe, expect, it } from "vitest";
import { formatPrice, PACKAGES } from "./packages";

describe("package prices", () => {
  it.each([
    ["basic", "USD", "$1,000"],
    ["advanced", "USD", "$2,000"],
    ["premium", "USD", "$4,000"],
    ["basic", "INR", "₹80,000"],
    ["advanced", "INR", "₹1,60,000"],
    ["premium", "INR", "₹3,20,000"],
  ] as const)("shows %s in %s as %s", (type, currency, shown) => {
    expect(formatPrice(PACKAGES[type].prices[currency], currency)).toBe(shown);
  });

  it("badges only ADVANCED as Most Popular, with 3 iterations and 6 months everywhere", () => {
    expect(
      Object.values(PACKAGES)
        .filter((p) => p.mostPopular)
        .map((p) => p.name),
    ).toEqual(["ADVANCED"]);
    for (const p of Object.values(PACKAGES)) expect([p.iterations, p.accessMonths]).toEqual([3, 6]);
  });
});
