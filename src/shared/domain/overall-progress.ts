// Your Progress: five items; the percent is the share of those done.
import { requirementsSubmitted } from "./next-action";

const AT_LEAST_REQUIREMENTS = new Set(["requirements", "development", "testing", "completed"]);
const AT_LEAST_DEVELOPMENT = new Set(["development", "testing", "completed"]);

type ProgressFacts = {
  profile:
    | { profileCompleted?: boolean | null; ndaSigned?: boolean | null; requirementsSubmitted?: boolean | null }
    | null
    | undefined;
  project: { status?: string | null; prototypeUrl?: string | null; requirementsSubmitted?: boolean | null } | null | undefined;
};

type ProgressItem = { id: string; label: string; done: boolean };

export function overallProgress({ profile, project }: ProgressFacts): { items: ProgressItem[]; percent: number } {
  const status = project?.status ?? "";
  const items: ProgressItem[] = [
    { id: "profile", label: "Profile completed", done: Boolean(profile?.profileCompleted) },
    { id: "nda", label: "NDA signed", done: Boolean(profile?.ndaSigned) },
    {
      id: "requirements",
      label: "Requirements submitted",
      done: requirementsSubmitted(profile, project) || AT_LEAST_REQUIREMENTS.has(status),
    },
    { id: "development", label: "Development started", done: AT_LEAST_DEVELOPMENT.has(status) },
    {
      id: "prototype",
      label: "Prototype ready",
      done: Boolean(project?.prototypeUrl) || status === "testing" || status === "completed",
    },
  ];
  const done = items.filter((item) => item.done).length;
  return { items, percent: Math.round((done / items.length) * 100) };
}
