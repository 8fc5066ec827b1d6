// GET /api/meeting-requests/stats: the caller's meeting-request counts (polled).
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { MeetingRequestStats } from "../../../../shared/schemas/meeting-requests";
import { apiRequest } from "../../../lib/api";
import { POLL_MS } from "../../../lib/query-client";

export const MEETING_STATS_KEY = ["/api/meeting-requests/stats"] as const;

export const getMeetingStats = () => apiRequest<MeetingRequestStats>("GET", "/api/meeting-requests/stats");

export const meetingStatsQueryOptions = () =>
  queryOptions({ queryKey: MEETING_STATS_KEY, queryFn: getMeetingStats, refetchInterval: POLL_MS.meetingRequests });

export function useMeetingRequestStats(options: { enabled?: boolean } = {}) {
  return useQuery({ ...meetingStatsQueryOptions(), enabled: options.enabled ?? true });
}
