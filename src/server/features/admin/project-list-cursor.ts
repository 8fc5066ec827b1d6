// Keyset paging for the admin project list. The page number stays in the URL; a step to the next or previous page also
// carries a cursor (the last or first row's sort key), so the database seeks to it in the index instead of counting
// past every earlier row with OFFSET. A page opened by number alone (a shared link, a jump) still uses OFFSET.
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { ProjectListQuery, ProjectSort } from "../../../shared/schemas/admin";
import { projects } from "../../db/schema";
import { badRequest } from "../../errors";

/** The sort column ahead of (created, id) in each keyset order; the customer name (nullable, another table) has none. */
const LEADING_COLUMN = {
  createdAt: null,
  projectCode: projects.projectCode,
  status: projects.status,
  packageType: projects.packageType,
} as const;
type KeysetSort = keyof typeof LEADING_COLUMN;

const keysetSort = (sort: ProjectSort): sort is KeysetSort => sort in LEADING_COLUMN;

/** A row's place in the order: the leading sort value (if any), created_at with its microseconds, and the id. */
export type RowKey = { lead: string | null; created: string; id: string };

const cursorSchema = z.object({
  direction: z.enum(["after", "before"]),
  sort: z.string(),
  order: z.enum(["asc", "desc"]),
  lead: z.string().max(200).nullable(),
  created: z.string().max(40),
  id: z.guid(),
});
type Cursor = z.infer<typeof cursorSchema>;

/** created_at as PostgreSQL writes it as text ("2025-12-13 08:38:26.077231+00"), in the years rows can have. */
const CREATED_TEXT = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?[+-](\d{2})(?::\d{2}){0,2}$/;

/**
 * Whether a cursor's time is one the database reads back. JavaScript's Date.parse takes "1" (the year 2001) or the
 * year 275760, PostgreSQL refuses both: such a forged cursor answered 500 and logged the query (issue 26).
 */
function isCreatedText(value: string): boolean {
  const match = CREATED_TEXT.exec(value);
  if (!match) return false;
  const [year, month, day, hour, minute, second, offset] = match.slice(1).map(Number) as number[];
  if (year === undefined || year < 1970 || year > 9999 || (offset ?? 99) > 15) return false;
  const date = new Date(Date.UTC(year, (month ?? 0) - 1, day, hour, minute, second));
  return (
    date.getUTCMonth() === (month ?? 0) - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second
  );
}

const encode = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString("base64url");

export const INVALID_CURSOR = "This page link is no longer valid: open the list again";

/** The cursor of a list query, or null (page by OFFSET) when it has none or it was made for another sort. */
export function readCursor(query: Pick<ProjectListQuery, "cursor" | "sort" | "order">): Cursor | null {
  if (!query.cursor) return null;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(query.cursor, "base64url").toString("utf8"));
  } catch {
    throw badRequest(INVALID_CURSOR, { cursor: INVALID_CURSOR });
  }
  const cursor = cursorSchema.safeParse(decoded);
  if (!cursor.success || !isCreatedText(cursor.data.created)) {
    throw badRequest(INVALID_CURSOR, { cursor: INVALID_CURSOR });
  }
  const { sort, order } = cursor.data;
  return sort === query.sort && order === query.order && keysetSort(query.sort) ? cursor.data : null;
}

/** The rows after (or before) the cursor in the list's order: one row comparison, which the composite indexes serve. */
export function seekCondition(cursor: Cursor): SQL {
  const lead = LEADING_COLUMN[cursor.sort as KeysetSort];
  const forward = cursor.direction === "after";
  const operator = sql.raw((cursor.order === "desc") === forward ? "<" : ">");
  if (lead === projects.projectCode) return sql`${projects.projectCode} ${operator} ${cursor.lead}`;
  const row = lead ? sql`(${lead}, ${projects.createdAt}, ${projects.id})` : sql`(${projects.createdAt}, ${projects.id})`;
  const values = lead ? sql`(${cursor.lead}, ${cursor.created}, ${cursor.id})` : sql`(${cursor.created}, ${cursor.id})`;
  return sql`${row} ${operator} ${values}`;
}

/** The cursors to the next and the previous page, from the first and last rows of this one (null where none). */
export function pageCursors(
  query: Pick<ProjectListQuery, "sort" | "order">,
  first: RowKey | undefined,
  last: RowKey | undefined,
): { nextCursor: string | null; previousCursor: string | null } {
  if (!keysetSort(query.sort) || !first || !last) return { nextCursor: null, previousCursor: null };
  const base = { sort: query.sort, order: query.order };
  return {
    nextCursor: encode({ ...base, direction: "after", ...last }),
    previousCursor: encode({ ...base, direction: "before", ...first }),
  };
}

/** The key columns each listed row carries for its cursor (created_at as text keeps its microseconds). */
export function rowKeyColumns(sort: ProjectSort) {
  const lead = keysetSort(sort) ? LEADING_COLUMN[sort] : null;
  return {
    lead: lead ? sql<string>`${lead}::text` : sql<string | null>`null`,
    created: sql<string>`${projects.createdAt}::text`,
    id: projects.id,
  };
}
