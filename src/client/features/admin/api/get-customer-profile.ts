// GET /api/customer-profile/{userId}: a customer's company profile for View Details (null: none yet, a 404).
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CustomerProfile } from "../../../../shared/schemas/admin";
import { ApiError, apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { COMPANY_NO_CACHE } from "../../../lib/query-client";

export const customerProfileQueryKey = (userId: string) => API.customerProfile.key({ userId });

export async function getCustomerProfile(userId: string): Promise<CustomerProfile | null> {
  try {
    return await apiRequest<CustomerProfile>("GET", API.customerProfile.path({ userId }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const customerProfileQueryOptions = (userId: string) =>
  queryOptions({ queryKey: customerProfileQueryKey(userId), queryFn: () => getCustomerProfile(userId), ...COMPANY_NO_CACHE });

export const useCustomerProfile = (userId: string) => useQuery(customerProfileQueryOptions(userId));
