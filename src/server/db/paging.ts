// Offset paging for every paged list: the window of one page on an ordered select, and the page reply.
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
