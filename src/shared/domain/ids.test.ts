import { describe, expect, it } from "vitest";
import { isUuid } from "./ids";

describe("ids in paths", () => {
  it.each([
    ["0b9e4c1e-8f1a-4c55-9a7d-2f7f0c3c1a10", true],
    ["0B9E4C1E-8F1A-4C55-9A7D-2F7F0C3C1A10", true],
    ["0b9e4c1e8f1a4c559a7d2f7f0c3c1a10", false],
    ["0b9e4c1e-8f1a-4c55-9a7d-2f7f0c3c1a10/x", false],
    ["' or 1=1 --", false],
    ["", false],
  ])("%s is an id: %s", (value, expected) => {
    expect(isUuid(value)).toBe(expected);
  });
});
