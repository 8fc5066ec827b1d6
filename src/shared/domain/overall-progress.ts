// Your Progress: six milestones for the owner (four for a member: the profile and NDA are the owner's); the percent is
// the share of those done. Each is an event that happened: the prototype is ready once version 1 is delivered (or a
// prototype is up), not because of a status; the last one is the customer's approval (issue 48 §4).
import { type GuidanceProfile, type GuidanceProject, memberLevelOf, requirementsSubmitted } from "./next-action";
import { hasPrototype } from "./project-rules";

const AT_LEAST_DEVELOPMENT = new Set(["development", "testing", "completed"]);

type ProgressFacts = {
  profile: GuidanceProfile;
  project: (NonNullable<GuidanceProject> & { deliveredAt?: string | null }) | null | undefined;
};

type ProgressItem = { id: string; label: string; done: boolean };

/**
 * Requirements count once the project's answers are submitted, never for the status alone: a new project starts in
 * "requirements" before any answer is given.
 */
export function overallProgress({ profile, project }: ProgressFacts): { items: ProgressItem[]; percent: number } {
  const status = project?.status ?? "";
  const member = memberLevelOf(project) !== null;
  const submitted = member ? Boolean(project?.requirementsSubmitted) : requirementsSubmitted(profile, project);
  const items: ProgressItem[] = [
    ...(member
      ? []
      : [
          { id: "profile", label: "Profile completed", done: Boolean(profile?.profileCompleted) },
          { id: "nda", label: "NDA signed", done: Boolean(profile?.ndaSigned) },
        ]),
    { id: "requirements", label: "Requirements submitted", done: submitted },
    { id: "development", label: "Development started", done: AT_LEAST_DEVELOPMENT.has(status) },
    { id: "prototype", label: "Prototype ready", done: hasPrototype(project) || Boolean(project?.deliveredAt) },
    { id: "approved", label: "Prototype approved", done: status === "completed" },
  ];
  const done = items.filter((item) => item.done).length;
  return { items, percent: Math.round((done / items.length) * 100) };
}
