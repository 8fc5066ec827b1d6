// GET /api/projects/{id}/meeting-requests: one page of a project's meeting requests, newest first (polled).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { MEETING_REQUESTS_PAGE_SIZE, type MeetingRequestPage } from "../../../../shared/schemas/meeting-requests";
import { apiRequest } from "../../../lib/api";
import { POLL_MS } from "../../../lib/query-client";
import { previousPageOf } from "../../../lib/use-page-of";

/** Every page of a project's requests: what a change to them refreshes. */
export const meetingRequestsKey = (projectId: string) => ["/api/projects", projectId, "meeting-requests"] as const;

export const getMeetingRequests = (projectId: string, page: number) =>
  apiRequest<MeetingRequestPage>(
    "GET",
    `/api/projects/${projectId}/meeting-requests?page=${page}&pageSize=${MEETING_REQUESTS_PAGE_SIZE}`,
  );

export const meetingRequestsQueryOptions = (projectId: string, page = 1) =>
  queryOptions({
    queryKey: [...meetingRequestsKey(projectId), page] as const,
    queryFn: () => getMeetingRequests(projectId, page),
    refetchInterval: POLL_MS.meetingRequests,
  });

export function useMeetingRequests(projectId: string | undefined, page = 1) {
  return useQuery({
    ...meetingRequestsQueryOptions(projectId ?? "", page),
    enabled: Boolean(projectId),
    placeholderData: previousPageOf(projectId),
  });
}
