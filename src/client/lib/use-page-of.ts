// The page number of a paged list that belongs to something (a project, a conversation): showing another one starts
// again on its first page, decided while rendering (no effect that would first draw the old page against the new list).
import { useState } from "react";

export function usePageOf(owner: string | undefined): [page: number, setPage: (page: number) => void] {
  const [state, setState] = useState({ owner, page: 1 });
  if (state.owner !== owner) setState({ owner, page: 1 });
  return [state.owner === owner ? state.page : 1, (page) => setState({ owner, page })];
}

/**
 * A paged query's `placeholderData`: while the next page of the same owner loads, the page on screen stays; another
 * owner's is never shown in its place. The owner is the key's second part (`["/api/projects", id, ...]`).
 */
export function previousPageOf<T>(owner: string | undefined) {
  return (previous: T | undefined, previousQuery: { queryKey: readonly unknown[] } | undefined) =>
    previousQuery?.queryKey[1] === owner ? previous : undefined;
}
