// GET /api/company/pending-ndas: the NDA tab's signed NDAs by status (pending by default, approved as a history), paged.
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { CompanyNda, NdaListStatus } from "../../../../shared/schemas/nda";
import type { Page } from "../../../../shared/schemas/paging";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { COMPANY_NO_CACHE } from "../../../lib/query-client";

export const companyNdasQueryKey = (status: NdaListStatus, page: number) => API.pendingNdas.key({ status, page });

export const getCompanyNdas = (status: NdaListStatus, page: number) =>
  apiRequest<Page<CompanyNda>>("GET", API.pendingNdas.path({ status, page }));

export const companyNdasQueryOptions = (status: NdaListStatus, page: number) =>
  queryOptions({
    queryKey: companyNdasQueryKey(status, page),
    queryFn: () => getCompanyNdas(status, page),
    placeholderData: keepPreviousData,
    ...COMPANY_NO_CACHE,
  });

export const useCompanyNdas = (status: NdaListStatus, page: number) => useQuery(companyNdasQueryOptions(status, page));
