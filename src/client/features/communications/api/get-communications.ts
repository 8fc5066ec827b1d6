// GET /api/projects/{id}/communications: a project's threads with their replies (the customer's page and the
// admin's project details). Live updates refresh it; without the stream it polls.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Communication } from "../../../../shared/schemas/communications";
import { apiRequest } from "../../../lib/api";

export const communicationsKey = (projectId: string) => ["/api/projects", projectId, "communications"] as const;

export const getCommunications = (projectId: string) =>
  apiRequest<Communication[]>("GET", `/api/projects/${projectId}/communications`);

export const communicationsQueryOptions = (projectId: string) =>
  queryOptions({ queryKey: communicationsKey(projectId), queryFn: () => getCommunications(projectId) });

export function useCommunications(projectId: string | undefined, options: { refetchInterval?: number | false } = {}) {
  return useQuery({
    ...communicationsQueryOptions(projectId ?? ""),
    enabled: Boolean(projectId),
    refetchInterval: options.refetchInterval ?? false,
  });
}
