// The console's one project picker's choices (the Inbox's and Feedback Management's project filters, New message's
// project; ProjectFilter.tsx): the first page by code, or the
// projects a search finds on the server (code, customer or name), so any of tens of thousands can be chosen. A project
// once listed keeps its label, so the chosen one stays in the list when a later search does not find it.
import { useRef } from "react";
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from "../../lib/use-debounced-value";
import { useAdminProjects } from "./api/get-admin-projects";

/** How many projects the list offers at once; past that, a search box narrows it. */
export const PROJECT_OPTIONS_PAGE = 100;

export type ProjectOption = { value: string; label: string; code: string };

/** The one label a project has in the console's pickers: its code, then who it is for. */
export function projectOptionLabel(p: {
  projectCode: string;
  customerName?: string | null;
  customerEmail?: string | null;
  projectName?: string | null;
}): string {
  return `${p.projectCode} · ${p.customerName?.trim() || p.customerEmail || p.projectName || "Customer"}`;
}

/** `chosen.code`: what the page already knows of the chosen project (from its address), shown until a list names it. */
export function useProjectOptions(search: string, chosenId: string | undefined, chosenCode?: string) {
  const query = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const projects = useAdminProjects({
    search: query || undefined,
    pageSize: PROJECT_OPTIONS_PAGE,
    sort: "projectCode",
    order: "asc",
  });
  const known = useRef(new Map<string, ProjectOption>());
  const found: ProjectOption[] =
    projects.data?.items.map((p) => ({ value: p.id, label: projectOptionLabel(p), code: p.projectCode })) ?? [];
  for (const option of found) known.current.set(option.value, option);
  const chosen =
    (chosenId && known.current.get(chosenId)) ||
    (chosenId && chosenCode ? { value: chosenId, label: chosenCode, code: chosenCode } : undefined);
  const options = chosen && !found.some((option) => option.value === chosen.value) ? [chosen, ...found] : found;
  return {
    options,
    isLoading: projects.isLoading,
    /** More projects than one list holds (or a search is on): the search box is shown. */
    searchable: query !== "" || (projects.data?.total ?? 0) > PROJECT_OPTIONS_PAGE,
  };
}
