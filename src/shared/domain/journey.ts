// The nine-step journey: which step is current, which are done, and how long each takes. A step is completed only by
// the event that completes it (issue 48 §4); one the project moved past without it reads "not needed".
import { MARKETING_FIGURES } from "../constants/marketing";
import { deliveryHoursOf } from "../constants/packages";
import { type GuidanceProfile, type GuidanceProject, memberLevelOf, requirementsSubmitted } from "./next-action";
import { hasPrototype } from "./project-rules";
import { isProjectStatus, type ProjectStatus } from "./project-status";

const JOURNEY_STEPS = [
  { id: "profile", title: "Company Profile", duration: "5-10 mins", group: "setup" },
  { id: "nda", title: "NDA Agreement", duration: "5 mins", group: "setup" },
  { id: "requirements", title: "Requirements", duration: "15-30 mins", group: "setup" },
  { id: "meeting", title: "Kick-off Meeting", duration: "30 mins", group: "planning" },
  { id: "discussion", title: "Scope Discussion", duration: "1 hour", group: "planning" },
  { id: "proposal", title: "Proposal Accepted", duration: "5 mins", group: "planning" },
  { id: "development", title: "Development", duration: "7-14 days", group: "development" },
  { id: "prototype", title: "Prototype Delivery", duration: "ongoing", group: "development" },
  { id: "iterations", title: "Iterations", duration: "3-7 days each", group: "development" },
  { id: "deployment", title: "Deployment", duration: "1-2 days", group: "deployment" },
] as const;

type JourneyStepId = (typeof JOURNEY_STEPS)[number]["id"];
export const JOURNEY_STEP_STATES = ["completed", "current", "not_needed", "upcoming"] as const;
type JourneyStepState = (typeof JOURNEY_STEP_STATES)[number];
export const JOURNEY_STEP_STATE_LABELS: Record<JourneyStepState, string> = {
  completed: "Completed",
  current: "Current",
  not_needed: "Not needed",
  upcoming: "Upcoming",
};

const JOURNEY_GROUP_LIST = [
  { id: "setup", title: "Setup", duration: "1-2 hours" },
  { id: "planning", title: "Planning", duration: "1-2 days" },
  { id: "development", title: "Development", duration: "1-3 weeks" },
  { id: "deployment", title: "Deployment", duration: "1-2 days" },
] as const;

/** The delivery promise the journey quotes: the package's clock ("72 hours"), or the range before a package is known. */
function clockText(packageType: string | null | undefined): string {
  const hours = deliveryHoursOf(packageType);
  return hours === null ? MARKETING_FIGURES.deliveryRange : `${hours} hours`;
}

/**
 * The timeline's groups, development at the package's clock (the spec's "1-3 weeks" would contradict the 48-96 hour
 * promise the project runs on): the prototype within the clock, then the iterations.
 */
export function journeyGroupsFor(project: { packageType?: string | null } | null | undefined) {
  return JOURNEY_GROUP_LIST.map((group) =>
    group.id === "development" ? { ...group, duration: `${clockText(project?.packageType)}, then iterations` } : group,
  );
}

/** The owner's onboarding steps: an invited member never goes through them (they are not their steps). */
const OWNER_ONLY_STEPS: ReadonlySet<JourneyStepId> = new Set(["profile", "nda"]);

type JourneyFacts = {
  profile: GuidanceProfile;
  /**
   * firstMeetingAt: the earliest meeting held or scheduled (GET /api/projects); it happened once this time has passed.
   * deliveryStartedAt: the brief confirmed and the advance received started the clock; deliveredAt: version 1
   * published; deploymentDate: the prototype deployed (once it has passed).
   */
  project:
    | (NonNullable<GuidanceProject> & {
        firstMeetingAt?: string | null;
        deliveryStartedAt?: string | null;
        deliveredAt?: string | null;
        deploymentDate?: string | null;
        packageType?: string | null;
        /** The proposal's state (GET /api/projects): not ready until the brief is confirmed; its newest acceptance. */
        proposal?: { state: string; acceptedAt: string | null } | null;
      })
    | null
    | undefined;
  /** Now, for "has the meeting happened" (defaults to the current time). */
  now?: Date;
};

const AFTER: Record<ProjectStatus, number> = { profile: 0, requirements: 1, development: 2, testing: 3, completed: 4 };

/** A kick-off meeting actually took place: a completed request, or a scheduled meeting whose time has passed. */
export function meetingHeld(project: JourneyFacts["project"], now: Date = new Date()): boolean {
  const at = project?.firstMeetingAt ? Date.parse(project.firstMeetingAt) : Number.NaN;
  return Number.isFinite(at) && at <= now.getTime();
}

