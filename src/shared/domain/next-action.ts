// The dashboard's What's Next card: eight rules, first match wins.

type ActionProfile =
  | { profileCompleted?: boolean | null; ndaSigned?: boolean | null; requirementsSubmitted?: boolean | null }
  | null
  | undefined;
type ActionProject =
  | { status?: string | null; prototypeUrl?: string | null; requirementsSubmitted?: boolean | null }
  | null
  | undefined;

/**
 * Requirements count as submitted when the owner's profile says so, or when the project's own requirements are
 * saved: a project opened with New Project before the profile existed has its answers but no profile flag.
 */
export function requirementsSubmitted(profile: ActionProfile, project: ActionProject): boolean {
  return Boolean(profile?.requirementsSubmitted || project?.requirementsSubmitted);
}

export type NextAction = {
  key:
    | "complete_profile"
    | "sign_nda"
    | "submit_requirements"
    | "requirements_review"
    | "development"
    | "prototype_ready"
    | "completed"
    | "all_set";
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
  development: {
    key: "development",
    title: "Development in Progress",
    description: "We are building your prototype. You will get daily progress updates.",
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
} as const satisfies Record<NextAction["key"], NextAction>;

export function nextActionFor(profile: ActionProfile, project: ActionProject): NextAction {
  const status = project?.status ?? null;
  if (!profile?.profileCompleted) return NEXT_ACTIONS.complete_profile;
  if (!profile.ndaSigned) return NEXT_ACTIONS.sign_nda;
  if (!requirementsSubmitted(profile, project) && (!project || status === "profile")) return NEXT_ACTIONS.submit_requirements;
  if (status === "requirements") return NEXT_ACTIONS.requirements_review;
  if (status === "development") return NEXT_ACTIONS.development;
  if (status === "testing" || project?.prototypeUrl) return NEXT_ACTIONS.prototype_ready;
  if (status === "completed") return NEXT_ACTIONS.completed;
  return NEXT_ACTIONS.all_set;
}
