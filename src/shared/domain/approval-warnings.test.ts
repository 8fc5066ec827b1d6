import { describe, expect, it } from "vitest";
import { approvalWarnings } from "./approval-warnings";

describe("what is still open at approval", () => {
  it("says nothing when every item is done, every round used and the balance paid", () => {
    expect(approvalWarnings({ openFeedback: 0, iterationsUsed: 3, maxIterations: 3, balancePaid: true })).toEqual([]);
  });

  it("names open feedback, unused rounds and an unpaid balance, each with its count", () => {
    expect(approvalWarnings({ openFeedback: 2, iterationsUsed: 1, maxIterations: 3, balancePaid: false })).toEqual([
      "2 feedback items are still open: approving completes the project with them as they stand.",
      "2 of 3 iteration rounds are unused: the rounds end with the approval.",
      "The balance payment is not received yet: it stays due after the approval.",
    ]);
    expect(approvalWarnings({ openFeedback: 1, iterationsUsed: 2, maxIterations: 3, balancePaid: true })).toEqual([
      "1 feedback item is still open: approving completes the project with it as it stands.",
      "1 of 3 iteration rounds is unused: the rounds end with the approval.",
    ]);
  });
});
