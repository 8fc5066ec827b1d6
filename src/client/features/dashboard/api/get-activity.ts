// GET /api/dashboard/activity: the recent activity on the customer's projects (the timeline's first page).
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ActivityPage } from "../../../../shared/schemas/activity";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";

export const activityQueryKey = API.activity.key();

const getActivity = () => apiRequest<ActivityPage>("GET", API.activity.path());

export const activityQueryOptions = () => queryOptions({ queryKey: activityQueryKey, queryFn: getActivity });

export function useRecentActivity() {
  return useQuery(activityQueryOptions());
}
