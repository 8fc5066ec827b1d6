import { describe, expect, it } from "vitest";
import { queryString } from "./query-string";

describe("queryString", () => {
  it("leaves out unset, empty and 'all' values, which mean no filter", () => {
    expect(queryString({ status: "all", q: "", page: undefined, type: null })).toBe("");
    expect(queryString({ status: "pending", urgency: "all", page: 2 })).toBe("?status=pending&page=2");
  });

  it("keeps zero and false, which are real values", () => {
    expect(queryString({ page: 0, archived: false })).toBe("?page=0&archived=false");
  });

  it("encodes what the user typed", () => {
    expect(queryString({ search: "a&b=c d" })).toBe("?search=a%26b%3Dc+d");
  });
});
