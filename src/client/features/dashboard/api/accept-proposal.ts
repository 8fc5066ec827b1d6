// POST /api/projects/{id}/proposal/accept: the owner or an Admin member accepts the proposal by typing their name.
// The project (its proposal state and the advance now requested), the documents (the sealed PDF) and the proposal
// itself are read again.
import { useQueryClient } from "@tanstack/react-query";
import { rowTag } from "../../../../shared/live-tags";
import type { Proposal, ProposalAcceptInput } from "../../../../shared/schemas/proposal";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { refreshTags } from "../../../lib/tag-refresh";
import { useAction } from "../../../lib/use-action";
import { proposalQueryKey } from "./get-proposal";

export function useAcceptProposal(projectId: string) {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: (input: ProposalAcceptInput) => apiRequest<Proposal>("POST", API.proposalAccept.path({ projectId }), input),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: proposalQueryKey(projectId) });
      await refreshTags(queryClient, [rowTag("projects", "id", projectId), "projects"]);
    },
  });
}
