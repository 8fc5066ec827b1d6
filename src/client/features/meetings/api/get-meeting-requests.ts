// GET /api/projects/{id}/meeting-requests: a project's meeting requests (polled).
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { MeetingRequest } from "../../../../shared/schemas/meeting-requests";
import { apiRequest } from "../../../lib/api";
import { POLL_MS } from "../../../lib/query-client";

export const meetingRequestsKey = (projectId: string) => ["/api/projects", projectId, "meeting-requests"] as const;

export const getMeetingRequests = (projectId: string) =>
  apiRequest<MeetingRequest[]>("GET", `/api/projects/${projectId}/meeting-requests`);

export const meetingRequestsQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: meetingRequestsKey(projectId),
    queryFn: () => getMeetingRequests(projectId),
    refetchInterval: POLL_MS.meetingRequests,
  });

export function useMeetingRequests(projectId: string | undefined) {
  return useQuery({ ...meetingRequestsQueryOptions(projectId ?? ""), enabled: Boolean(projectId) });
}
