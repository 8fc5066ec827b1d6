// GET /api/company/meeting-requests: every project's meeting requests for the console, filtered and paged (polled).
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { CompanyMeetingRequestPage, companyMeetingRequestsQuerySchema } from "../../../../shared/schemas/meeting-requests";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { COMPANY_NO_CACHE, POLL_MS } from "../../../lib/query-client";

export type CompanyMeetingRequestsParams = Partial<z.output<typeof companyMeetingRequestsQuerySchema>>;

export const COMPANY_MEETING_REQUESTS_KEY = API.companyMeetingRequests.key();

export const getCompanyMeetingRequests = (params: CompanyMeetingRequestsParams) =>
  apiRequest<CompanyMeetingRequestPage>("GET", API.companyMeetingRequests.path(params));

export const companyMeetingRequestsQueryOptions = (params: CompanyMeetingRequestsParams = {}) =>
  queryOptions({
    queryKey: API.companyMeetingRequests.key(params),
    queryFn: () => getCompanyMeetingRequests(params),
    refetchInterval: POLL_MS.meetingRequests,
    placeholderData: keepPreviousData,
    ...COMPANY_NO_CACHE,
  });

export function useCompanyMeetingRequests(params: CompanyMeetingRequestsParams = {}) {
  return useQuery(companyMeetingRequestsQueryOptions(params));
}
