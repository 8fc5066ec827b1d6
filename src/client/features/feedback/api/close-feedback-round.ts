// POST /api/projects/{id}/feedback/rounds/close (company): closes the open feedback round, which advances the
// project's iterationsUsed (docs/decisions/0009-feedback-rounds.md); feedback lists and projects (the console's rows too) are
// asked again.
import { useQueryClient } from "@tanstack/react-query";
import { rowTag, tableTag } from "../../../../shared/live-tags";
import type { CloseFeedbackRoundResult } from "../../../../shared/schemas/feedback";
import { apiRequest } from "../../../lib/api";
import { API } from "../../../lib/api-paths";
import type { MutationConfig } from "../../../lib/query-client";
import { refreshTags } from "../../../lib/tag-refresh";
import { useAction } from "../../../lib/use-action";

export const closeFeedbackRound = (projectId: string) =>
  apiRequest<CloseFeedbackRoundResult>("POST", API.closeFeedbackRound.path({ projectId }));

export function useCloseFeedbackRound(projectId: string, config: MutationConfig<() => Promise<CloseFeedbackRoundResult>> = {}) {
  const queryClient = useQueryClient();
  return useAction({
    ...config,
    mutationFn: () => closeFeedbackRound(projectId),
    onSuccess: async (...args) => {
      // iterationsUsed lives on the project (the dashboard's Iterations Used card, the admin's project list).
      await refreshTags(queryClient, [
        rowTag("feedback", "project_id", projectId),
        rowTag("projects", "id", projectId),
        tableTag("projects"),
      ]);
      return config.onSuccess?.(...args);
    },
  });
}
