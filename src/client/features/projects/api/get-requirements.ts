// GET /api/projects/{id}/requirements: the saved answers and the brief (null before the first save).
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Requirements } from "../../../../shared/schemas/requirements";
import { apiRequest } from "../../../lib/api";

export const requirementsQueryKey = (projectId: string) => ["/api/projects", projectId, "requirements"] as const;

export const getRequirements = (projectId: string) =>
  apiRequest<Requirements | null>("GET", `/api/projects/${projectId}/requirements`);

export const requirementsQueryOptions = (projectId: string) =>
  queryOptions({ queryKey: requirementsQueryKey(projectId), queryFn: () => getRequirements(projectId) });

export function useRequirements(projectId: string | undefined) {
  return useQuery({ ...requirementsQueryOptions(projectId ?? ""), enabled: Boolean(projectId) });
}
