// PATCH /api/company/projects/{id}: the inline status and Edit Details (only changed fields); the console reloads.
import { useQueryClient } from "@tanstack/react-query";
import type { AdminProject, ProjectPatchInput } from "../../../../shared/schemas/admin";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { type MutationConfig, ownedMutation } from "../../../lib/query-client";
import { useAction } from "../../../lib/use-action";
import { refreshProject } from "./refresh-project";

export const updateProject = (input: { id: string; patch: ProjectPatchInput }) =>
  apiRequest<AdminProject>("PATCH", API.companyProject.path({ projectId: input.id }), input.patch);

export function useUpdateProject(config: MutationConfig<typeof updateProject> = {}) {
  const queryClient = useQueryClient();
  return useAction(ownedMutation(config, updateProject, (_, input) => refreshProject(queryClient, input.id)));
}
