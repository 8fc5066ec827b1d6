// Every link an email carries, in one place. Each is a portal page with its query: a reader who is signed out is sent
// to sign in and then lands on exactly this page (http/web.ts, shared/return-path.ts), so a link names the thing
// itself: the thread, the request, the project (`project=<code>`, which the project pages read), the console's tab.
import { consolePath } from "../../shared/console-tabs";
import { itemPath, withQuery } from "../../shared/item-links";
import { safeReturnPath } from "../../shared/return-path";

type Params = Record<string, string | null | undefined>;

/** `appUrl` + a portal path with its query. The path must be one a signed-out reader can return to. */
function portalAddress(appUrl: string, pathAndQuery: string): string {
  if (safeReturnPath(pathAndQuery) !== pathAndQuery) throw new Error(`not a portal path an email can link to: ${pathAndQuery}`);
  return `${appUrl.replace(/\/+$/, "")}${pathAndQuery}`;
}

/** `appUrl` + `path` + the parameters that have a value, encoded. */
export function portalLink(appUrl: string, path: string, params: Params = {}): string {
  return portalAddress(appUrl, withQuery(path, params));
}

/** The customer's pages. A project page names its project by code. */
export const customerLinks = {
  /** A project's thread, or (project null) a General support thread. */
  thread: (appUrl: string, project: { projectCode: string } | null, threadId: string) =>
    portalAddress(appUrl, itemPath("thread", "customer", { projectCode: project?.projectCode, subjectId: threadId })),
  /** The project's meeting requests, the request itself opened when named. */
  meetingRequests: (appUrl: string, project: { projectCode: string }, requestId?: string) =>
    portalAddress(appUrl, itemPath("meeting", "customer", { projectCode: project.projectCode, subjectId: requestId })),
  /** The project's Testing & Feedback, the feedback item itself opened when named. */
  testingFeedback: (appUrl: string, project: { projectCode: string }, itemId?: string) =>
    portalAddress(appUrl, itemPath("feedback", "customer", { projectCode: project.projectCode, subjectId: itemId })),
  /** An invited member's way in: the project's dashboard (sign-in first). */
  project: (appUrl: string, project: { projectCode: string }) =>
    portalLink(appUrl, "/dashboard", { project: project.projectCode }),
  dashboard: (appUrl: string) => portalLink(appUrl, "/dashboard"),
  onboarding: (appUrl: string) => portalLink(appUrl, "/onboarding"),
};

/** The company's console (/admin), at the tab that holds the thing. */
export const companyLinks = {
  thread: (appUrl: string, threadId: string) => portalAddress(appUrl, itemPath("thread", "company", { subjectId: threadId })),
  inbox: (appUrl: string) => portalAddress(appUrl, consolePath("inbox")),
  meetingRequest: (appUrl: string, requestId: string) =>
    portalAddress(appUrl, itemPath("meeting", "company", { subjectId: requestId })),
  ndaApprovals: (appUrl: string) => portalAddress(appUrl, consolePath("nda")),
  inquiries: (appUrl: string) => portalAddress(appUrl, consolePath("inquiries")),
  console: (appUrl: string) => portalLink(appUrl, "/admin"),
  overdueProjects: (appUrl: string) => portalAddress(appUrl, consolePath("projects", { due: "overdue" })),
};

/** A thread where its reader reads it: the console's inbox for the company, the project's Communications for a customer. */
export function threadLink(
  appUrl: string,
  side: "company" | "customer",
  project: { projectCode: string } | null,
  threadId: string,
): string {
  return side === "company" ? companyLinks.thread(appUrl, threadId) : customerLinks.thread(appUrl, project, threadId);
}
