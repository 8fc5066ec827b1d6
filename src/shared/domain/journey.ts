// The nine-step journey: which step is current, and how long each takes.
import { isProjectStatus, type ProjectStatus } from "./project-status";

const JOURNEY_STEPS = [
  { id: "profile", title: "Company Profile", duration: "5-10 mins", group: "setup" },
  { id: "nda", title: "NDA Agreement", duration: "5 mins", group: "setup" },
  { id: "requirements", title: "Requirements", duration: "15-30 mins", group: "setup" },
  { id: "meeting", title: "Kick-off Meeting", duration: "30 mins", group: "planning" },
  { id: "discussion", title: "Scope Discussion", duration: "1 hour", group: "planning" },
  { id: "development", title: "Development", duration: "7-14 days", group: "development" },
  { id: "prototype", title: "Prototype Delivery", duration: "ongoing", group: "development" },
  { id: "iterations", title: "Iterations", duration: "3-7 days each", group: "development" },
  { id: "deployment", title: "Deployment", duration: "1-2 days", group: "deployment" },
] as const;

type JourneyStepId = (typeof JOURNEY_STEPS)[number]["id"];
type JourneyStepState = "completed" | "current" | "upcoming";

export const JOURNEY_GROUPS = [
  { id: "setup", title: "Setup", duration: "1-2 hours" },
  { id: "planning", title: "Planning", duration: "1-2 days" },
  { id: "development", title: "Development", duration: "1-3 weeks" },
  { id: "deployment", title: "Deployment", duration: "1-2 days" },
] as const;

/**
 * Project statuses name only some steps (profile, requirements, development). The rest are mapped
 * (docs/decisions/onboarding-nda-dashboard.md): testing → iterations; completed → every step done.
 */
const STEP_FOR_STATUS: Record<ProjectStatus, JourneyStepId | "done"> = {
  profile: "profile",
  requirements: "requirements",
  development: "development",
  testing: "iterations",
  completed: "done",
};

type JourneyFacts = {
  profile: { profileCompleted?: boolean | null; ndaSigned?: boolean | null } | null | undefined;
  project: { status?: string | null } | null | undefined;
};

/** The current step: the onboarding gates first (profile, then NDA), then the project's status. */
export function currentJourneyStep({ profile, project }: JourneyFacts): JourneyStepId | "done" {
  if (!profile?.profileCompleted) return "profile";
  if (!profile.ndaSigned) return "nda";
  return isProjectStatus(project?.status) ? STEP_FOR_STATUS[project.status] : "requirements";
}

type JourneyStepView = (typeof JOURNEY_STEPS)[number] & { state: JourneyStepState };

/** Earlier steps completed, the current one current, later ones upcoming. */
export function journeyFor(facts: JourneyFacts): JourneyStepView[] {
  const current = currentJourneyStep(facts);
  const currentIndex = current === "done" ? JOURNEY_STEPS.length : JOURNEY_STEPS.findIndex((step) => step.id === current);
  return JOURNEY_STEPS.map((step, index) => ({
    ...step,
    state: index < currentIndex ? "completed" : index === currentIndex ? "current" : "upcoming",
  }));
}
