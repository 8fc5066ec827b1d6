// The company console's tabs and the query keys a link into it may set, in one place: the console reads them
// (client/features/admin/console-state.ts), the bell's and the emails' links write them (item-links.ts,
// server/email/links.ts). A tab or key misspelt anywhere fails the typecheck.
export const CONSOLE_TABS = [
  "projects",
  "inbox",
  "activity",
  "feedback",
  "nda",
  "meetings",
  "inquiries",
  "billing",
  "integrations",
  "team",
  "audit",
] as const;
export type ConsoleTab = (typeof CONSOLE_TABS)[number];

/** What a link may open besides the tab: the Projects search and its overdue filter, the thing itself. */
export type ConsoleLinkParams = {
  /** Projects: the header's search (a project's code). */
  q?: string | null;
  /** Projects: only those past their delivery due time. */
  due?: "overdue";
  /** Inbox: the thread opened. */
  thread?: string | null;
  /** Meetings: the request opened. */
  request?: string | null;
  /** Feedback: the item opened, and the tab's scoped project filter (id and the code it shows). */
  item?: string | null;
  "feedback-project"?: string | null;
  "feedback-code"?: string | null;
};

/** The console's address at `tab`, with the parameters that have a value. */
export function consolePath(tab: ConsoleTab, params: ConsoleLinkParams = {}): string {
  const query = new URLSearchParams({ tab });
  for (const [name, value] of Object.entries(params)) if (value) query.set(name, value);
  return `/admin?${query.toString()}`;
}
