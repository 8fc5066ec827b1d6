// POST /api/projects/{id}/meeting-requests: the customer's Request Meeting.
import { useQueryClient } from "@tanstack/react-query";
import { rowTag } from "../../../../shared/live-tags";
import type { MeetingRequest, NewMeetingRequestInput } from "../../../../shared/schemas/meeting-requests";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { type MutationConfig, ownedMutation } from "../../../lib/query-client";
import { refreshTags } from "../../../lib/tag-refresh";
import { useAction } from "../../../lib/use-action";

export const requestMeeting = (input: { projectId: string; body: NewMeetingRequestInput }) =>
  apiRequest<MeetingRequest>("POST", API.meetingRequests.path(input), input.body);

export function useRequestMeeting(projectId: string, config: MutationConfig<typeof requestMeeting> = {}) {
  const queryClient = useQueryClient();
  return useAction(
    ownedMutation(config, requestMeeting, () => refreshTags(queryClient, [rowTag("meeting_requests", "project_id", projectId)])),
  );
}
