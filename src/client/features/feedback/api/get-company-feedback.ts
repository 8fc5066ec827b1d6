// GET /api/company/feedback: every project's feedback for the admin console, filtered (project, status, type) and
// paged on the server.
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { CompanyFeedbackPage, CompanyFeedbackQuery } from "../../../../shared/schemas/feedback";
import { apiRequest } from "../../../lib/api";
import { COMPANY_NO_CACHE } from "../../../lib/query-client";
import { queryString } from "../../../lib/query-string";

export type CompanyFeedbackParams = Partial<CompanyFeedbackQuery>;

export const companyFeedbackQueryKey = ["/api/company/feedback"] as const;

export const getCompanyFeedback = (params: CompanyFeedbackParams) =>
  apiRequest<CompanyFeedbackPage>("GET", `/api/company/feedback${queryString(params)}`);

export const companyFeedbackQueryOptions = (params: CompanyFeedbackParams) =>
  queryOptions({
    queryKey: [...companyFeedbackQueryKey, params] as const,
    queryFn: () => getCompanyFeedback(params),
    placeholderData: keepPreviousData,
    ...COMPANY_NO_CACHE,
  });

export function useCompanyFeedback(params: CompanyFeedbackParams) {
  return useQuery(companyFeedbackQueryOptions(params));
}
