// The one owner of the meeting-request and Calendly endpoints on the client: a project's requests and the stats
// (polled every 30 s, §4), requesting a meeting, and for the admin console the filtered list, the response and Calendly.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { MEETING_REQUESTS_POLL_MS } from "../../../../shared/constants/meetings";
import type { CalendlyTestResult, CalendlyUpcomingResult } from "../../../../shared/schemas/calendly";
import type {
  CompanyMeetingRequestPage,
  CompanyMeetingRequestsQuery,
  MeetingRequest,
  MeetingRequestStats,
  MeetingResponseInput,
  NewMeetingRequestInput,
} from "../../../../shared/schemas/meeting-requests";
import { apiRequest } from "../../../lib/api";
import { communicationsKey } from "../../communications/api/communications-api";

export const meetingRequestsKey = (projectId: string) => ["/api/projects", projectId, "meeting-requests"] as const;
export const MEETING_STATS_KEY = ["/api/meeting-requests/stats"] as const;
export const COMPANY_MEETING_REQUESTS_KEY = ["/api/company/meeting-requests"] as const;
export const CALENDLY_UPCOMING_KEY = ["/api/calendly/upcoming-meetings"] as const;

export function meetingRequestsQuery(projectId: string) {
  return queryOptions({
    queryKey: meetingRequestsKey(projectId),
    queryFn: () => apiRequest<MeetingRequest[]>("GET", `/api/projects/${projectId}/meeting-requests`),
    refetchInterval: MEETING_REQUESTS_POLL_MS,
  });
}

export function useMeetingRequests(projectId: string | undefined) {
  return useQuery({ ...meetingRequestsQuery(projectId ?? ""), enabled: Boolean(projectId) });
}

export function meetingStatsQuery() {
  return queryOptions({
    queryKey: MEETING_STATS_KEY,
    queryFn: () => apiRequest<MeetingRequestStats>("GET", "/api/meeting-requests/stats"),
    refetchInterval: MEETING_REQUESTS_POLL_MS,
  });
}

export function useMeetingRequestStats(options: { enabled?: boolean } = {}) {
  return useQuery({ ...meetingStatsQuery(), enabled: options.enabled ?? true });
}

/** POST /api/projects/{id}/meeting-requests. */
export function useRequestMeeting(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewMeetingRequestInput) =>
      apiRequest<MeetingRequest>("POST", `/api/projects/${projectId}/meeting-requests`, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: meetingRequestsKey(projectId) }),
        queryClient.invalidateQueries({ queryKey: MEETING_STATS_KEY }),
        queryClient.invalidateQueries({ queryKey: COMPANY_MEETING_REQUESTS_KEY }),
      ]),
  });
}

export function companyMeetingRequestsQuery(params: CompanyMeetingRequestsQuery = {}) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== "") search.set(key, String(value));
  return queryOptions({
    queryKey: [...COMPANY_MEETING_REQUESTS_KEY, params] as const,
    queryFn: () => apiRequest<CompanyMeetingRequestPage>("GET", `/api/company/meeting-requests?${search}`),
    refetchInterval: MEETING_REQUESTS_POLL_MS,
    // Admin views load with no caching.
    staleTime: 0,
    gcTime: 0,
  });
}

export function useCompanyMeetingRequests(params: CompanyMeetingRequestsQuery = {}, options: { enabled?: boolean } = {}) {
  return useQuery({ ...companyMeetingRequestsQuery(params), enabled: options.enabled ?? true });
}

/** PATCH /api/company/meeting-requests/{id}: the admin's Respond dialog. */
export function useRespondToMeetingRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: MeetingResponseInput & { id: string }) =>
      apiRequest<MeetingRequest>("PATCH", `/api/company/meeting-requests/${id}`, input),
    onSuccess: (updated) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: COMPANY_MEETING_REQUESTS_KEY }),
        queryClient.invalidateQueries({ queryKey: MEETING_STATS_KEY }),
        queryClient.invalidateQueries({ queryKey: meetingRequestsKey(updated.projectId) }),
        queryClient.invalidateQueries({ queryKey: communicationsKey(updated.projectId) }),
      ]),
  });
}

/** GET /api/calendly/test-connection, on demand (the Test Calendly API button). */
export function useTestCalendlyConnection() {
  return useMutation({
    mutationFn: () => apiRequest<CalendlyTestResult>("GET", "/api/calendly/test-connection"),
  });
}

/** GET /api/calendly/upcoming-meetings, only while the Calendly tab shows. */
export function useCalendlyUpcomingMeetings(options: { enabled: boolean }) {
  return useQuery({
    queryKey: CALENDLY_UPCOMING_KEY,
    queryFn: () => apiRequest<CalendlyUpcomingResult>("GET", "/api/calendly/upcoming-meetings"),
    enabled: options.enabled,
    staleTime: 0,
    gcTime: 0,
  });
}
