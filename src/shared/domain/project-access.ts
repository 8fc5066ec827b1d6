// Who may do what on a project (part 2 §6, DESIGN.md §5): the one table the server's access rule and the UI read.

export const MEMBER_ACCESS_LEVELS = ["admin", "user", "view_only"] as const;
export type MemberAccessLevel = (typeof MEMBER_ACCESS_LEVELS)[number];

/** The caller's relation to a project: its owner, a member at some level, or a company admin. */
export const PROJECT_ACCESS_LEVELS = ["owner", ...MEMBER_ACCESS_LEVELS, "company"] as const;
export type ProjectAccessLevel = (typeof PROJECT_ACCESS_LEVELS)[number];

/** view: see the project; feedback: also test and send feedback; edit: requirements, brief and team. */
export type ProjectNeed = "view" | "feedback" | "edit";

const ALLOWED: Record<ProjectNeed, readonly ProjectAccessLevel[]> = {
  view: ["owner", "admin", "user", "view_only", "company"],
  feedback: ["owner", "admin", "user", "company"],
  edit: ["owner", "admin", "company"],
};

export function accessAllows(level: ProjectAccessLevel | null | undefined, need: ProjectNeed): boolean {
  return level ? ALLOWED[need].includes(level) : false;
}

export const ACCESS_LEVEL_LABELS: Record<MemberAccessLevel, string> = {
  admin: "Admin",
  user: "User",
  view_only: "View Only",
};

export const ACCESS_LEVEL_DESCRIPTIONS: Record<MemberAccessLevel, string> = {
  admin: "Full access to project and settings",
  user: "View and test prototypes, submit feedback",
  view_only: "View prototypes only, no editing or feedback",
};

/** How a caller's access reads on screen: never the raw value (no "view_only"). */
export function accessLevelLabel(level: ProjectAccessLevel): string {
  if (level === "owner") return "Owner";
  if (level === "company") return "Company admin";
  return ACCESS_LEVEL_LABELS[level];
}
