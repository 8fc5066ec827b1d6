// POST /api/projects/{id}/meeting-requests: the customer's Request Meeting.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { MeetingRequest, NewMeetingRequestInput } from "../../../../shared/schemas/meeting-requests";
import { apiRequest } from "../../../lib/api";
import { type MutationConfig, ownedMutation } from "../../../lib/query-client";
import { COMPANY_MEETING_REQUESTS_KEY } from "./get-company-meeting-requests";
import { meetingRequestsKey } from "./get-meeting-requests";
import { MEETING_STATS_KEY } from "./get-meeting-stats";

export const requestMeeting = (input: { projectId: string; body: NewMeetingRequestInput }) =>
  apiRequest<MeetingRequest>("POST", `/api/projects/${input.projectId}/meeting-requests`, input.body);

export function useRequestMeeting(projectId: string, config: MutationConfig<typeof requestMeeting> = {}) {
  const queryClient = useQueryClient();
  return useMutation(
    ownedMutation(config, requestMeeting, () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: meetingRequestsKey(projectId) }),
        queryClient.invalidateQueries({ queryKey: MEETING_STATS_KEY }),
        queryClient.invalidateQueries({ queryKey: COMPANY_MEETING_REQUESTS_KEY }),
      ]),
    ),
  );
}
