// The automatic project status rules: each names the one step it takes, or none.
import type { ProjectStatus } from "./project-status";

export type StatusFacts = {
  status: ProjectStatus;
  ownerProfileCompleted: boolean;
  briefConfirmed: boolean;
  advancePaymentReceived: boolean;
  prototypeUrl: string | null;
  /** When the customer approved a prototype version; the deployment date sets only the access expiry, never the status. */
  acceptedAt: Date | null;
};

type StatusStep = { from: ProjectStatus; to: ProjectStatus; reason: string };

/** The next step the rules take from the current status, or null when none applies. */
export function nextStatusStep(facts: StatusFacts, _now: Date = new Date()): StatusStep | null {
  switch (facts.status) {
    case "profile":
      return facts.ownerProfileCompleted
        ? { from: "profile", to: "requirements", reason: "The company profile is complete." }
        : null;
    case "requirements":
      return facts.briefConfirmed && facts.advancePaymentReceived
        ? { from: "requirements", to: "development", reason: "The brief is confirmed and the advance payment is received." }
        : null;
    case "development":
      return facts.prototypeUrl ? { from: "development", to: "testing", reason: "The prototype is online." } : null;
    case "testing":
      return facts.acceptedAt ? { from: "testing", to: "completed", reason: "The prototype was approved." } : null;
    default:
      return null;
  }
}

/** Every step the rules take in a row from the given facts (a project can move more than one step at once). */
export function statusSteps(facts: StatusFacts, now: Date = new Date()): StatusStep[] {
  const steps: StatusStep[] = [];
  let current = facts;
  for (let i = 0; i < 4; i++) {
    const step = nextStatusStep(current, now);
    if (!step) break;
    steps.push(step);
    current = { ...current, status: step.to };
  }
  return steps;
}
