// What is still open when the customer approves the prototype (issue 48 §4): shown in the approval's confirmation,
// before anything is recorded, so nobody approves past open feedback, unused rounds or an unpaid balance by surprise.

export type ApprovalFacts = {
  /** Feedback items not yet marked done. */
  openFeedback: number;
  iterationsUsed: number;
  maxIterations: number;
  /** The balance phase is received. */
  balancePaid: boolean;
};

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

export function approvalWarnings(facts: ApprovalFacts): string[] {
  const warnings: string[] = [];
  if (facts.openFeedback > 0) {
    warnings.push(
      `${facts.openFeedback} feedback ${plural(facts.openFeedback, "item is", "items are")} still open: approving completes the project with ${plural(facts.openFeedback, "it", "them")} as ${plural(facts.openFeedback, "it stands", "they stand")}.`,
    );
  }
  const unused = Math.max(0, facts.maxIterations - facts.iterationsUsed);
  if (unused > 0) {
    warnings.push(
      `${unused} of ${facts.maxIterations} iteration ${plural(facts.maxIterations, "round", "rounds")} ${plural(unused, "is", "are")} unused: the rounds end with the approval.`,
    );
  }
  if (!facts.balancePaid) warnings.push("The balance payment is not received yet: it stays due after the approval.");
  return warnings;
}
