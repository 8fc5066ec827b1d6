// DELETE /api/company/projects/{id}/brd: removes the BRD (and its stored file).
import type { SuccessReply } from "../../../../shared/schemas/replies";
import { apiRequest } from "../../../lib/api";
import { type MutationConfig, ownedMutation, useRefreshCompanyData } from "../../../lib/query-client";
import { useAction } from "../../../lib/use-action";

export const deleteBrd = (id: string) => apiRequest<SuccessReply>("DELETE", `/api/company/projects/${id}/brd`);

export function useDeleteBrd(config: MutationConfig<typeof deleteBrd> = {}) {
  const refreshCompanyData = useRefreshCompanyData();
  return useAction(ownedMutation(config, deleteBrd, refreshCompanyData));
}
