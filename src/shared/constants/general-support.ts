// General support: a customer's conversation with the company outside any project (before their first project exists,
// or beside their projects). Kept free of zod: the dashboard's first load links here.
/**
 * The API takes this word where a project id goes
 * (`/api/projects/general/communications...`); the customer's /communications shows it with `?scope=general`.
 */
export const GENERAL_THREADS = "general";
export const GENERAL_SUPPORT = {
  label: "General support",
  /** The URL parameter of /communications that shows the general support threads instead of a project's. */
  param: "scope",
  description: "Questions for the Blueprint team that are not about one project: getting started, your account, pricing.",
} as const;

/** /communications showing general support; `compose` opens the New Communication panel (Contact Support). */
export function generalSupportPath(compose = false): string {
  return `/communications?${GENERAL_SUPPORT.param}=${GENERAL_THREADS}${compose ? "&openMessage=true" : ""}`;
}

/** A project id, or GENERAL_THREADS for the caller's general support threads. */
export function isGeneralScope(scope: string | null | undefined): boolean {
  return scope === GENERAL_THREADS;
}
