// The console's "Update due" (shared/domain/progress-updates.ts) in SQL: a project in development or testing with no
// progress update in the last 24 hours, or none since it entered development. Its filter and its count use these
// conditions, so the list and the stat agree. The rule is two disjoint halves, each the predicate of a partial index
// (drizzle/0032_update_due_indexes.sql): due whatever the time, and updated since development began (due once that update is 24 hours old).
import { and, gte, inArray, isNotNull, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import { UPDATE_DUE_STATUSES, updateDueCutoff } from "../../../shared/domain/progress-updates";
import { projects } from "../../db/schema";

const inUpdateStatuses = () => inArray(projects.status, [...UPDATE_DUE_STATUSES]);

/** Due whatever the time: no update yet, or none since development (re)started. */
export function alwaysUpdateDueCondition(): SQL {
  return and(
    inUpdateStatuses(),
    or(isNull(projects.lastUpdateAt), sql`${projects.lastUpdateAt} < ${projects.developmentStartedAt}`),
  ) as SQL;
}

/** Updated since development began: the clock makes it due once that update is older than the interval. */
export function updatedSinceStartCondition(): SQL {
  return and(
    inUpdateStatuses(),
    isNotNull(projects.lastUpdateAt),
    or(isNull(projects.developmentStartedAt), sql`${projects.lastUpdateAt} >= ${projects.developmentStartedAt}`),
  ) as SQL;
}

export function updateDueCondition(now: Date): SQL {
  return or(
    alwaysUpdateDueCondition(),
    and(updatedSinceStartCondition(), lt(projects.lastUpdateAt, updateDueCutoff(now))),
  ) as SQL;
}

/** The updates still fresh at `now` (the earliest of them turns due first). */
export function freshUpdateCondition(now: Date): SQL {
  return and(updatedSinceStartCondition(), gte(projects.lastUpdateAt, updateDueCutoff(now))) as SQL;
}
