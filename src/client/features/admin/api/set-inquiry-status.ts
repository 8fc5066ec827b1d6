// PATCH /api/company/inquiries/{id}: marks a contact inquiry new or answered.
import type { Inquiry } from "../../../../shared/schemas/admin";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { type MutationConfig, ownedMutation, useRefreshCompanyData } from "../../../lib/query-client";
import { useAction } from "../../../lib/use-action";

export const setInquiryStatus = (input: { id: string; status: Inquiry["status"] }) =>
  apiRequest<Inquiry>("PATCH", API.inquiry.path({ inquiryId: input.id }), { status: input.status });

export function useSetInquiryStatus(config: MutationConfig<typeof setInquiryStatus> = {}) {
  const refreshCompanyData = useRefreshCompanyData();
  return useAction(ownedMutation(config, setInquiryStatus, refreshCompanyData));
}
