// GET/PUT /api/company/settings/legal: the company's legal details (the Billing tab), and their save.
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { CompanyLegalInput, companyLegalReplySchema } from "../../../../shared/schemas/legal";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { COMPANY_NO_CACHE, type MutationConfig, ownedMutation, refreshCompanyData } from "../../../lib/query-client";
import { useAction } from "../../../lib/use-action";

export type CompanyLegalReply = z.infer<typeof companyLegalReplySchema>;

export const companyLegalQueryOptions = () =>
  queryOptions({
    queryKey: API.companyLegal.key(),
    queryFn: () => apiRequest<CompanyLegalReply>("GET", API.companyLegal.path()),
    ...COMPANY_NO_CACHE,
  });

export const useCompanyLegal = () => useQuery(companyLegalQueryOptions());

export const saveCompanyLegal = (values: CompanyLegalInput) =>
  apiRequest<CompanyLegalReply>("PUT", API.companyLegal.path(), {
    ...values,
    // The form's output holds the rate in basis points; the route takes the percent as typed.
    taxRatePercent: String(values.taxRatePercent / 100),
  });

/** Saves the details; the answer is the tab's new data, and every console read is asked again (the schedule moved). */
export function useSaveCompanyLegal(config: MutationConfig<typeof saveCompanyLegal> = {}) {
  const client = useQueryClient();
  return useAction(
    ownedMutation(config, saveCompanyLegal, async (reply) => {
      client.setQueryData(API.companyLegal.key(), reply);
      await refreshCompanyData(client);
    }),
  );
}
