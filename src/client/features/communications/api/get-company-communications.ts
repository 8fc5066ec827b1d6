// GET /api/company/communications: every project's threads for the console's Inbox, newest activity first, paged,
// by view (all, unread for the company, waiting for us, overdue) and project.
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { CompanyCommunicationPage, companyCommunicationsQuerySchema } from "../../../../shared/schemas/communications";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { COMPANY_NO_CACHE } from "../../../lib/query-client";

export type CompanyCommunicationsParams = Partial<z.output<typeof companyCommunicationsQuerySchema>>;

export const COMPANY_COMMUNICATIONS_KEY = API.companyCommunications.key();

export const getCompanyCommunications = (params: CompanyCommunicationsParams, signal?: AbortSignal) =>
  apiRequest<CompanyCommunicationPage>("GET", API.companyCommunications.path(params), undefined, { signal });

export const companyCommunicationsQueryOptions = (params: CompanyCommunicationsParams = {}) =>
  queryOptions({
    queryKey: API.companyCommunications.key(params),
    queryFn: ({ signal }) => getCompanyCommunications(params, signal),
    placeholderData: keepPreviousData,
    ...COMPANY_NO_CACHE,
  });

export function useCompanyCommunications(params: CompanyCommunicationsParams = {}, options: { enabled?: boolean } = {}) {
  return useQuery({ ...companyCommunicationsQueryOptions(params), enabled: options.enabled ?? true });
}
