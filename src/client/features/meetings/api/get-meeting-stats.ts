// GET /api/meeting-requests/stats?projectId=: the counts of the project in view (polled), so the stat cards and the
// list below them describe the same project.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { MeetingRequestStats } from "../../../../shared/schemas/meeting-requests";
import { apiRequest } from "../../../lib/api";
import { POLL_MS } from "../../../lib/query-client";
import { queryString } from "../../../lib/query-string";

/** Every project's counts start with this key, so invalidating it refreshes them all. */
export const MEETING_STATS_KEY = ["/api/meeting-requests/stats"] as const;
export const meetingStatsKey = (projectId: string) => [...MEETING_STATS_KEY, projectId] as const;

export const getMeetingStats = (projectId: string) =>
  apiRequest<MeetingRequestStats>("GET", `/api/meeting-requests/stats${queryString({ projectId })}`);

export const meetingStatsQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: meetingStatsKey(projectId),
    queryFn: () => getMeetingStats(projectId),
    refetchInterval: POLL_MS.meetingRequests,
  });

export function useMeetingRequestStats(projectId: string | undefined) {
  return useQuery({ ...meetingStatsQueryOptions(projectId ?? ""), enabled: Boolean(projectId) });
}
