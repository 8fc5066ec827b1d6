// POST /api/company/nda/approve: approves a customer's NDA with the company code; the console reloads.
import type { SuccessReply } from "../../../../shared/schemas/replies";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { type MutationConfig, ownedMutation, useRefreshCompanyData } from "../../../lib/query-client";
import { useAction } from "../../../lib/use-action";

export const approveNda = (input: { profileId: string; otp: string }) =>
  apiRequest<SuccessReply>("POST", API.approveNda.path(), input);

export function useApproveNda(config: MutationConfig<typeof approveNda> = {}) {
  const refreshCompanyData = useRefreshCompanyData();
  return useAction(ownedMutation(config, approveNda, refreshCompanyData));
}
