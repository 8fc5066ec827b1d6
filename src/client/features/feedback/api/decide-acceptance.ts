// POST /api/projects/{id}/acceptance: the owner or an Admin member approves the prototype or requests changes.
import { useQueryClient } from "@tanstack/react-query";
import { rowTag } from "../../../../shared/live-tags";
import type { Acceptance, AcceptanceInput } from "../../../../shared/schemas/acceptance";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { refreshTags } from "../../../lib/tag-refresh";
import { useAction } from "../../../lib/use-action";

export function useDecideAcceptance(projectId: string) {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: (input: AcceptanceInput) => apiRequest<Acceptance>("POST", API.acceptance.path({ projectId }), input),
    onSuccess: () =>
      refreshTags(queryClient, [rowTag("projects", "id", projectId), "projects", rowTag("feedback", "project_id", projectId)]),
  });
}
