// GET /api/company/inquiries: the contact-form inquiries, filtered by status and paged.
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { Inquiry, Page } from "../../../../shared/schemas/admin";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { COMPANY_NO_CACHE } from "../../../lib/query-client";

export const inquiriesQueryKey = (status: string, page: number) => API.inquiries.key({ status, page });

export const getInquiries = (status: string, page: number) =>
  apiRequest<Page<Inquiry>>("GET", API.inquiries.path({ status, page }));

export const inquiriesQueryOptions = (status: string, page: number) =>
  queryOptions({
    queryKey: inquiriesQueryKey(status, page),
    queryFn: () => getInquiries(status, page),
    placeholderData: keepPreviousData,
    ...COMPANY_NO_CACHE,
  });

export const useInquiries = (status: string, page: number) => useQuery(inquiriesQueryOptions(status, page));
