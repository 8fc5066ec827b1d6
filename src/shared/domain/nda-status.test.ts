import { describe, expect, it } from "vitest";
import { ndaStatusDisplay } from "./nda-status";

describe("ndaStatusDisplay", () => {
  it.each([
    ["no profile", null, "Not started"],
    ["signed and approved", { ndaSigned: true, ndaStatus: "approved" }, "Signed & Approved"],
    [
      "approved without the signed flag falls through to Ready to Sign",
      { ndaSigned: false, ndaStatus: "approved" },
      "Ready to Sign",
    ],
    ["verified by the customer", { ndaSigned: true, ndaStatus: "customer_verified" }, "Pending Company Approval"],
    ["pending", { ndaSigned: false, ndaStatus: "pending" }, "Pending Your Signature"],
    ["a profile with no NDA status", { ndaSigned: false, ndaStatus: null }, "Ready to Sign"],
  ])("%s reads %s", (_case, profile, label) => {
    expect(ndaStatusDisplay(profile).label).toBe(label);
  });
});
