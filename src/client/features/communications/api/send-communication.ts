// POST /api/projects/{id}/communications: a new message or meeting thread.
import { useQueryClient } from "@tanstack/react-query";
import type { Communication, NewCommunicationInput } from "../../../../shared/schemas/communications";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { type MutationConfig, ownedMutation } from "../../../lib/query-client";
import { useAction } from "../../../lib/use-action";
import { invalidateThreads } from "./invalidate-threads";

export const sendCommunication = (input: { projectId: string; body: NewCommunicationInput }) =>
  apiRequest<Communication>("POST", API.communications.path(input), input.body);

export function useSendCommunication(projectId: string, config: MutationConfig<typeof sendCommunication> = {}) {
  const queryClient = useQueryClient();
  return useAction(ownedMutation(config, sendCommunication, () => invalidateThreads(queryClient, projectId)));
}
