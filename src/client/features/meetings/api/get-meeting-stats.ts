// GET /api/meeting-requests/stats?projectId=: the counts of the project in view (polled), so the stat cards and the
// list below them describe the same project.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { MeetingRequestStats } from "../../../../shared/schemas/meeting-requests";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { POLL_MS } from "../../../lib/query-client";

/** Every project's counts start with this key, so invalidating it refreshes them all. */
export const MEETING_STATS_KEY = API.meetingStats.key();
export const meetingStatsKey = (projectId: string) => API.meetingStats.key({ projectId });

export const getMeetingStats = (projectId: string) =>
  apiRequest<MeetingRequestStats>("GET", API.meetingStats.path({ projectId }));

export const meetingStatsQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: meetingStatsKey(projectId),
    queryFn: () => getMeetingStats(projectId),
    refetchInterval: POLL_MS.meetingRequests,
  });

export function useMeetingRequestStats(projectId: string | undefined) {
  return useQuery({ ...meetingStatsQueryOptions(projectId ?? ""), enabled: Boolean(projectId) });
}
