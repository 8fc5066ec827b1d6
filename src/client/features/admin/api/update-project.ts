// PATCH /api/company/projects/{id}: the inline status and Edit Details (only changed fields); the console reloads.
import { useMutation } from "@tanstack/react-query";
import type { AdminProject, ProjectPatchInput } from "../../../../shared/schemas/admin";
import { apiRequest } from "../../../lib/api";
import type { MutationConfig } from "../../../lib/query-client";
import { useRefreshAdminData } from "./admin-cache";

export const updateProject = (input: { id: string; patch: ProjectPatchInput }) =>
  apiRequest<AdminProject>("PATCH", `/api/company/projects/${input.id}`, input.patch);

export function useUpdateProject(config: MutationConfig<typeof updateProject> = {}) {
  const refreshAdminData = useRefreshAdminData();
  return useMutation({
    ...config,
    mutationFn: updateProject,
    onSuccess: async (...args) => {
      await refreshAdminData();
      return config.onSuccess?.(...args);
    },
  });
}
