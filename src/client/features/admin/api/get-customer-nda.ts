// GET /api/customer-profile/{userId}/nda: the NDA Status tab (null: the customer has no profile yet, a 404).
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CustomerNda } from "../../../../shared/schemas/admin";
import { ApiError, apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { COMPANY_NO_CACHE } from "../../../lib/query-client";

export const customerNdaQueryKey = (userId: string) => API.customerNda.key({ userId });

export async function getCustomerNda(userId: string): Promise<CustomerNda | null> {
  try {
    return await apiRequest<CustomerNda>("GET", API.customerNda.path({ userId }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const customerNdaQueryOptions = (userId: string) =>
  queryOptions({ queryKey: customerNdaQueryKey(userId), queryFn: () => getCustomerNda(userId), ...COMPANY_NO_CACHE });

export const useCustomerNda = (userId: string) => useQuery(customerNdaQueryOptions(userId));
