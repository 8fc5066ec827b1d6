import { describe, expect, it } from "vitest";
import { formatPrice, PACKAGES, userLimitFor } from "./packages";

describe("packages and prices", () => {
  it.each([
    ["basic", "USD", "$1,000"],
    ["advanced", "USD", "$2,000"],
    ["premium", "USD", "$4,000"],
    ["basic", "INR", "₹80,000"],
    ["advanced", "INR", "₹1,60,000"],
    ["premium", "INR", "₹3,20,000"],
  ] as const)("%s in %s is %s", (type, currency, expected) => {
    expect(formatPrice(PACKAGES[type].prices[currency], currency)).toBe(expected);
  });

  it("gives each package its user limit, and the basic limit when no package is chosen", () => {
    expect([userLimitFor("basic"), userLimitFor("advanced"), userLimitFor("premium"), userLimitFor(null)]).toEqual([
      5, 10, 20, 5,
    ]);
  });

  it.each([
    ["basic", "BASIC", 48],
    ["advanced", "ADVANCED", 72],
    ["premium", "PREMIUM", 96],
  ] as const)("names %s %s, delivered in %i hours, with 6 months of access and 3 iterations", (type, name, hours) => {
    expect(PACKAGES[type]).toMatchObject({ type, name, deliveryHours: hours, accessMonths: 6, iterations: 3 });
  });

  it("has one price list: no package carries a second, console-only figure (decision 0035)", () => {
    for (const info of Object.values(PACKAGES)) expect(Object.keys(info)).not.toContain("adminQuote");
  });

  it("marks only the advanced package most popular", () => {
    expect(
      Object.values(PACKAGES)
        .filter((p) => p.mostPopular)
        .map((p) => p.type),
    ).toEqual(["advanced"]);
  });
});
