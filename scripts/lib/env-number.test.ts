import { afterEach, describe, expect, it } from "vitest";
import { envNumber } from "./env-number";

const NAME = "BENCH_ENV_NUMBER_TEST";

describe("envNumber", () => {
  afterEach(() => {
    delete process.env[NAME];
  });

  it("takes the default when the variable is unset or empty", () => {
    expect(envNumber(NAME, 10)).toBe(10);
    process.env[NAME] = "";
    expect(envNumber(NAME, 10)).toBe(10);
  });

  it.each([
    ["3", 3],
    ["0", 0],
    ["2.5", 2.5],
  ])("reads %j as %d", (raw, expected) => {
    process.env[NAME] = raw;
    expect(envNumber(NAME, 10)).toBe(expected);
  });

  it.each(["ten", "-1", "Infinity", "1_000"])("refuses %j instead of running with NaN or a negative count", (raw) => {
    process.env[NAME] = raw;
    expect(() => envNumber(NAME, 10)).toThrow(`${NAME} must be a number ≥ 0, not "${raw}"`);
  });
});
