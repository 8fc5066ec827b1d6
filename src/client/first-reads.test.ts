// Every read a signed-in user's HTML preloads has an owner that takes the answer; otherwise the browser fetches it
// twice and warns that the preload went unused.
import { describe, expect, it } from "vitest";
import { FRAME_READS, PAGE_READS } from "../shared/routes";
import { FIRST_READ_OWNERS } from "./first-reads";

describe("the preloaded first reads", () => {
  it("each have an owner", () => {
    const preloaded = [...Object.values(FRAME_READS), ...Object.values(PAGE_READS)].flat();
    expect(preloaded.length).toBeGreaterThan(0);
    for (const url of preloaded) expect(Object.keys(FIRST_READ_OWNERS)).toContain(url);
  });
});
