// Where a thing lives in the portal, for each side: the customer's project pages (`project=<code>`, which they read)
// and the company's console tabs. The bell opens these, and the emails link to the same addresses (server/email/links.ts
// puts the portal's address in front). A page opens the item a link names (`thread`, `item`, `request`) and scrolls to it.
import { consolePath } from "./console-tabs";
import { GENERAL_SUPPORT, GENERAL_THREADS } from "./constants/general-support";

/** What an event or a link is about; each activity type names one (shared/activity-types.ts). */
export type ItemTarget = "project" | "projects" | "requirements" | "feedback" | "thread" | "meeting" | "team" | "nda" | "profile";

export type ItemSide = "customer" | "company";

export type ItemRef = {
  projectId?: string | null;
  projectCode?: string | null;
  /** The thread, feedback item or meeting request itself. */
  subjectId?: string | null;
};

type Params = Record<string, string | null | undefined>;

/** `path` with the parameters that have a value. */
export function withQuery(path: string, params: Params = {}): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) query.set(name, value);
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** The console's Projects tab searched for the project's code (all projects without one). */
const consoleProject = (ref: ItemRef) => consolePath("projects", { q: ref.projectCode });

const CUSTOMER: Record<ItemTarget, (ref: ItemRef) => string> = {
  project: (ref) => withQuery("/dashboard", { project: ref.projectCode }),
  projects: () => "/requirements",
  requirements: (ref) => withQuery("/requirements", { project: ref.projectCode }),
  feedback: (ref) => withQuery("/testing-feedback", { project: ref.projectCode, item: ref.subjectId }),
  // A thread with no project is a General support thread (a project's threads go with their project).
  thread: (ref) =>
    withQuery(
      "/communications",
      ref.projectCode
        ? { thread: ref.subjectId, project: ref.projectCode }
        : { thread: ref.subjectId, [GENERAL_SUPPORT.param]: GENERAL_THREADS },
    ),
  meeting: (ref) => withQuery("/meeting-requests", { project: ref.projectCode, request: ref.subjectId }),
  team: (ref) => withQuery("/user-management", { project: ref.projectCode }),
  nda: () => "/onboarding",
  profile: () => "/profile",
};

const COMPANY: Record<ItemTarget, (ref: ItemRef) => string> = {
  project: consoleProject,
  projects: () => consolePath("projects"),
  requirements: consoleProject,
  // The Feedback tab filtered to the project (its scoped filter: feedback-project, feedback-code), the item opened.
  feedback: (ref) =>
    consolePath("feedback", {
      "feedback-project": ref.projectId,
      "feedback-code": ref.projectId ? ref.projectCode : null,
      item: ref.subjectId,
    }),
  thread: (ref) => consolePath("inbox", { thread: ref.subjectId }),
  meeting: (ref) => consolePath("meetings", { request: ref.subjectId }),
  team: consoleProject,
  nda: () => consolePath("nda"),
  profile: () => consolePath("activity"),
};

/** The portal path (with its query) that shows `target` to someone on `side`. */
export function itemPath(target: ItemTarget, side: ItemSide, ref: ItemRef = {}): string {
  return (side === "company" ? COMPANY : CUSTOMER)[target](ref);
}