/** A time the project has reached (a deployment date in the future is not a deployment yet). */
function reached(at: string | null | undefined, now: Date): boolean {
  const time = at ? Date.parse(at) : Number.NaN;
  return Number.isFinite(time) && time <= now.getTime();
}

/** The brief is confirmed: the project answer's proposal is past "not ready". */
function briefConfirmed(project: JourneyFacts["project"]): boolean {
  const state = project?.proposal?.state;
  return state === "open" || state === "accepted";
}

/**
 * Each step is completed only by its own event: profile and NDA by the profile, requirements once submitted, the
 * kick-off meeting once one was held, the scope once the brief is confirmed (or the delivery clock started), the
 * proposal once the customer accepted it by name,
 * development once version 1 is delivered (or a prototype is up), the prototype once delivered into testing, the
 * iterations once the project is completed, deployment once its date has come. A status alone completes nothing.
 */
function stepDone(id: JourneyStepId, facts: JourneyFacts): boolean {
  const { profile, project } = facts;
  const now = facts.now ?? new Date();
  const rank = isProjectStatus(project?.status) ? AFTER[project.status] : -1;
  const delivered = Boolean(project?.deliveredAt) || hasPrototype(project);
  switch (id) {
    case "profile":
      return Boolean(profile?.profileCompleted);
    case "nda":
      return Boolean(profile?.ndaSigned);
    case "requirements":
      return memberLevelOf(project) ? Boolean(project?.requirementsSubmitted) : requirementsSubmitted(profile, project);
    case "meeting":
      return meetingHeld(project, now);
    case "discussion":
      // The scope is agreed when the brief is confirmed (the proposal is made then), or the clock started.
      return Boolean(project?.deliveryStartedAt) || briefConfirmed(project);
    case "proposal":
      return Boolean(project?.proposal?.acceptedAt);
    case "development":
      return delivered;
    case "prototype":
      return delivered && rank >= AFTER.testing;
    case "iterations":
      return rank >= AFTER.completed;
    case "deployment":
      return reached(project?.deploymentDate, now);
  }
}

/**
 * The current step: the owner's onboarding gates first (profile, then NDA), then the project: its requirements until
 * submitted, then the kick-off meeting until one happened (the scope discussion after it) while the status is before
 * development, the proposal once the brief is confirmed until it is accepted, then development (the advance starts it); development; iterations while testing (the prototype step while no prototype is delivered yet);
 * "done" once completed. A member starts at the project's requirements.
 */
export function currentJourneyStep(facts: JourneyFacts): JourneyStepId | "done" {
  const { profile, project } = facts;
  const member = memberLevelOf(project) !== null;
  if (!member && !profile?.profileCompleted) return "profile";
  if (!member && !profile?.ndaSigned) return "nda";
  const status = isProjectStatus(project?.status) ? project.status : null;
  if (status === "completed") return "done";
  if (status === "testing") return hasPrototype(project) ? "iterations" : "prototype";
  if (status === "development") return "development";
  if (!stepDone("requirements", facts)) return "requirements";
  // The brief confirmed: the proposal to accept; accepted, the advance starts development.
  if (project?.proposal?.state === "open") return "proposal";
  if (project?.proposal?.state === "accepted") return "development";
  return meetingHeld(project, facts.now) ? "discussion" : "meeting";
}

export type JourneyStepView = Omit<(typeof JOURNEY_STEPS)[number], "duration"> & { duration: string; state: JourneyStepState };

/**
 * A step is completed when its own event happened (never because a later step was reached), current when it is the
 * current step, not needed when it is neither but the journey has moved past it (a kick-off meeting that never took
 * place while development runs: not "upcoming" beside later steps already completed, and never "completed"),
 * upcoming otherwise. Development lasts the package's clock. A member's journey leaves out the owner's profile and
 * NDA steps.
 */
export function journeyFor(facts: JourneyFacts): JourneyStepView[] {
  const current = currentJourneyStep(facts);
  const member = memberLevelOf(facts.project) !== null;
  // A member below admin level is not shown the proposal (it is the payments): not a step of their journey.
  const noProposal = member && !facts.project?.proposal;
  const steps = JOURNEY_STEPS.filter(
    (step) => !(member && OWNER_ONLY_STEPS.has(step.id)) && !(noProposal && step.id === "proposal"),
  );
  const reached = steps.map((step) => stepDone(step.id, facts) || step.id === current);
  const lastReached = current === "done" ? steps.length - 1 : reached.lastIndexOf(true);
  return steps.map((step, index) => ({
    ...step,
    duration: step.id === "development" ? clockText(facts.project?.packageType) : step.duration,
    state: stepDone(step.id, facts)
      ? "completed"
      : step.id === current
        ? "current"
        : index < lastReached
          ? "not_needed"
          : "upcoming",
  }));
}
