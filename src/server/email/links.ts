// Every link an email carries, in one place. Each is a portal page with its query: a reader who is signed out is sent
// to sign in and then lands on exactly this page (http/web.ts, shared/return-path.ts), so a link names the thing
// itself: the thread, the request, the project (`project=<code>`, which the project pages read), the console's tab.
import { safeReturnPath } from "../../shared/return-path";
import { GENERAL_SUPPORT, GENERAL_THREADS } from "../../shared/schemas/communications";

type Params = Record<string, string | null | undefined>;

/** `appUrl` + `path` + the parameters that have a value, encoded. The path must be one a signed-out reader can return to. */
export function portalLink(appUrl: string, path: string, params: Params = {}): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) query.set(name, value);
  const search = query.toString();
  const pathAndQuery = search ? `${path}?${search}` : path;
  if (safeReturnPath(pathAndQuery) !== pathAndQuery) throw new Error(`not a portal path an email can link to: ${path}`);
  return `${appUrl.replace(/\/+$/, "")}${pathAndQuery}`;
}

/** The customer's pages. A project page names its project by code. */
export const customerLinks = {
  /** A project's thread, or (project null) a general support thread: Communications showing general support. */
  thread: (appUrl: string, project: { projectCode: string } | null, threadId: string) =>
    portalLink(
      appUrl,
      "/communications",
      project
        ? { thread: threadId, project: project.projectCode }
        : { thread: threadId, [GENERAL_SUPPORT.param]: GENERAL_THREADS },
    ),
  meetingRequests: (appUrl: string, project: { projectCode: string }) =>
    portalLink(appUrl, "/meeting-requests", { project: project.projectCode }),
  testingFeedback: (appUrl: string, project: { projectCode: string }) =>
    portalLink(appUrl, "/testing-feedback", { project: project.projectCode }),
  /** An invited member's way in: the project's dashboard (sign-in first). */
  project: (appUrl: string, project: { projectCode: string }) =>
    portalLink(appUrl, "/dashboard", { project: project.projectCode }),
  dashboard: (appUrl: string) => portalLink(appUrl, "/dashboard"),
  onboarding: (appUrl: string) => portalLink(appUrl, "/onboarding"),
};

/** The company's console (/admin), at the tab that holds the thing. */
export const companyLinks = {
  thread: (appUrl: string, threadId: string) => portalLink(appUrl, "/admin", { tab: "inbox", thread: threadId }),
  inbox: (appUrl: string) => portalLink(appUrl, "/admin", { tab: "inbox" }),
  meetingRequest: (appUrl: string, requestId: string) => portalLink(appUrl, "/admin", { tab: "meetings", request: requestId }),
  ndaApprovals: (appUrl: string) => portalLink(appUrl, "/admin", { tab: "nda" }),
  inquiries: (appUrl: string) => portalLink(appUrl, "/admin", { tab: "inquiries" }),
  console: (appUrl: string) => portalLink(appUrl, "/admin"),
  overdueProjects: (appUrl: string) => portalLink(appUrl, "/admin", { tab: "projects", due: "overdue" }),
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
