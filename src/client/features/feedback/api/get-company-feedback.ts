// GET /api/company/feedback: every project's feedback for the admin console, filtered (project, status, type) and
// paged on the server.
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { CompanyFeedbackPage, CompanyFeedbackQuery } from "../../../../shared/schemas/feedback";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { COMPANY_NO_CACHE } from "../../../lib/query-client";

export type CompanyFeedbackParams = Partial<CompanyFeedbackQuery>;

export const companyFeedbackQueryKey = API.companyFeedback.key();

export const getCompanyFeedback = (params: CompanyFeedbackParams) =>
  apiRequest<CompanyFeedbackPage>("GET", API.companyFeedback.path(params));

export const companyFeedbackQueryOptions = (params: CompanyFeedbackParams) =>
  queryOptions({
    queryKey: API.companyFeedback.key(params),
    queryFn: () => getCompanyFeedback(params),
    placeholderData: keepPreviousData,
    ...COMPANY_NO_CACHE,
  });

export function useCompanyFeedback(params: CompanyFeedbackParams) {
  return useQuery(companyFeedbackQueryOptions(params));
}
