// DELETE /api/company/projects/{id}/brd: removes the BRD (and its stored file).
import { useMutation } from "@tanstack/react-query";
import type { SuccessReply } from "../../../../shared/schemas/replies";
import { apiRequest } from "../../../lib/api";
import type { MutationConfig } from "../../../lib/query-client";
import { useRefreshAdminData } from "./admin-cache";

export const deleteBrd = (id: string) => apiRequest<SuccessReply>("DELETE", `/api/company/projects/${id}/brd`);

export function useDeleteBrd(config: MutationConfig<typeof deleteBrd> = {}) {
  const refreshAdminData = useRefreshAdminData();
  return useMutation({
    ...config,
    mutationFn: deleteBrd,
    onSuccess: async (...args) => {
      await refreshAdminData();
      return config.onSuccess?.(...args);
    },
  });
}
