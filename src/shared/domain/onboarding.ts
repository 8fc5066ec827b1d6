// The onboarding tabs and the profile's completion figures.
import { memberLevelOf, onlyMemberships } from "./next-action";
import type { ProjectAccessLevel } from "./project-access";

export type OnboardingTab = "company" | "nda" | "prototype";
export type StepBadge = "Complete" | "In Progress" | "Locked";

type OnboardingFacts = {
  profile: { profileCompleted?: boolean | null; ndaSigned?: boolean | null } | null | undefined;
  project?: { status?: string | null } | null | undefined;
};

/** The nda and prototype tabs open only once the profile is completed. */
export function isTabLocked(tab: OnboardingTab, { profile }: OnboardingFacts): boolean {
  return tab !== "company" && !profile?.profileCompleted;
}

export function stepBadge(tab: OnboardingTab, facts: OnboardingFacts): StepBadge {
  const { profile, project } = facts;
  if (tab === "company") return profile?.profileCompleted ? "Complete" : "In Progress";
  if (isTabLocked(tab, facts)) return "Locked";
  if (tab === "nda") return profile?.ndaSigned ? "Complete" : "In Progress";
  return project?.status === "completed" ? "Complete" : "In Progress";
}

/** Where the onboarding page opens: the first step not yet done. */
export function initialOnboardingTab({ profile }: OnboardingFacts): OnboardingTab {
  if (!profile?.profileCompleted) return "company";
  if (!profile.ndaSigned) return "nda";
  return "prototype";
}

/** The Prototype Status tab's bar: 100 when the project is completed, else 60. */
export function prototypeStatusProgress(status: string | null | undefined): number {
  return status === "completed" ? 100 : 60;
}

/** The Profile Completion card: 100 once the profile is completed, else 60. */
export function profileCompletionPercent(profile: { profileCompleted?: boolean | null } | null | undefined): number {
  return profile?.profileCompleted ? 100 : 60;
}

type NdaCodeRequest = { email?: string | null; customerName?: string | null; companyName?: string | null };

/** 'Send OTP' stays disabled until the email, the full name and the company are all filled. */
export function canSendNdaCode(input: NdaCodeRequest): boolean {
  return Boolean(input.email?.trim() && input.customerName?.trim() && input.companyName?.trim());
}

/** The verify button stays disabled while the code is empty; an empty submit gets 'Missing OTP'. */
export function canVerifyNdaCode(code: string | null | undefined): boolean {
  return Boolean(code?.trim());
}

/**
 * The project onboarding speaks of: the viewer's own first project, never one they were invited to (a member's
 * onboarding starts a project of their own; docs/decisions/0023-members-journey.md).
 */
export function ownOnboardingProject<P extends { accessLevel?: ProjectAccessLevel | null }>(
  projects: readonly P[] | null | undefined,
): P | null {
  return projects?.find((project) => memberLevelOf(project) === null) ?? null;
}

/** The NDA comes before the idea: an owner opens projects (and shares requirements) only after the profile and NDA. */
export function mayCreateProjects(
  profile: { profileCompleted?: boolean | null; ndaSigned?: boolean | null } | null | undefined,
): boolean {
  return Boolean(profile?.profileCompleted && profile.ndaSigned);
}

/**
 * An invited member: no company profile of their own and only others' projects. They get a personal profile (name,
 * time zone, emails, export, deletion) and none of the owner's tasks (company form, NDA, onboarding, New Project).
 */
export function isInvitedMemberOnly(
  profile: unknown,
  projects: ReadonlyArray<{ accessLevel?: ProjectAccessLevel | null }> | null | undefined,
): boolean {
  return !profile && onlyMemberships(projects);
}
