// The dashboard's What's Next card: the owner's eight rules (first match wins) and a member's own card.
import { accessAllows, MEMBER_ACCESS_LEVELS, type MemberAccessLevel, type ProjectAccessLevel } from "./project-access";
import { hasPrototype, prototypeReadyForTeam } from "./project-rules";

/** What the guidance (next action, journey, progress) reads of the owner's profile. */
export type GuidanceProfile =
  | { profileCompleted?: boolean | null; ndaSigned?: boolean | null; requirementsSubmitted?: boolean | null }
  | null
  | undefined;
/** What the guidance reads of the project in view (accessLevel: the viewer's relation to it). */
export type GuidanceProject =
  | {
      status?: string | null;
      prototypeUrl?: string | null;
      hasPrototype?: boolean;
      requirementsSubmitted?: boolean | null;
      accessLevel?: ProjectAccessLevel | null;
      /** The proposal's state (GET /api/projects): open once the brief is confirmed, until accepted. */
      proposal?: { state: string } | null;
    }
  | null
  | undefined;

/**
 * The viewer's member level on the project, or null when they own it (or are the company, or have no project yet):
 * an invited member has their own journey (no onboarding, NDA, payments or seats unless their level manages users).
 */
export function memberLevelOf(project: { accessLevel?: ProjectAccessLevel | null } | null | undefined): MemberAccessLevel | null {
  const level = project?.accessLevel;
  return level && (MEMBER_ACCESS_LEVELS as readonly string[]).includes(level) ? (level as MemberAccessLevel) : null;
}

/** Someone who belongs to projects only as a member (owns none): no owner onboarding for them. */
export function onlyMemberships(
  projects: ReadonlyArray<{ accessLevel?: ProjectAccessLevel | null }> | null | undefined,
): boolean {
  return Boolean(projects?.length) && (projects ?? []).every((project) => memberLevelOf(project) !== null);
}

/**
 * Whether the project in view has its requirements saved (with a problem statement). With no project yet, the
 * profile's flag stands in; once a project is in view its own answers decide, so a second, empty project is not
 * "under review" because the first one was submitted.
 */
export function requirementsSubmitted(profile: GuidanceProfile, project: GuidanceProject): boolean {
  if (project && typeof project.requirementsSubmitted === "boolean") return project.requirementsSubmitted;
  return Boolean(profile?.requirementsSubmitted);
}

export type NextAction = {
  key:
    | "complete_profile"
    | "sign_nda"
    | "submit_requirements"
    | "requirements_review"
    | "accept_proposal"
    | "pay_advance"
    | "development"
    | "prototype_ready"
    | "completed"
    | "all_set"
    | "member_waiting"
    | "member_test"
    | "member_view"
    | "member_completed";
  title: string;
  description: string;
  priority: "high" | "medium" | "low";
  actionLabel: string;
  target: string;
};

