// GET /api/company/communications/{communicationId}: one thread as the console's Inbox shows it, opened in place (and
// from the admins' emails, /admin?tab=inbox&thread=<id>). Under the company list's key, so every thread change that
// refreshes the list (a reply, a read marker) refreshes it too.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CompanyCommunication } from "../../../../shared/schemas/communications";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { COMPANY_NO_CACHE } from "../../../lib/query-client";

export const companyThreadQueryKey = (threadId: string) => API.companyThread.key({ threadId });

export const getCompanyThread = (threadId: string, signal?: AbortSignal) =>
  apiRequest<CompanyCommunication>("GET", API.companyThread.path({ threadId }), undefined, { signal });

export const companyThreadQueryOptions = (threadId: string) =>
  queryOptions({
    queryKey: companyThreadQueryKey(threadId),
    queryFn: ({ signal }) => getCompanyThread(threadId, signal),
    ...COMPANY_NO_CACHE,
  });

export function useCompanyThread(threadId: string) {
  return useQuery({ ...companyThreadQueryOptions(threadId), enabled: threadId !== "" });
}
