// GET /api/company/user-activity: the User Activity tab, filtered by activity and paged on the server.
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { Page, UserActivity } from "../../../../shared/schemas/admin";
import { apiRequest } from "../../../lib/api";
import { COMPANY_NO_CACHE } from "../../../lib/query-client";
import { queryString } from "../../../lib/query-string";

export type UserActivityParams = { activityStatus?: string; search?: string; page?: number };

export const userActivityQueryKey = (query: UserActivityParams) => ["/api/company/user-activity", query] as const;

export const getUserActivity = (query: UserActivityParams) =>
  apiRequest<Page<UserActivity>>("GET", `/api/company/user-activity${queryString(query)}`);

export const userActivityQueryOptions = (query: UserActivityParams) =>
  queryOptions({
    queryKey: userActivityQueryKey(query),
    queryFn: () => getUserActivity(query),
    placeholderData: keepPreviousData,
    ...COMPANY_NO_CACHE,
  });

export const useUserActivity = (query: UserActivityParams) => useQuery(userActivityQueryOptions(query));
