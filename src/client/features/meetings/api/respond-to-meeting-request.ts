// PATCH /api/company/meeting-requests/{id}: the admin's Respond dialog (status, link, time, notes).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { MeetingRequest, MeetingResponseInput } from "../../../../shared/schemas/meeting-requests";
import { apiRequest } from "../../../lib/api";
import { type MutationConfig, ownedMutation } from "../../../lib/query-client";
import { communicationsKey } from "../../communications/api/get-communications";
import { COMPANY_MEETING_REQUESTS_KEY } from "./get-company-meeting-requests";
import { meetingRequestsKey } from "./get-meeting-requests";
import { MEETING_STATS_KEY } from "./get-meeting-stats";

export const respondToMeetingRequest = (input: { id: string; body: MeetingResponseInput }) =>
  apiRequest<MeetingRequest>("PATCH", `/api/company/meeting-requests/${input.id}`, input.body);

export function useRespondToMeetingRequest(config: MutationConfig<typeof respondToMeetingRequest> = {}) {
  const queryClient = useQueryClient();
  return useMutation(
    ownedMutation(config, respondToMeetingRequest, (updated) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: COMPANY_MEETING_REQUESTS_KEY }),
        queryClient.invalidateQueries({ queryKey: MEETING_STATS_KEY }),
        queryClient.invalidateQueries({ queryKey: meetingRequestsKey(updated.projectId) }),
        queryClient.invalidateQueries({ queryKey: communicationsKey(updated.projectId) }),
      ]),
    ),
  );
}
