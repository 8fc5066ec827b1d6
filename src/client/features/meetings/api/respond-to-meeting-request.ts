// PATCH /api/company/meeting-requests/{id}: the admin's Respond dialog (status, link, time, notes).
import { useQueryClient } from "@tanstack/react-query";
import { rowTag } from "../../../../shared/live-tags";
import type { MeetingRequest, MeetingResponseInput } from "../../../../shared/schemas/meeting-requests";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import { type MutationConfig, ownedMutation } from "../../../lib/query-client";
import { refreshTags } from "../../../lib/tag-refresh";
import { useAction } from "../../../lib/use-action";

export const respondToMeetingRequest = (input: { id: string; body: MeetingResponseInput }) =>
  apiRequest<MeetingRequest>("PATCH", API.companyMeetingRequest.path({ requestId: input.id }), input.body);

export function useRespondToMeetingRequest(config: MutationConfig<typeof respondToMeetingRequest> = {}) {
  const queryClient = useQueryClient();
  return useAction(
    // A scheduled meeting also starts a thread in the project's communications.
    ownedMutation(config, respondToMeetingRequest, (updated) =>
      refreshTags(queryClient, [
        rowTag("meeting_requests", "project_id", updated.projectId),
        rowTag("communications", "project_id", updated.projectId),
      ]),
    ),
  );
}
