// POST /api/projects/{id}/communications/{communicationId}/replies: a reply (the customer's page and the admin's
// project details).
import { useQueryClient } from "@tanstack/react-query";
import type { Communication, NewReplyInput } from "../../../../shared/schemas/communications";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { type MutationConfig, ownedMutation } from "../../../lib/query-client";
import { useAction } from "../../../lib/use-action";
import { invalidateThreads } from "./invalidate-threads";

export const replyToCommunication = (input: { projectId: string; communicationId: string; body: NewReplyInput }) =>
  apiRequest<Communication>("POST", API.communicationReplies.path(input), input.body);

export function useReplyToCommunication(projectId: string, config: MutationConfig<typeof replyToCommunication> = {}) {
  const queryClient = useQueryClient();
  return useAction(ownedMutation(config, replyToCommunication, () => invalidateThreads(queryClient, projectId)));
}
