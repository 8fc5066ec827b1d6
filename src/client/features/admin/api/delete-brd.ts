// DELETE /api/company/projects/{id}/brd: removes the BRD (and its stored file).
import { useMutation } from "@tanstack/react-query";
import type { SuccessReply } from "../../../../shared/schemas/replies";
import { apiRequest } from "../../../lib/api";
import { type MutationConfig, ownedMutation, useRefreshCompanyData } from "../../../lib/query-client";

export const deleteBrd = (id: string) => apiRequest<SuccessReply>("DELETE", `/api/company/projects/${id}/brd`);

export function useDeleteBrd(config: MutationConfig<typeof deleteBrd> = {}) {
  const refreshCompanyData = useRefreshCompanyData();
  return useMutation(ownedMutation(config, deleteBrd, refreshCompanyData));
}
