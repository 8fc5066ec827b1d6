// Project status labels and progress.

export const PROJECT_STATUSES = ["profile", "requirements", "development", "testing", "completed"] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  profile: "Setting up profile",
  requirements: "Gathering requirements",
  development: "Development in progress",
  testing: "Testing phase",
  completed: "Project completed",
};
const NO_STATUS_LABEL = "Not started";

const PROGRESS: Record<ProjectStatus, number> = {
  profile: 20,
  requirements: 60,
  development: 80,
  testing: 90,
  completed: 100,
};

export function statusLabel(status: string | null | undefined): string {
  return isProjectStatus(status) ? PROJECT_STATUS_LABELS[status] : NO_STATUS_LABEL;
}

export function progressForStatus(status: string | null | undefined): number {
  return isProjectStatus(status) ? PROGRESS[status] : 0;
}

export function isProjectStatus(value: unknown): value is ProjectStatus {
  return typeof value === "string" && (PROJECT_STATUSES as readonly string[]).includes(value);
}
