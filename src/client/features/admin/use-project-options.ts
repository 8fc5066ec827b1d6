// The console's project choices (the Inbox's project filter, New message's project): the first page by code, or the
// projects a search finds on the server (code, customer or name), so any of tens of thousands can be chosen. A project
// once listed keeps its label, so the chosen one stays in the list when a later search does not find it.
import { useRef } from "react";
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from "../../lib/use-debounced-value";
import { useAdminProjects } from "./api/get-admin-projects";

/** How many projects the list offers at once; past that, a search box narrows it. */
export const PROJECT_OPTIONS_PAGE = 100;

export type ProjectOption = { value: string; label: string };

export function useProjectOptions(search: string, chosenId: string | undefined) {
  const query = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const projects = useAdminProjects({
    search: query || undefined,
    pageSize: PROJECT_OPTIONS_PAGE,
    sort: "projectCode",
    order: "asc",
  });
  const labels = useRef(new Map<string, string>());
  const found: ProjectOption[] =
    projects.data?.items.map((p) => ({
      value: p.id,
      label: `${p.projectCode} · ${p.customerName?.trim() || p.customerEmail || p.projectName || "Customer"}`,
    })) ?? [];
  for (const option of found) labels.current.set(option.value, option.label);
  const chosenLabel = chosenId ? labels.current.get(chosenId) : undefined;
  const options =
    chosenId && chosenLabel && !found.some((option) => option.value === chosenId)
      ? [{ value: chosenId, label: chosenLabel }, ...found]
      : found;
  return {
    options,
    isLoading: projects.isLoading,
    /** More projects than one list holds (or a search is on): the search box is shown. */
    searchable: query !== "" || (projects.data?.total ?? 0) > PROJECT_OPTIONS_PAGE,
  };
}
