// GET /api/projects/{id}/updates: a project's progress updates, newest first, paged. Posting one writes the project's
// row (its last-update time), whose change tag refreshes every page of this list (live/refresh-by-tag.ts).
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { UpdatePage } from "../../../../shared/schemas/updates";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";

/** Every page of the project's updates (what a change refreshes). */
export const updatesBaseKey = (projectId: string) => API.updates.key({ projectId });
export const updatesQueryKey = (projectId: string, page: number, pageSize: number) =>
  API.updates.key({ projectId }, { page, pageSize });

export const getUpdates = (projectId: string, page: number, pageSize: number, signal?: AbortSignal) =>
  apiRequest<UpdatePage>("GET", API.updates.path({ projectId }, { page, pageSize }), undefined, { signal });

export const updatesQueryOptions = (projectId: string, page = 1, pageSize = 10) =>
  queryOptions({
    queryKey: updatesQueryKey(projectId, page, pageSize),
    queryFn: ({ signal }) => getUpdates(projectId, page, pageSize, signal),
    placeholderData: keepPreviousData,
  });

export function useUpdates(projectId: string | undefined, page = 1, pageSize = 10, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...updatesQueryOptions(projectId ?? "", page, pageSize),
    enabled: Boolean(projectId) && options.enabled !== false,
  });
}
