// GET /api/company/charts: the charts strip's aggregates (one SQL statement on the server).
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ChartData } from "../../../../shared/schemas/admin";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { COMPANY_NO_CACHE } from "../../../lib/query-client";

export const chartDataQueryKey = API.companyCharts.key();

export const getChartData = () => apiRequest<ChartData>("GET", API.companyCharts.path());

export const chartDataQueryOptions = () =>
  queryOptions({ queryKey: chartDataQueryKey, queryFn: getChartData, ...COMPANY_NO_CACHE });

export const useChartData = () => useQuery(chartDataQueryOptions());
