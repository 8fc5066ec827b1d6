// GET /api/company/invoices: every invoice, newest first, filtered by status and paged.
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { CompanyInvoice } from "../../../../shared/schemas/invoices";
import type { Page } from "../../../../shared/schemas/paging";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { COMPANY_NO_CACHE } from "../../../lib/query-client";

type Query = { status: string; page: number };

export const companyInvoicesQueryKey = (query: Query) => API.companyInvoices.key(query);

export const getCompanyInvoices = (query: Query) => apiRequest<Page<CompanyInvoice>>("GET", API.companyInvoices.path(query));

export const companyInvoicesQueryOptions = (query: Query) =>
  queryOptions({
    queryKey: companyInvoicesQueryKey(query),
    queryFn: () => getCompanyInvoices(query),
    placeholderData: keepPreviousData,
    ...COMPANY_NO_CACHE,
  });

export const useCompanyInvoices = (query: Query) => useQuery(companyInvoicesQueryOptions(query));
