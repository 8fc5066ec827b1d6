// The names under which cached reads are dropped: the same tags the database's change triggers announce
// (drizzle/0007_change_notices.sql). A cached read lists every tag whose change could alter it.
export const cacheTags = {
  session: (sessionId: string) => `session:${sessionId}`,
  /** The user row, or their company profile. */
  user: (userId: string) => `user:${userId}`,
  /** Any user's name, email or role: lists that show people's names. */
  people: "people",
  /** The set of projects a user owns. */
  owner: (userId: string) => `owner:${userId}`,
  /** The set of projects shared with an email address. */
  member: (email: string) => `member:${email.toLowerCase()}`,
  /** A project and what hangs off it: members, requirements, feedback, messages and their replies and reads, meetings. */
  project: (projectId: string) => `project:${projectId}`,
  /** A user's activity events (their timeline and bell); company-wide events have activity:company. */
  activity: (userId: string) => `activity:${userId}`,
  companyActivity: "activity:company",
  /** Anything the company console's lists and counts read. */
  company: "company",
} as const;
