// POST /api/projects/{id}/users: adds a user; the users list and the project list (seats) are asked again.
import { useQueryClient } from "@tanstack/react-query";
import { rowTag } from "../../../../shared/live-tags";
import type { AddProjectUserInput, ProjectUser } from "../../../../shared/schemas/team";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { refreshTags } from "../../../lib/tag-refresh";
import { useAction } from "../../../lib/use-action";

const addProjectUser = (projectId: string, input: AddProjectUserInput) =>
  apiRequest<ProjectUser>("POST", API.projectUsers.path({ projectId }), input);

/** After any change to the team: the users list and the project list (its seat counts) are asked again. */
export function useTeamMutation<TInput, TReply>(projectId: string, call: (input: TInput) => Promise<TReply>) {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: call,
    onSuccess: () => refreshTags(queryClient, [rowTag("project_members", "project_id", projectId)]),
  });
}

export function useAddProjectUser(projectId: string) {
  return useTeamMutation(projectId, (input: AddProjectUserInput) => addProjectUser(projectId, input));
}
