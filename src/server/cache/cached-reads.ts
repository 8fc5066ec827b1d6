// Every cached read, declared once: its name (the namespace of its keys and its metrics), the cache it lives in, the
// tables it reads, the key of a variant worth keeping (null: a query the caller shapes freely goes to the database),
// whose share of the memory budget it counts against, and the rows it is scoped to. Its tags follow from the tables
// (cache/change-notices.ts): a table named in `rows` drops the entry only when those rows change; any other declared
// table drops it on any change. A new cached read is one entry here and one `cachedRead` call; a new table it reads,
// one line in the change-notice map (and the generated migration).
import { FEEDBACK_PAGE_SIZE } from "../../shared/schemas/feedback";
import type { SessionUser } from "../auth/sessions";
import type { ProjectAccess } from "../features/projects/access";
import { type NoticeTable, type RowColumn, rowChange, tableChange } from "./change-notices";
import type { ReadCache } from "./read-cache";
import type { ReadCaches } from "./read-caches";

type RowTag = <T extends NoticeTable>(table: T, column: RowColumn<T>, value: string) => string;

export type CachedReadDefinition<A, V> = {
  name: string;
  cache: keyof ReadCaches;
  tables: readonly NoticeTable[];
  key(args: A): string | null;
  /** The user whose share of the budget the entry counts against (null: shared, e.g. by every admin). */
  owner(args: A): string | null;
  /** The rows the answer is limited to, as row tags of declared tables (may depend on what was read). */
  rows?(args: A, value: V, row: RowTag): string[];
};

function defineRead<A, V = unknown>(definition: CachedReadDefinition<A, V>): CachedReadDefinition<A, V> {
  return definition;
}

type Viewer = Pick<SessionUser, "id" | "email" | "role">;
type ProjectViewer = Pick<ProjectAccess, "user" | "project" | "accessLevel">;
/** What every company admin shares: one share of the budget between them. */
const COMPANY_OWNER = "company";
/** The console's views are the same for every admin; their filters are a closed set, their search bounded text. */
const consoleView = (name: string, tables: readonly NoticeTable[]) =>
  defineRead<{ query?: unknown }>({
    name,
    cache: "reads",
    tables,
    key: ({ query }) => JSON.stringify(query ?? {}),
    owner: () => COMPANY_OWNER,
  });
const isDefault = <Q extends Record<string, unknown>>(query: Q, defaults: Partial<Q>) =>
  Object.entries(query).every(([name, value]) => value === undefined || value === defaults[name as keyof Q]);

const PROJECT_LIST_TABLES = ["projects", "project_members", "requirements", "meeting_requests", "profiles", "users"] as const;

