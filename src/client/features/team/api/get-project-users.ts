// GET /api/projects/{id}/users: the project's authorized users (User Management polls it every 5 s).
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ProjectUser } from "../../../../shared/schemas/team";
import { apiRequest } from "../../../lib/api";
import { POLL_MS } from "../../../lib/query-client";

export const projectUsersQueryKey = (projectId: string) => ["/api/projects", projectId, "users"] as const;

const getProjectUsers = (projectId: string) => apiRequest<ProjectUser[]>("GET", `/api/projects/${projectId}/users`);

export const projectUsersQueryOptions = (projectId: string) =>
  queryOptions({ queryKey: projectUsersQueryKey(projectId), queryFn: () => getProjectUsers(projectId) });

export function useProjectUsers(projectId: string | undefined) {
  return useQuery({
    ...projectUsersQueryOptions(projectId ?? ""),
    enabled: Boolean(projectId),
    refetchInterval: POLL_MS.projectUsers,
  });
}
