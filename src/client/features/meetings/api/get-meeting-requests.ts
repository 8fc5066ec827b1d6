// GET /api/projects/{id}/meeting-requests: one page of a project's meeting requests, newest first (polled).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { MEETING_REQUESTS_PAGE_SIZE, type MeetingRequestPage } from "../../../../shared/schemas/meeting-requests";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { POLL_MS } from "../../../lib/query-client";
import { previousPageOf } from "../../../lib/use-page-of";

/** Every page of a project's requests: what a change to them refreshes. */
export const meetingRequestsKey = (projectId: string) => API.meetingRequests.key({ projectId });

export const getMeetingRequests = (projectId: string, page: number) =>
  apiRequest<MeetingRequestPage>("GET", API.meetingRequests.path({ projectId }, { page, pageSize: MEETING_REQUESTS_PAGE_SIZE }));

export const meetingRequestsQueryOptions = (projectId: string, page = 1) =>
  queryOptions({
    queryKey: API.meetingRequests.key({ projectId }, { page }),
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