const NEXT_ACTIONS = {
  complete_profile: {
    key: "complete_profile",
    title: "Complete Your Profile",
    description: "Tell us about you and your company so we can set up your project.",
    priority: "high",
    actionLabel: "Complete Profile",
    target: "/onboarding",
  },
  sign_nda: {
    key: "sign_nda",
    title: "Sign NDA Agreement",
    description: "Sign the non-disclosure agreement before you share the details of your idea.",
    priority: "high",
    actionLabel: "Sign NDA",
    target: "/onboarding",
  },
  submit_requirements: {
    key: "submit_requirements",
    title: "Submit Requirements",
    description: "Describe your idea in the guided questionnaire; we turn it into a two-page brief.",
    priority: "high",
    actionLabel: "Submit Requirements",
    target: "/requirements",
  },
  requirements_review: {
    key: "requirements_review",
    title: "Requirements Under Review",
    description: "Our team is reviewing your requirements. Book a meeting to walk us through your idea.",
    priority: "medium",
    actionLabel: "Schedule Meeting",
    target: "/meeting-requests",
  },
  accept_proposal: {
    key: "accept_proposal",
    title: "Accept Your Proposal",
    description:
      "Your brief is confirmed. Read the proposal on this page (price, payment schedule, delivery promise and terms) and accept it by typing your name.",
    priority: "high",
    actionLabel: "Read the Proposal",
    target: "/dashboard#proposal",
  },
  pay_advance: {
    key: "pay_advance",
    title: "Pay the Advance",
    description:
      "Your proposal is accepted. Pay the advance in Payment Information: the delivery clock starts when it is received.",
    priority: "high",
    actionLabel: "View Payment",
    target: "/dashboard#payments",
  },
  development: {
    key: "development",
    title: "Development in Progress",
    description:
      "We are building your prototype. The delivery clock below shows when it is due, and the team posts a progress update here every day.",
    priority: "low",
    actionLabel: "View Project",
    target: "/requirements",
  },
  prototype_ready: {
    key: "prototype_ready",
    title: "Prototype Ready - Add Team Members",
    description: "Your prototype is live. Invite your stakeholders to test it and give feedback.",
    priority: "medium",
    actionLabel: "Add Team Members",
    target: "/user-management",
  },
  completed: {
    key: "completed",
    title: "Project Completed!",
    description: "Your prototype and business requirements document are ready to hand over.",
    priority: "low",
    actionLabel: "View Project",
    target: "/dashboard",
  },
  all_set: {
    key: "all_set",
    title: "All Set!",
    description: "Nothing needs your attention right now.",
    priority: "low",
    actionLabel: "View Dashboard",
    target: "/dashboard",
  },
  member_waiting: {
    key: "member_waiting",
    title: "Waiting for the Prototype",
    description: "The team is still building the prototype. You can test it here as soon as it is ready.",
    priority: "low",
    actionLabel: "View Requirements",
    target: "/requirements",
  },
  member_test: {
    key: "member_test",
    title: "Test the Prototype",
    description: "The prototype is ready. Try it and send the team your feedback.",
    priority: "medium",
    actionLabel: "Test Prototype",
    target: "/testing-feedback",
  },
  member_view: {
    key: "member_view",
    title: "Preview the Prototype",
    description: "The prototype is ready to look at. Your access is view only.",
    priority: "low",
    actionLabel: "Open Prototype",
    target: "/testing-feedback",
  },
  member_completed: {
    key: "member_completed",
    title: "Project Completed!",
    description: "The prototype and its business requirements document are finished. Thank you for testing.",
    priority: "low",
    actionLabel: "View Requirements",
    target: "/requirements",
  },
} as const satisfies Record<NextAction["key"], NextAction>;

function memberNextAction(level: MemberAccessLevel, project: GuidanceProject): NextAction {
  if (project?.status === "completed") return NEXT_ACTIONS.member_completed;
  if (project?.status === "testing" && hasPrototype(project)) {
    return accessAllows(level, "feedback") ? NEXT_ACTIONS.member_test : NEXT_ACTIONS.member_view;
  }
  return NEXT_ACTIONS.member_waiting;
}

/**
 * The owner's card follows the project in view: onboarding gates, then its requirements (submitted or not), then
 * its status. "Prototype Ready - Add Team Members" only while User Management is open (a prototype URL in testing);
 * a completed project always says so. A member gets their own card.
 */
export function nextActionFor(profile: GuidanceProfile, project: GuidanceProject): NextAction {
  const level = memberLevelOf(project);
  if (level) return memberNextAction(level, project);
  const status = project?.status ?? null;
  if (!profile?.profileCompleted) return NEXT_ACTIONS.complete_profile;
  if (!profile.ndaSigned) return NEXT_ACTIONS.sign_nda;
  const submitted = requirementsSubmitted(profile, project);
  if (!submitted && (!project || status === "profile" || status === "requirements")) return NEXT_ACTIONS.submit_requirements;
  if (status === "requirements" && project?.proposal?.state === "open") return NEXT_ACTIONS.accept_proposal;
  if (status === "requirements" && project?.proposal?.state === "accepted") return NEXT_ACTIONS.pay_advance;
  if (status === "requirements") return NEXT_ACTIONS.requirements_review;
  if (status === "completed") return NEXT_ACTIONS.completed;
  if (prototypeReadyForTeam(project)) return NEXT_ACTIONS.prototype_ready;
  if (status === "development" || status === "testing") return NEXT_ACTIONS.development;
  return NEXT_ACTIONS.all_set;
}
