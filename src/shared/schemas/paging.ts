// Paged lists, the one way the API pages (docs/decisions/0033-one-paged-shape.md): every list takes `page` and
// `pageSize` in its query string and answers `{ items, page, pageSize, total }`. Every query string's schema is strict
// (`z.strictObject`): an unknown parameter is a 400 naming it, never silently ignored, so a caller still sending
// `limit` or `cursor` learns they are gone. scripts/count-paging-shapes.ts checks every route.
import { z } from "zod";

export const MAX_PAGE = 10_000;
export const MAX_PAGE_SIZE = 100;

/** `page` (from 1) and `pageSize` (1 to 100) in a query string, with the list's own default page size. */
export function pageQueryFields(defaultPageSize: number) {
  return {
    page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
    pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(defaultPageSize),
  };
}

export type Paging = { page: number; pageSize: number };

/** One page of a list: its items, how many match in all, and which page of what size this is. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() });
}
export type Page<T> = { items: T[]; total: number } & Paging;
