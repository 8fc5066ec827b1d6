// POST /api/projects/{id}/requirements: saves answers or brief fields; the answer replaces the cached requirements.
import { useQueryClient } from "@tanstack/react-query";
import { rowTag } from "../../../../shared/live-tags";
import type { Requirements, SaveRequirementsBody } from "../../../../shared/schemas/requirements";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { SIGNS_IN_ITSELF } from "../../../lib/query-client";
import { refreshTags } from "../../../lib/tag-refresh";
import { useAction } from "../../../lib/use-action";
import { requirementsQueryKey } from "./get-requirements";

export const saveRequirements = (projectId: string, body: SaveRequirementsBody) =>
  apiRequest<Requirements>("POST", API.requirements.path({ projectId }), body);

/** Every change to requirements: the answer becomes the cached state, and the project list (its status) is asked again. */
export function useRequirementsMutation<TInput>(
  projectId: string,
  call: (input: TInput) => Promise<Requirements>,
  options: { signsInItself?: boolean } = {},
) {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: call,
    meta: options.signsInItself ? { [SIGNS_IN_ITSELF]: true } : undefined,
    onSuccess: (saved) => {
      queryClient.setQueryData(requirementsQueryKey(projectId), saved);
      return refreshTags(queryClient, [rowTag("requirements", "project_id", projectId)]);
    },
    // A refused change (say, a teammate confirmed the brief meanwhile) shows the server's state again.
    onError: () => queryClient.invalidateQueries({ queryKey: requirementsQueryKey(projectId) }),
  });
}

export function useSaveRequirements(projectId: string, options: { signsInItself?: boolean } = {}) {
  return useRequirementsMutation(projectId, (body: SaveRequirementsBody) => saveRequirements(projectId, body), options);
}
