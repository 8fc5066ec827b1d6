// GET /api/company/pending-ndas: the NDA tab's approvals waiting for the company code.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PendingNda } from "../../../../shared/schemas/nda";
import { apiRequest } from "../../../lib/api";
import { COMPANY_NO_CACHE } from "../../../lib/query-client";

export const pendingNdasQueryKey = ["/api/company/pending-ndas"] as const;

export const getPendingNdas = () => apiRequest<PendingNda[]>("GET", "/api/company/pending-ndas");

export const pendingNdasQueryOptions = () =>
  queryOptions({ queryKey: pendingNdasQueryKey, queryFn: getPendingNdas, ...COMPANY_NO_CACHE });

export const usePendingNdas = () => useQuery(pendingNdasQueryOptions());
