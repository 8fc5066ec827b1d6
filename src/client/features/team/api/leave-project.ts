// DELETE /api/projects/{id}/membership: the caller leaves a project they were invited to; their project list is
// asked again.
import { useQueryClient } from "@tanstack/react-query";
import type { SuccessReply } from "../../../../shared/schemas/replies";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { type MutationConfig, ownedMutation } from "../../../lib/query-client";
import { useAction } from "../../../lib/use-action";
import { projectsQueryKey } from "../../projects/api/get-projects";

const leaveProject = (projectId: string) => apiRequest<SuccessReply>("DELETE", API.membership.path({ projectId }));

export function useLeaveProject(config: MutationConfig<typeof leaveProject> = {}) {
  const queryClient = useQueryClient();
  return useAction(ownedMutation(config, leaveProject, () => queryClient.invalidateQueries({ queryKey: projectsQueryKey })));
}
