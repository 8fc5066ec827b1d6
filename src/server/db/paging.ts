// Offset paging for every paged list: the window of one page on an ordered select (or of a list read whole), and the page reply.
import type { PgSelect } from "drizzle-orm/pg-core";
import type { Page, Paging } from "../../shared/schemas/paging";

/** The rows of page `paging.page` of an ordered select (make it dynamic first: `.$dynamic()`). */
export function onePage<T extends PgSelect>(select: T, paging: Paging): T {
  return select.limit(paging.pageSize).offset((paging.page - 1) * paging.pageSize);
}

/** The reply for one page: its items, how many match in all, and the page asked for. */
export function pageReply<T>(items: T[], total: number, paging: Paging): Page<T> {
  return { items, total, page: paging.page, pageSize: paging.pageSize };
}

/** Page `paging.page` of a list already read whole (one that stays small, e.g. a customer's own projects). */
export function pageOfList<T>(list: T[], paging: Paging): Page<T> {
  const start = (paging.page - 1) * paging.pageSize;
  return pageReply(list.slice(start, start + paging.pageSize), list.length, paging);
}
