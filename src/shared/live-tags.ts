// Change tags: what the database announces when rows change, what the server's read caches drop entries by, and what
// the live stream (GET /api/events) passes on so the browser refreshes the same reads. A tag is a table's name (any
// change to it) or "<table>.<column>:<value>" (a change to rows whose column holds that value; "null" for none).

import type { NoticeTable, RowColumn } from "./change-notices";

export const ROW_TAG_SEPARATOR = ":";

/** A change to rows of `table` whose `column` is `value` (a column the table's trigger announces). */
export const rowTag = <T extends NoticeTable>(table: T, column: RowColumn<T>, value: string) =>
  `${table}.${column}${ROW_TAG_SEPARATOR}${value}`;
/** Any change to `table`. */
export const tableTag = (table: NoticeTable) => table;

export type ParsedTag = { table: string; column: string | null; value: string | null };

export function parseTag(tag: string): ParsedTag {
  const at = tag.indexOf(ROW_TAG_SEPARATOR);
  const scope = at === -1 ? tag : tag.slice(0, at);
  const dot = scope.indexOf(".");
  if (at === -1 || dot === -1) return { table: scope, column: null, value: null };
  return { table: scope.slice(0, dot), column: scope.slice(dot + 1), value: tag.slice(at + 1) };
}
