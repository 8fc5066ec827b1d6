// The console's cached reads (cache/define-read.ts): the same for every admin, so one entry each between them; their
// filters are a closed set, their search bounded text.
import type { ProjectListQuery } from "../../../shared/schemas/admin";
import { COMPANY_SHARE, defineRead } from "../../cache/define-read";
import { getAdminStats, getClockCounts } from "./get-admin-stats";
import { listAdminProjects } from "./list-admin-projects";
import { type ActivityQuery, listUserActivity } from "./user-activity";

const CONSOLE_TABLES = ["projects", "profiles", "users", "project_members", "requirements"] as const;

export const adminStatsRead = defineRead({
  name: "company-stats",
  tables: CONSOLE_TABLES,
  load: (db, _: Record<string, never>) => getAdminStats(db),
  owner: () => COMPANY_SHARE,
});

/** Overdue and Update due: kept until a write to projects, or until the clock changes them (`clockCountsHold`). */
export const adminClockCountsRead = defineRead({
  name: "company-clock-counts",
  tables: ["projects"],
  load: (db, _: Record<string, never>) => getClockCounts(db),
  owner: () => COMPANY_SHARE,
});

export const adminProjectsRead = defineRead({
  name: "company-project-page",
  tables: CONSOLE_TABLES,
  load: (db, query: ProjectListQuery) => listAdminProjects(db, query),
  // The Overdue and Update due filters depend on the time, which no change notice announces: read from the database.
  keep: (query) => query.due === "all" && query.update === "all",
  owner: () => COMPANY_SHARE,
});

export const adminUserActivityRead = defineRead({
  name: "company-user-activity",
  tables: CONSOLE_TABLES,
  load: (db, query: ActivityQuery) => listUserActivity(db, query),
  owner: () => COMPANY_SHARE,
});
