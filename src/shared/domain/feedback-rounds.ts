// Feedback rounds (iterations): see docs/decisions/0009-feedback-rounds.md.

type Iterations = { iterationsUsed: number; maxIterations: number };

/** The open round new feedback joins: the one after the rounds the company has closed. */
export function currentFeedbackRound(project: Iterations): number {
  return project.iterationsUsed + 1;
}

/** Whether the company may close the open round: only while the package has rounds left. */
export function canCloseFeedbackRound(project: Iterations): boolean {
  return project.iterationsUsed < project.maxIterations;
}

export function feedbackRoundLabel(round: number, maxIterations: number): string {
  return round > maxIterations ? "After the included rounds" : `Round ${round} of ${maxIterations}`;
}
