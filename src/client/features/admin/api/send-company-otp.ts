// POST /api/nda/send-company-otp: emails the company code for approving a customer's NDA.
import type { SuccessReply } from "../../../../shared/schemas/replies";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import type { MutationConfig } from "../../../lib/query-client";
import { useAction } from "../../../lib/use-action";

export const sendCompanyOtp = (profileId: string) =>
  apiRequest<SuccessReply>("POST", API.ndaSendCompanyCode.path(), { profileId });

export function useSendCompanyOtp(config: MutationConfig<typeof sendCompanyOtp> = {}) {
  return useAction({
    ...config,
    mutationFn: sendCompanyOtp,
  });
}
