// GET /api/company/feedback: every project's feedback for the admin console, filtered (project, status, type) and
// paged on the server.
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { CompanyFeedbackPage, CompanyFeedbackQuery } from "../../../../shared/schemas/feedback";
import { apiRequest } from "../../../lib/api";

export type CompanyFeedbackParams = Partial<CompanyFeedbackQuery>;

export const companyFeedbackQueryKey = ["/api/company/feedback"] as const;

export function getCompanyFeedback(params: CompanyFeedbackParams) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== "" && value !== "all") search.set(key, String(value));
  }
  return apiRequest<CompanyFeedbackPage>("GET", `/api/company/feedback?${search}`);
}

export const companyFeedbackQueryOptions = (params: CompanyFeedbackParams) =>
  queryOptions({
    queryKey: [...companyFeedbackQueryKey, params] as const,
    queryFn: () => getCompanyFeedback(params),
    placeholderData: keepPreviousData,
    // Admin data views load with no caching.
    staleTime: 0,
  });

export function useCompanyFeedback(params: CompanyFeedbackParams) {
  return useQuery(companyFeedbackQueryOptions(params));
}
