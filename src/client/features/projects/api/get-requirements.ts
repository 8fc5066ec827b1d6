// GET /api/projects/{id}/requirements: the saved answers and the brief (null before the first save).
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Requirements } from "../../../../shared/schemas/requirements";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";

export const requirementsQueryKey = (projectId: string) => API.requirements.key({ projectId });

export const getRequirements = (projectId: string) =>
  apiRequest<Requirements | null>("GET", API.requirements.path({ projectId }));

export const requirementsQueryOptions = (projectId: string) =>
  queryOptions({ queryKey: requirementsQueryKey(projectId), queryFn: () => getRequirements(projectId) });

export function useRequirements(projectId: string | undefined) {
  return useQuery({ ...requirementsQueryOptions(projectId ?? ""), enabled: Boolean(projectId) });
}
