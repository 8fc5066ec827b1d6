// The project team on the client: the users list (polled every 5 s), add and remove.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AddProjectUserInput, ProjectUser } from "../../../shared/schemas/team";
import { apiRequest } from "../../lib/api";
import { PROJECTS_KEY } from "../projects/project-queries";

export const USERS_POLL_MS = 5_000;
export const usersKey = (projectId: string) => ["/api/projects", projectId, "users"] as const;

export function useProjectUsers(projectId: string | undefined) {
  return useQuery<ProjectUser[]>({
    queryKey: usersKey(projectId ?? ""),
    enabled: Boolean(projectId),
    refetchInterval: USERS_POLL_MS,
  });
}

export function useAddProjectUser(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddProjectUserInput) => apiRequest<ProjectUser>("POST", `/api/projects/${projectId}/users`, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: usersKey(projectId) }),
        queryClient.invalidateQueries({ queryKey: PROJECTS_KEY, exact: true }),
      ]),
  });
}

export function useRemoveProjectUser(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      apiRequest<{ success: boolean; message: string }>("DELETE", `/api/projects/${projectId}/users/${userId}`),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: usersKey(projectId) }),
        queryClient.invalidateQueries({ queryKey: PROJECTS_KEY, exact: true }),
      ]),
  });
}
