// GET /api/company/service-levels: how many customer threads and meeting requests are overdue now (the console header).
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ServiceLevelReport } from "../../../../shared/schemas/admin";
import type { ServiceLevelCounts } from "../../../../shared/schemas/communications";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { COMPANY_NO_CACHE, POLL_MS } from "../../../lib/query-client";

export const serviceLevelsQueryKey = API.serviceLevels.key();

export const getServiceLevels = (signal?: AbortSignal) =>
  apiRequest<ServiceLevelCounts>("GET", API.serviceLevels.path(), undefined, { signal });

export const serviceLevelsQueryOptions = () =>
  queryOptions({
    queryKey: serviceLevelsQueryKey,
    queryFn: ({ signal }) => getServiceLevels(signal),
    refetchInterval: POLL_MS.meetingRequests,
    ...COMPANY_NO_CACHE,
  });

export const useServiceLevels = () => useQuery(serviceLevelsQueryOptions());

export const serviceLevelReportQueryKey = API.serviceLevelReport.key();

/** GET /api/company/service-levels/report: answered within promise, last 30 days, per kind. */
export const useServiceLevelReport = () =>
  useQuery({
    queryKey: serviceLevelReportQueryKey,
    queryFn: ({ signal }) => apiRequest<ServiceLevelReport>("GET", API.serviceLevelReport.path(), undefined, { signal }),
    refetchInterval: POLL_MS.meetingRequests,
    ...COMPANY_NO_CACHE,
  });