export const cachedReads = {
  /** Session token hash → the session and its user. */
  session: defineRead<{ sessionId: string }, { user: { id: string } }>({
    name: "session",
    cache: "sessions",
    tables: ["sessions", "users"],
    key: ({ sessionId }) => sessionId,
    owner: () => null,
    rows: ({ sessionId }, record, row) => [row("sessions", "id", sessionId), row("users", "id", record.user.id)],
  }),
  /** A project and the caller's member level, for reads (writes look again). */
  projectAccess: defineRead<{ user: Viewer; projectId: string }>({
    name: "project-access",
    cache: "projectAccess",
    tables: ["projects", "project_members", "users"],
    key: ({ user, projectId }) => `${user.id}:${projectId}`,
    owner: ({ user }) => user.id,
    rows: ({ user, projectId }, _, row) => [
      row("projects", "id", projectId),
      row("project_members", "project_id", projectId),
      row("users", "id", user.id),
    ],
  }),
  /** A customer's project list: their own, those shared with their address, each owner's name. */
  projectList: defineRead<{ user: Viewer }, Array<{ id: string; userId: string }>>({
    name: "projects",
    cache: "reads",
    tables: PROJECT_LIST_TABLES,
    key: ({ user }) => user.id,
    owner: ({ user }) => user.id,
    rows: ({ user }, list, row) => [
      row("projects", "user_id", user.id),
      row("project_members", "email", user.email),
      ...list.flatMap((project) => [
        row("projects", "id", project.id),
        row("project_members", "project_id", project.id),
        row("requirements", "project_id", project.id),
        row("meeting_requests", "project_id", project.id),
        row("profiles", "user_id", project.userId),
        row("users", "id", project.userId),
      ]),
    ],
  }),
  /** A company admin's project list (every project). */
  companyProjectList: consoleView("company-projects", PROJECT_LIST_TABLES),
  profile: defineRead<{ user: Viewer }>({
    name: "profile",
    cache: "reads",
    tables: ["profiles", "users"],
    key: ({ user }) => user.id,
    owner: ({ user }) => user.id,
    rows: ({ user }, _, row) => [row("profiles", "user_id", user.id), row("users", "id", user.id)],
  }),
  activity: defineRead<{ user: Viewer; limit: number }>({
    name: "activity",
    cache: "reads",
    tables: ["activity_events"],
    key: ({ user, limit }) => (limit === DEFAULT_ACTIVITY_LIMIT ? user.id : null),
    owner: ({ user }) => user.id,
    rows: ({ user }, _, row) => [row("activity_events", "user_id", user.id)],
  }),
  notifications: defineRead<{ user: Viewer; limit: number }>({
    name: "notifications",
    cache: "reads",
    tables: ["activity_events"],
    key: ({ user, limit }) => (limit === DEFAULT_NOTIFICATION_LIMIT ? user.id : null),
    owner: ({ user }) => user.id,
    // A company admin's bell also shows the company-wide events (no user).
    rows: ({ user }, _, row) => [
      row("activity_events", "user_id", user.id),
      ...(user.role === "company" ? [row("activity_events", "user_id", "null")] : []),
    ],
  }),
  requirements: defineRead<{ projectId: string; user: Viewer }>({
    name: "requirements",
    cache: "reads",
    tables: ["requirements"],
    key: ({ projectId }) => projectId,
    owner: ({ user }) => user.id,
    rows: ({ projectId }, _, row) => [row("requirements", "project_id", projectId)],
  }),
  /** A project's feedback: only the first page at the default size, unfiltered. */
  feedbackList: defineRead<{ access: ProjectViewer; query: { page?: number; pageSize?: number; status?: string } }>({
    name: "feedback",
    cache: "reads",
    tables: ["feedback", "users"],
    key: ({ access, query }) =>
      isDefault(query, { page: 1, pageSize: FEEDBACK_PAGE_SIZE, status: "all" })
        ? `${access.project.id}:${access.user.id}:${access.accessLevel}`
        : null,
    owner: ({ access }) => access.user.id,
    rows: ({ access }, _, row) => [row("feedback", "project_id", access.project.id)],
  }),
  /** A project's threads: the newest page at the default size, no cursor. */
  communications: defineRead<{ access: ProjectViewer; limit: number; before?: string }>({
    name: "communications",
    cache: "reads",
    tables: ["communications", "communication_replies", "communication_reads", "users"],
    key: ({ access, limit, before }) =>
      limit === DEFAULT_COMMUNICATIONS_LIMIT && !before ? `${access.project.id}:${access.user.id}` : null,
    owner: ({ access }) => access.user.id,
    rows: ({ access }, _, row) => [
      row("communications", "project_id", access.project.id),
      row("communication_replies", "project_id", access.project.id),
      row("communication_reads", "project_id", access.project.id),
    ],
  }),
  meetingRequests: defineRead<{ access: ProjectViewer }>({
    name: "meeting-requests",
    cache: "reads",
    tables: ["meeting_requests", "users"],
    key: ({ access }) => access.project.id,
    owner: ({ access }) => access.user.id,
    rows: ({ access }, _, row) => [row("meeting_requests", "project_id", access.project.id)],
  }),
  /** Counts over a customer's projects (the ids come from their project list). */
  meetingStats: defineRead<{ user: Viewer; projectIds: string[] }>({
    name: "meeting-request-stats",
    cache: "reads",
    tables: ["meeting_requests", "projects", "project_members"],
    key: ({ user }) => user.id,
    owner: ({ user }) => user.id,
    rows: ({ user, projectIds }, _, row) => [
      row("projects", "user_id", user.id),
      row("project_members", "email", user.email),
      ...projectIds.map((id) => row("meeting_requests", "project_id", id)),
    ],
  }),
  /** One project's counts (the caller may see it: checked before). */
  projectMeetingStats: defineRead<{ access: ProjectViewer }>({
    name: "project-meeting-request-stats",
    cache: "reads",
    tables: ["meeting_requests"],
    key: ({ access }) => access.project.id,
    owner: ({ access }) => access.user.id,
    rows: ({ access }, _, row) => [row("meeting_requests", "project_id", access.project.id)],
  }),
  adminStats: consoleView("company-stats", ["projects", "profiles", "users", "project_members", "requirements"]),
  adminProjects: consoleView("company-project-page", ["projects", "profiles", "users", "project_members", "requirements"]),
  adminUserActivity: consoleView("company-user-activity", ["projects", "profiles", "users", "project_members", "requirements"]),
};

export const DEFAULT_ACTIVITY_LIMIT = 8;
export const DEFAULT_NOTIFICATION_LIMIT = 20;
export const DEFAULT_COMMUNICATIONS_LIMIT = 100;

/** The tags an answer is dropped by: its declared rows, and every declared table it is not limited to rows of. */
export function tagsOf<A, V>(definition: CachedReadDefinition<A, V>, args: A, value: V): string[] {
  const rows = definition.rows?.(args, value, rowChange) ?? [];
  const scoped = new Set(rows.map((tag) => tag.slice(0, tag.indexOf("."))));
  for (const table of scoped) {
    if (!definition.tables.includes(table as NoticeTable)) {
      throw new Error(`cached read ${definition.name}: rows of ${table}, which it does not declare`);
    }
  }
  return [...rows, ...definition.tables.filter((table) => !scoped.has(table)).map(tableChange)];
}

/**
 * `read()` served from its cache until a change to one of its tags. A variant the definition does not key (a query
 * shaped freely by the caller) goes straight to the database. A null result is not kept.
 */
export async function cachedRead<A, D, V extends D>(
  caches: ReadCaches,
  definition: CachedReadDefinition<A, D>,
  args: NoInfer<A>,
  read: () => Promise<V>,
): Promise<V> {
  const variant = definition.key(args);
  if (variant === null) return read();
  const cache = caches[definition.cache] as ReadCache<unknown>;
  const key = `${definition.name}:${variant}`;
  const cached = cache.get(key, definition.name);
  if (cached !== undefined) return cached as V;
  const loaded = await cache.load(key, async () => {
    const value = await read();
    return value === null
      ? null
      : { value, tags: tagsOf<A, D>(definition, args, value), owner: definition.owner(args), read: definition.name };
  });
  return loaded as V;
}
