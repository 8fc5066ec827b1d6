// DELETE /api/company/projects/{id}/brd: removes the BRD (and its stored file).
import { useQueryClient } from "@tanstack/react-query";
import type { SuccessReply } from "../../../../shared/schemas/replies";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { type MutationConfig, ownedMutation } from "../../../lib/query-client";
import { useAction } from "../../../lib/use-action";
import { refreshProject } from "./refresh-project";

export const deleteBrd = (id: string) => apiRequest<SuccessReply>("DELETE", API.brd.path({ projectId: id }));

export function useDeleteBrd(config: MutationConfig<typeof deleteBrd> = {}) {
  const queryClient = useQueryClient();
  return useAction(ownedMutation(config, deleteBrd, (_, id) => refreshProject(queryClient, id)));
}
