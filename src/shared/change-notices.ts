// The one table → tag map. Every table a cached read shows is listed here with what its change trigger announces on
// NOTIFY bp_changes at commit, whoever wrote the row: the table's name (any change: for reads over all its rows) and,
// per row, "<table>.<column>:<value>" for each column a read may be scoped by. The server generates its triggers from
// it (server/cache/change-notices.ts) and its read caches drop entries by these tags; the browser refreshes its queries
// from the same tags (client/features/live/refresh-by-tag.ts, whose keys are checked against this map).
/** Who may hear a row tag over the live stream: the project's people, the user it names, or no one. */
export type TagAudience = "project" | "user" | "nobody";

export type TableNotice = {
  /** Columns announced per changed row, and who may hear about that row over the live stream. */
  rows: Record<string, TagAudience>;
  /** Only updates of these columns announce the table-wide tag (default: any change). */
  wideOn?: readonly string[];
  /** The row's columns live on a parent row: read `rows` from `table` where id = this row's `column`. */
  through?: { column: string; table: string };
};

export const changeNotices = {
  sessions: { rows: { id: "nobody" } },
  users: { rows: { id: "user" }, wideOn: ["email", "name", "first_name", "last_name", "role"] },
  profiles: { rows: { user_id: "user" } },
  projects: { rows: { id: "project", user_id: "user" } },
  project_members: { rows: { project_id: "project", email: "nobody" } },
  requirements: { rows: { project_id: "project" } },
  feedback: { rows: { project_id: "project" } },
  communications: { rows: { project_id: "project" } },
  communication_replies: { rows: { project_id: "project" }, through: { column: "communication_id", table: "communications" } },
  communication_reads: { rows: { project_id: "project" }, through: { column: "communication_id", table: "communications" } },
  meeting_requests: { rows: { project_id: "project" } },
  activity_events: { rows: { user_id: "user" } },
} as const satisfies Record<string, TableNotice>;

export type NoticeTable = keyof typeof changeNotices;
export type RowColumn<T extends NoticeTable> = keyof (typeof changeNotices)[T]["rows"] & string;

/** A key of the browser's refresh map: a table's name (any change to it) or "<table>.<column>" (a change to those rows). */
export type TagKey = { [T in NoticeTable]: T | `${T}.${RowColumn<T>}` }[NoticeTable];
