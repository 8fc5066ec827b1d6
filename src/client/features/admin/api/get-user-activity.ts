// GET /api/company/user-activity: the User Activity tab, filtered by activity and paged on the server.
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { Page, UserActivity } from "../../../../shared/schemas/admin";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { COMPANY_NO_CACHE } from "../../../lib/query-client";

export type UserActivityParams = { activityStatus?: string; search?: string; page?: number };

export const userActivityQueryKey = (query: UserActivityParams) => API.userActivity.key(query);

export const getUserActivity = (query: UserActivityParams) => apiRequest<Page<UserActivity>>("GET", API.userActivity.path(query));

export const userActivityQueryOptions = (query: UserActivityParams) =>
  queryOptions({
    queryKey: userActivityQueryKey(query),
    queryFn: () => getUserActivity(query),
    placeholderData: keepPreviousData,
    ...COMPANY_NO_CACHE,
  });

export const useUserActivity = (query: UserActivityParams) => useQuery(userActivityQueryOptions(query));
