// Who may do what on a project: the one table the server's access rule (in TypeScript here, in SQL in
// project-access-sql.ts) and the UI read.

export const MEMBER_ACCESS_LEVELS = ["admin", "user", "view_only"] as const;
export type MemberAccessLevel = (typeof MEMBER_ACCESS_LEVELS)[number];

/** The caller's relation to a project: its owner, a member at some level, or a company admin. */
export const PROJECT_ACCESS_LEVELS = ["owner", ...MEMBER_ACCESS_LEVELS, "company"] as const;
export type ProjectAccessLevel = (typeof PROJECT_ACCESS_LEVELS)[number];

/**
 * view: see the project; feedback: also test and send feedback; post: write communications and meeting requests
 * (view_only members read but do not post); edit: requirements, brief and team.
 */
export type ProjectNeed = "view" | "feedback" | "post" | "edit";

const ALLOWED: Record<ProjectNeed, readonly ProjectAccessLevel[]> = {
  view: ["owner", "admin", "user", "view_only", "company"],
  feedback: ["owner", "admin", "user", "company"],
  post: ["owner", "admin", "user", "company"],
  edit: ["owner", "admin", "company"],
};

export function accessAllows(level: ProjectAccessLevel | null | undefined, need: ProjectNeed): boolean {
  return level ? ALLOWED[need].includes(level) : false;
}

/** The member levels that allow `need` (the SQL form of the rule filters members by these). */
export function memberLevelsAllowing(need: ProjectNeed): MemberAccessLevel[] {
  return MEMBER_ACCESS_LEVELS.filter((level) => accessAllows(level, need));
}

/** What the caller is to a project, as the database knows it. */
export type ProjectRelation = {
  /** A company admin (the role, or an address in the company's admin list). */
  company: boolean;
  /** The caller owns the project. */
  owner: boolean;
  /** The caller's member row's level on the project (matched by lower-cased email); null: not a member. */
  memberLevel: MemberAccessLevel | null | undefined;
};

/** The caller's access level on a project: company admins see all, then the owner, then a member; null: none. */
export function projectAccessLevel(relation: ProjectRelation): ProjectAccessLevel | null {
  if (relation.company) return "company";
  if (relation.owner) return "owner";
  return relation.memberLevel ?? null;
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
