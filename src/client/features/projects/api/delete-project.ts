// DELETE /api/projects/{id}: the owner deletes an empty project; it leaves the project list at once.
import { useQueryClient } from "@tanstack/react-query";
import type { Project } from "../../../../shared/schemas/project";
import type { SuccessReply } from "../../../../shared/schemas/replies";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { type MutationConfig, ownedMutation } from "../../../lib/query-client";
import { useAction } from "../../../lib/use-action";
import { projectsQueryKey } from "./get-projects";

const deleteProject = (projectId: string) =>
  apiRequest<SuccessReply>("DELETE", API.project.path({ projectId })).then((reply) => ({
    ...reply,
    projectId,
  }));

export function useDeleteProject(config: MutationConfig<typeof deleteProject> = {}) {
  const queryClient = useQueryClient();
  return useAction(
    ownedMutation(config, deleteProject, ({ projectId }) => {
      queryClient.setQueryData<Project[]>(projectsQueryKey, (list) => list?.filter((project) => project.id !== projectId));
      return queryClient.invalidateQueries({ queryKey: projectsQueryKey });
    }),
  );
}
