import { describe, expect, it } from "vitest";
import { verdictFor } from "./issued-documents";

describe("what /verify says about a recognised document", () => {
  it("vouches for an NDA as Blueprint's", () => {
    expect(verdictFor({ authoredBy: "blueprint", issuedAt: "2026-03-05T10:00:00.000Z" })).toBe("Genuine: issued by Blueprint");
  });

  it("calls a brief the customer's, with its export date, never Blueprint's", () => {
    expect(verdictFor({ authoredBy: "customer", issuedAt: "2026-03-05T10:00:00.000Z" })).toBe(
      "Customer-authored brief, exported on 5 March 2026",
    );
  });
});
