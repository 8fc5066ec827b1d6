// POST /api/company/nda/approve: approves a customer's NDA with the company code; the console reloads.
import { useMutation } from "@tanstack/react-query";
import type { SuccessReply } from "../../../../shared/schemas/replies";
import { apiRequest } from "../../../lib/api";
import type { MutationConfig } from "../../../lib/query-client";
import { useRefreshAdminData } from "./admin-cache";

export const approveNda = (input: { profileId: string; otp: string }) =>
  apiRequest<SuccessReply>("POST", "/api/company/nda/approve", input);

export function useApproveNda(config: MutationConfig<typeof approveNda> = {}) {
  const refreshAdminData = useRefreshAdminData();
  return useMutation({
    ...config,
    mutationFn: approveNda,
    onSuccess: async (...args) => {
      await refreshAdminData();
      return config.onSuccess?.(...args);
    },
  });
}
