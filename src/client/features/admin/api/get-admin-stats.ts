// GET /api/company/stats: the six stat cards, one round trip.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminStats } from "../../../../shared/schemas/admin";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { COMPANY_NO_CACHE } from "../../../lib/query-client";

export const adminStatsQueryKey = API.companyStats.key();

export const getAdminStats = () => apiRequest<AdminStats>("GET", API.companyStats.path());

export const adminStatsQueryOptions = () =>
  queryOptions({ queryKey: adminStatsQueryKey, queryFn: getAdminStats, ...COMPANY_NO_CACHE });

export const useAdminStats = () => useQuery(adminStatsQueryOptions());
