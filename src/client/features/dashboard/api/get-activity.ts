// GET /api/dashboard/activity: the recent activity on the customer's projects (the timeline's first page).
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ActivityPage } from "../../../../shared/schemas/activity";
import { apiRequest } from "../../../lib/api";

export const activityQueryKey = ["/api/dashboard/activity"] as const;

const getActivity = () => apiRequest<ActivityPage>("GET", "/api/dashboard/activity");

export const activityQueryOptions = () => queryOptions({ queryKey: activityQueryKey, queryFn: getActivity });

export function useRecentActivity() {
  return useQuery(activityQueryOptions());
}
