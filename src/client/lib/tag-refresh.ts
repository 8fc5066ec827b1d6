// A change tag (shared/live-tags.ts) → the queries it makes stale, in the browser. The one map is
// features/live/refresh-by-tag.ts; the signed-in shell registers how to load it (it names every feature's query keys,
// so it stays off the first load). The live stream and every mutation owner (for its own write, at once, whether or not
// the stream is up) refresh through it, so what a write refreshes is never listed a second time.
import type { QueryClient, QueryKey } from "@tanstack/react-query";
import type { NoticeTable, RowColumn } from "../../shared/change-notices";
import { rowTag } from "../../shared/live-tags";
import { currentUserQueryKey } from "./query-client";

type QueriesFor = (tags: readonly string[]) => QueryKey[];

let loadMap: () => Promise<QueriesFor> = async () => () => [];

export function registerTagMap(load: () => Promise<QueriesFor>): void {
  loadMap = load;
}

/** Marks stale (and refetches where shown) every query the tags name, each once. */
export async function refreshTags(queryClient: QueryClient, tags: readonly string[]): Promise<void> {
  const queriesFor = await loadMap();
  await Promise.all(queriesFor(tags).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** The tag of the signed-in user's own rows of a table, e.g. `activity_events.user_id:<me>` (their bell). */
export function ownRowTag<T extends NoticeTable>(queryClient: QueryClient, table: T, column: RowColumn<T>): string {
  const me = queryClient.getQueryData<{ id: string } | null>(currentUserQueryKey);
  return rowTag(table, column, me?.id ?? "");
}
