// POST /api/projects/{id}/feedback/rounds/close (company): closes the open feedback round, which advances the
// project's iterationsUsed (docs/decisions/feedback-rounds.md); feedback lists and projects are asked again.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CloseFeedbackRoundResult } from "../../../../shared/schemas/feedback";
import { apiRequest } from "../../../lib/api";
import type { MutationConfig } from "../../../lib/query-client";
import { projectsQueryKey } from "../../projects/api/get-projects";
import { companyFeedbackQueryKey } from "./get-company-feedback";
import { feedbackQueryKey } from "./get-feedback";

export const closeFeedbackRound = (projectId: string) =>
  apiRequest<CloseFeedbackRoundResult>("POST", `/api/projects/${projectId}/feedback/rounds/close`);

export function useCloseFeedbackRound(projectId: string, config: MutationConfig<() => Promise<CloseFeedbackRoundResult>> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: () => closeFeedbackRound(projectId),
    onSuccess: async (...args) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: feedbackQueryKey(projectId) }),
        queryClient.invalidateQueries({ queryKey: companyFeedbackQueryKey }),
        // iterationsUsed lives on the project (the dashboard's Iterations Used card, the admin's project list).
        queryClient.invalidateQueries({ queryKey: projectsQueryKey }),
      ]);
      return config.onSuccess?.(...args);
    },
  });
}
