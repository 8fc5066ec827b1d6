// POST /api/nda/send-company-otp: emails the company code for approving a customer's NDA.
import type { SuccessReply } from "../../../../shared/schemas/replies";
import { apiRequest } from "../../../lib/api";
import type { MutationConfig } from "../../../lib/query-client";
import { useAction } from "../../../lib/use-action";

export const sendCompanyOtp = (profileId: string) => apiRequest<SuccessReply>("POST", "/api/nda/send-company-otp", { profileId });

export function useSendCompanyOtp(config: MutationConfig<typeof sendCompanyOtp> = {}) {
  return useAction({
    ...config,
    mutationFn: sendCompanyOtp,
  });
}
