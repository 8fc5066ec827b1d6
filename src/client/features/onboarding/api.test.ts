import { describe, expect, it } from "vitest";
import { PROTOTYPE_STATUS_POLLING } from "./api";

describe("the Prototype Status tab's project query (part 2 §4)", () => {
  it("polls every 30 seconds, refetches on focus, and retries three times", () => {
    expect(PROTOTYPE_STATUS_POLLING).toEqual({ refetchInterval: 30_000, refetchOnWindowFocus: true, retry: 3 });
  });
});
