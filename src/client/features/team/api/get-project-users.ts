// GET /api/projects/{id}/users: the project's authorized users (User Management polls it every 5 s).
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ProjectUser } from "../../../../shared/schemas/team";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { POLL_MS } from "../../../lib/query-client";

export const projectUsersQueryKey = (projectId: string) => API.projectUsers.key({ projectId });

const getProjectUsers = (projectId: string) => apiRequest<ProjectUser[]>("GET", API.projectUsers.path({ projectId }));

export const projectUsersQueryOptions = (projectId: string) =>
  queryOptions({ queryKey: projectUsersQueryKey(projectId), queryFn: () => getProjectUsers(projectId) });

export function useProjectUsers(projectId: string | undefined) {
  return useQuery({
    ...projectUsersQueryOptions(projectId ?? ""),
    enabled: Boolean(projectId),
    refetchInterval: POLL_MS.projectUsers,
  });
}
