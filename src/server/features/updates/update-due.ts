// The console's "Update due" (shared/domain/progress-updates.ts) in SQL: a project in development or testing with no
// progress update in the last 24 hours, or none since it entered development. Its filter and its count use this one
// condition, so the list and the stat agree.
import { and, inArray, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import { UPDATE_DUE_STATUSES, updateDueCutoff } from "../../../shared/domain/progress-updates";
import { projects } from "../../db/schema";

export function updateDueCondition(now: Date): SQL {
  return and(
    inArray(projects.status, [...UPDATE_DUE_STATUSES]),
    or(
      isNull(projects.lastUpdateAt),
      lt(projects.lastUpdateAt, updateDueCutoff(now)),
      sql`${projects.lastUpdateAt} < ${projects.developmentStartedAt}`,
    ),
  ) as SQL;
}
