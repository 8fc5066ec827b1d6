// GET /api/company/meeting-requests: every project's meeting requests for the console, filtered and paged (polled).
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { CompanyMeetingRequestPage, companyMeetingRequestsQuerySchema } from "../../../../shared/schemas/meeting-requests";
import { apiRequest } from "../../../lib/api";
import { COMPANY_NO_CACHE, POLL_MS } from "../../../lib/query-client";
import { queryString } from "../../../lib/query-string";

export type CompanyMeetingRequestsParams = Partial<z.output<typeof companyMeetingRequestsQuerySchema>>;

export const COMPANY_MEETING_REQUESTS_KEY = ["/api/company/meeting-requests"] as const;

export const getCompanyMeetingRequests = (params: CompanyMeetingRequestsParams) =>
  apiRequest<CompanyMeetingRequestPage>("GET", `/api/company/meeting-requests${queryString(params)}`);

export const companyMeetingRequestsQueryOptions = (params: CompanyMeetingRequestsParams = {}) =>
  queryOptions({
    queryKey: [...COMPANY_MEETING_REQUESTS_KEY, params] as const,
    queryFn: () => getCompanyMeetingRequests(params),
    refetchInterval: POLL_MS.meetingRequests,
    placeholderData: keepPreviousData,
    ...COMPANY_NO_CACHE,
  });

export function useCompanyMeetingRequests(params: CompanyMeetingRequestsParams = {}) {
  return useQuery(companyMeetingRequestsQueryOptions(params));
}
